import { describe, expect, it } from 'vitest';
import type { Cluster, Project } from '@integration/contracts';
import {
  admin,
  cluster,
  del,
  field,
  freshCluster,
  get,
  ids,
  list,
  names,
  planner,
  removeUser,
  update,
  useClustersApp,
  viewer,
} from './clusters.fixtures.ts';

useClustersApp();

describe('POST /api/clusters/cluster/update/:id', () => {
  it('lets an admin add users; those already present change nothing', async () => {
    const target = await freshCluster('ADD-01');
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(403);
    const response = await update(target.id, { users: [ids.viewer, ids.field] });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ data: Cluster }>()
        .data.users.map((u) => u.id)
        .sort(),
    ).toEqual([ids.field, ids.viewer].sort());
    // Assigned to a cluster, the viewer now sees its project.
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(200);

    const again = await update(target.id, { users: [ids.viewer] });
    expect(again.statusCode).toBe(200);
    expect((await cluster(target.id)).users.map((u) => u.id).sort()).toEqual(
      [ids.field, ids.viewer].sort(),
    );
  });

  it('refuses unknown users with 400 naming them, and changes nothing', async () => {
    const target = await freshCluster('ADD-02');
    const response = await update(target.id, {
      projectPhase: 'Completed',
      users: [ids.field, 424242],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'These users do not exist or are not on this platform: 424242.',
    );
    const after = await cluster(target.id);
    expect(after.users).toEqual([]);
    expect(after.projectPhase).toBe('In-Progress');
  });
});

describe('DELETE /api/clusters/cluster/:id/removeUser/:userId', () => {
  it('removes a member, who then no longer sees the project', async () => {
    expect((await get(`/api/projects/${ids.nairobiCbd}`, field)).statusCode).toBe(200);
    // The field user is also on ADD-01 since an earlier test; take them off there too.
    for (const c of await list(`/api/clusters/${ids.nairobiCbd}`, admin)) {
      if (c.id !== ids.cbd01 && c.users.some((u) => u.id === ids.field)) {
        expect((await removeUser(c.id, ids.field)).statusCode).toBe(200);
      }
    }
    const response = await removeUser(ids.cbd01, ids.field);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'User removed from the cluster.',
      data: { id: ids.cbd01, users: [] },
    });
    expect((await get(`/api/projects/${ids.nairobiCbd}`, field)).statusCode).toBe(403);
    const projects = (await get('/api/projects/platforms', field)).json<{ data: Project[] }>().data;
    expect(names(projects)).toEqual(['Nyali']);
  });

  it('answers 404 for a user who is not a member', async () => {
    const response = await removeUser(ids.cbd02, ids.planner);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: `User ${ids.planner} is not assigned to this cluster.`,
    });
  });

  it('answers an admin 404 for a missing cluster; 403 to a planner; 400 for malformed ids', async () => {
    const missing = await removeUser(999999, ids.field);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cluster 999999 was not found.');
    const refused = await removeUser(ids.wst01, ids.planner, planner);
    expect(refused.statusCode).toBe(403);
    expect((await cluster(ids.wst01)).users.map((u) => u.id)).toEqual([ids.planner]);
    const malformed = await del(`/api/clusters/cluster/${ids.wst01}/removeUser/0`, admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'userId'");
  });
});
