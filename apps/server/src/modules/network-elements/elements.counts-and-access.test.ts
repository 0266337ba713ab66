import { describe, expect, it } from 'vitest';
import {
  admin,
  at,
  cbd01,
  field,
  get,
  nairobiCbd,
  planner,
  post,
  uph01,
  useElementsApp,
  viewer,
} from './elements.fixtures.ts';

useElementsApp();

describe('counts and access', () => {
  it('reflects elements per type in _count of the cluster and the project', async () => {
    const before = (await get(`/clusters/cluster/${cbd01}`)).json().data._count.Manhole as number;
    await post('/networkelements/manhole/create/multiple', {
      data: [0, 1].map((i) => ({ clusterId: cbd01, coordinates: at(10 + i) })),
    });
    expect((await get(`/clusters/cluster/${cbd01}`)).json().data._count.Manhole).toBe(before + 2);
    expect(
      (await get(`/projects/${nairobiCbd}`)).json().data._count.Manhole,
    ).toBeGreaterThanOrEqual(before + 2);
  });

  it('lets only editors of the cluster write, and readers of the project read', async () => {
    const body = { clusterId: cbd01, coordinates: at(20) };
    expect((await post('/networkelements/pole/create', body, field)).statusCode).toBe(403);
    expect((await post('/networkelements/pole/create', body, viewer)).statusCode).toBe(403);
    expect(
      (await post('/networkelements/pole/create', { ...body, clusterId: uph01 }, planner))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('/networkelements/pole/create', { ...body, clusterId: uph01 }, admin)).statusCode,
    ).toBe(200);
    expect((await get(`/networkelements/pole/cluster/${cbd01}`, field)).statusCode).toBe(200);
    expect((await get(`/networkelements/pole/cluster/${cbd01}`, viewer)).statusCode).toBe(403);
    expect(
      (await post('/networkelements/pole/create', { ...body, clusterId: 999999 }, admin))
        .statusCode,
    ).toBe(404);
  });
});
