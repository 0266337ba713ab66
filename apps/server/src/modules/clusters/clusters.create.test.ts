import { describe, expect, it } from 'vitest';
import type { CentralOffice, Cluster } from '@integration/contracts';
import {
  admin,
  create,
  DEFAULT_PATTERN,
  freshCluster,
  get,
  ids,
  list,
  names,
  planner,
  useClustersApp,
  ZERO_COUNTS,
} from './clusters.fixtures.ts';

useClustersApp();

describe('POST /api/clusters/cluster/create', () => {
  it('creates an empty cluster in the CO and says so', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: '  CBD-03 ' });
    expect(response.statusCode).toBe(200);
    const json = response.json<{ status: boolean; data: Cluster; message: string }>();
    expect(json).toMatchObject({
      status: true,
      message: "Cluster 'CBD-03' created.",
      data: {
        name: 'CBD-03',
        projectId: ids.nairobiCbd,
        centralOfficeId: ids.nairobiCentral,
        centralOffice: { id: ids.nairobiCentral, name: 'CO Nairobi Central' },
        projectPhase: 'In-Progress',
        namingConvention: { prefix: '', pattern: DEFAULT_PATTERN },
        users: [],
        _count: ZERO_COUNTS,
        usersOnline: [],
      },
    });
    expect(names(await list(`/api/clusters/co/${ids.nairobiCentral}`, planner))).toEqual([
      'CBD-01',
      'CBD-02',
      'CBD-03',
    ]);
    const offices = (await get(`/api/centraloffices/project/${ids.nairobiCbd}`, admin)).json<{
      data: CentralOffice[];
    }>().data;
    expect(offices.find((o) => o.id === ids.nairobiCentral)?._count.clusters).toBe(3);
  });

  it('refuses a name already used in the CO, whatever its case, with 409', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: 'cbd-01' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 409,
      error: 'CONFLICT',
      message: "A cluster named 'cbd-01' already exists in this central office.",
    });
    // Another CO may use it.
    expect((await freshCluster('CBD-01', ids.upperHill)).centralOfficeId).toBe(ids.upperHill);
  });

  it('answers an admin 404 for an unknown CO', async () => {
    const response = await create({ centralOfficeId: 999999, name: 'X-01' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'Central office 999999 was not found.',
    });
  });

  it.each([
    [
      'a blank name',
      () => ({ centralOfficeId: ids.nairobiCentral, name: ' \t ' }),
      "'name' is required.",
    ],
    ['no CO', () => ({ name: 'X-02' }), "'centralOfficeId' is required."],
    ['a malformed CO', () => ({ centralOfficeId: 'one', name: 'X-02' }), "'centralOfficeId'"],
  ])('refuses %s with 400 naming the field', async (_label, payload, message) => {
    const response = await create(payload());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it('is for admins only', async () => {
    const response = await create({ centralOfficeId: ids.nairobiCentral, name: 'CBD-99' }, planner);
    expect(response.statusCode).toBe(403);
    expect(names(await list(`/api/clusters/co/${ids.nairobiCentral}`, admin))).not.toContain(
      'CBD-99',
    );
  });
});
