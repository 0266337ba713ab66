import { describe, expect, it } from 'vitest';
import {
  admin,
  cluster,
  DEFAULT_PATTERN,
  field,
  ids,
  planner,
  update,
  useClustersApp,
  viewer,
} from './clusters.fixtures.ts';

// Note: the tests share one database and run in order; the refusal of users to a planner
// expects CBD-02 to have left In-Progress in the first test.

useClustersApp();

describe('POST /api/clusters/cluster/update/:id', () => {
  it('lets a planner of the CO change the project phase', async () => {
    const response = await update(ids.cbd02, { projectPhase: 'Completed' }, planner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Cluster updated.',
      data: {
        projectPhase: 'Completed',
        namingConvention: { prefix: 'NBO', pattern: DEFAULT_PATTERN },
      },
    });
    expect((await cluster(ids.cbd02, field)).projectPhase).toBe('Completed');
    expect(
      (await update(ids.cbd02, { projectPhase: 'Cancelled' }, admin)).json().data.projectPhase,
    ).toBe('Cancelled');
  });

  it('refuses an unknown phase with 400 naming the allowed values', async () => {
    const response = await update(ids.cbd01, { projectPhase: 'Done' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      error: 'VALIDATION_ERROR',
      message: "'projectPhase' must be one of: In-Progress, Completed, Cancelled.",
    });
    expect((await cluster(ids.cbd01)).projectPhase).toBe('In-Progress');
  });

  it('refuses an empty change with 400', async () => {
    const response = await update(ids.cbd02, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
  });

  it('refuses users in the update to a planner, even of the cluster, changing nothing', async () => {
    const response = await update(
      ids.cbd02,
      { projectPhase: 'In-Progress', users: [ids.viewer] },
      planner,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    const after = await cluster(ids.cbd02);
    expect(after.users).toEqual([]);
    expect(after.projectPhase).not.toBe('In-Progress');
  });

  it.each([
    ['a planner of the project not assigned to its CO or to it', () => planner, () => ids.uph01],
    ['a field user assigned to it', () => field, () => ids.cbd01],
    ['a viewer of its project', () => viewer, () => ids.msa01],
  ])('refuses %s with 403', async (_who, token, id) => {
    const response = await update(id(), { projectPhase: 'Cancelled' }, token());
    expect(response.statusCode).toBe(403);
    expect((await cluster(id())).projectPhase).not.toBe('Cancelled');
  });

  it('answers 404 to an admin and 403 to others for a missing cluster', async () => {
    const missing = await update(999999, { projectPhase: 'Completed' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Cluster 999999 was not found.');
    expect((await update(999999, { projectPhase: 'Completed' }, planner)).statusCode).toBe(403);
  });
});
