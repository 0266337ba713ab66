import { describe, expect, it } from 'vitest';
import type { ElementAck, MapElement } from '@integration/contracts';
import {
  at,
  cbd01,
  del,
  field,
  get,
  planner,
  post,
  useElementsApp,
  viewer,
} from './elements.fixtures.ts';

useElementsApp();

/** Undo of a delete on the map: the same element comes back, with its history. */
describe('restoring deleted elements', () => {
  const base = '/networkelements/pole';
  const make = async (name: string, i: number) => {
    const created = await post(`${base}/create`, { clusterId: cbd01, name, coordinates: at(i) });
    expect(created.statusCode, created.body).toBe(200);
    return created.json<{ data: MapElement }>().data;
  };
  const ids = async () =>
    (await get(`${base}/cluster/${cbd01}`)).json<{ data: MapElement[] }>().data.map((e) => e.id);

  it('lets a planner of the cluster restore one, the same id, history delete then restore', async () => {
    const pole = await make('Restored pole', 40);
    expect((await del(`${base}/${pole.id}`)).statusCode).toBe(200);
    for (const token of [viewer, field]) {
      expect((await post(`${base}/${pole.id}/restore`, {}, token)).statusCode).toBe(403);
    }
    const restored = await post(`${base}/${pole.id}/restore`, {}, planner);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ data: MapElement }>().data).toMatchObject({
      id: pole.id,
      name: 'Restored pole',
      version: 3,
    });
    expect(await ids()).toContain(pole.id);
    const history = (await get(`${base}/${pole.id}/history`)).json<{
      data: { action: string }[];
    }>().data;
    expect(history.map((h) => h.action)).toEqual(['create', 'delete', 'restore']);
    // Not deleted (any more): nothing to restore.
    expect((await post(`${base}/${pole.id}/restore`, {}, planner)).statusCode).toBe(409);
  });

  it('restores several in one request, one answer per item, or none', async () => {
    const poles = await Promise.all([make('Batch A', 41), make('Batch B', 42)]);
    const live = await make('Still live', 43);
    const deleted = await post(`${base}/delete/multiple`, { data: poles.map((p) => p.id) });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const refused = await post(`${base}/restore/multiple`, {
      data: [...poles.map((p) => p.id), live.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ details: { index: number }[] }>().details).toEqual([
      expect.objectContaining({ index: 2, field: 'deleted' }),
    ]);
    expect(await ids()).not.toContain(poles[0]?.id);
    expect(
      (await post(`${base}/restore/multiple`, { data: poles.map((p) => p.id) }, viewer)).statusCode,
    ).toBe(403);

    const restored = await post(`${base}/restore/multiple`, { data: poles.map((p) => p.id) });
    expect(restored.statusCode, restored.body).toBe(200);
    const acks = restored.json<{ data: ElementAck[] }>().data;
    expect(acks.map((a) => [a.id, a.name, a.version])).toEqual(poles.map((p) => [p.id, p.name, 3]));
    expect(await ids()).toEqual(expect.arrayContaining(poles.map((p) => p.id)));
  });
});
