import { describe, expect, it } from 'vitest';
import type { MapElement } from '@integration/contracts';
import { at, cbd01, get, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

describe('concurrency', () => {
  it('refuses a stale version with 409 and the current element', async () => {
    const pole = (
      await post('/networkelements/pole/create', { clusterId: cbd01, coordinates: at(3) })
    ).json<{ data: MapElement }>().data;
    expect(
      (await post(`/networkelements/pole/${pole.id}`, { name: 'First edit', version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await post('/networkelements/pole/edit/multiple', {
      data: [{ id: pole.id, name: 'Second edit', version: 1 }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.current[0]).toMatchObject({
      id: pole.id,
      name: 'First edit',
      version: 2,
    });
    const fresh = (await get(`/networkelements/pole/cluster/${cbd01}`)).json<{
      data: MapElement[];
    }>().data;
    expect(fresh.find((e) => e.id === pole.id)?.name).toBe('First edit');
  });
});
