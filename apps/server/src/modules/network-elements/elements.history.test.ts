import { describe, expect, it } from 'vitest';
import type { LatLng, MapElement } from '@integration/contracts';
import { admin, at, cbd01, del, get, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

describe('history', () => {
  interface State {
    name: string;
    version: number;
    deleted: boolean;
    geometry: { coordinates: number[] };
    attributes: Record<string, unknown>;
  }
  interface Entry {
    id: number;
    action: string;
    at: string;
    user: { id: number; name: string } | null;
    before: State | null;
    after: State;
  }

  // History geometries are GeoJSON with PostGIS's 9 decimals.
  const position = (p: LatLng) => [p.lng, p.lat].map((n) => Math.round(n * 1e9) / 1e9);

  it('answers every version with who, when, before and after, and restores from it', async () => {
    const created = (
      await post('/networkelements/pole/create', {
        clusterId: cbd01,
        name: 'History pole',
        coordinates: at(40),
        attributes: { Height: 9 },
      })
    ).json<{ data: MapElement }>().data;
    const base = `/networkelements/pole/${created.id}`;
    expect(
      (await post(base, { coordinates: at(41), attributes: { Height: 11 }, version: 1 }, admin))
        .statusCode,
    ).toBe(200);
    const renamed = await post('/networkelements/pole/edit/multiple', {
      data: [{ id: created.id, name: 'History pole B', version: 2 }],
    });
    expect(renamed.json().data[0]).toMatchObject({ name: 'History pole B', version: 3 });
    expect((await del(base)).statusCode).toBe(200);
    expect((await post(`${base}/restore`, {}, admin)).statusCode).toBe(200);

    const history = (await get(`${base}/history`)).json<{ data: Entry[] }>().data;
    expect(history.map((h) => [h.action, h.user?.name, h.after.version])).toEqual([
      ['create', 'Grace Wanjiku', 1],
      ['update', 'Administrator', 2],
      ['update', 'Grace Wanjiku', 3],
      ['delete', 'Grace Wanjiku', 4],
      ['restore', 'Administrator', 5],
    ]);
    expect(history[0]?.before).toBeNull();
    for (let i = 1; i < history.length; i++)
      expect(history[i]?.before).toEqual(history[i - 1]?.after);
    expect(history[0]?.after).toMatchObject({
      name: 'History pole',
      deleted: false,
      attributes: { Height: 9 },
      geometry: { coordinates: position(at(40)) },
    });
    expect(history[1]?.after).toMatchObject({
      name: 'History pole',
      attributes: { Height: 11 },
      geometry: { coordinates: position(at(41)) },
    });
    expect(history[2]?.after.name).toBe('History pole B');
    expect(history[3]?.after.deleted).toBe(true);
    expect(history[4]?.after).toMatchObject({ name: 'History pole B', deleted: false });
    expect(history.every((h) => /^\d{4}-\d\d-\d\dT.+Z$/.test(h.at))).toBe(true);
    expect(new Set(history.map((h) => h.id)).size).toBe(history.length);
  });

  it('takes an element given twice in one edit as one change, the later item winning', async () => {
    const [ack] = (
      await post('/networkelements/pole/create/multiple', {
        data: [{ clusterId: cbd01, coordinates: at(42), attributes: { Height: 9 } }],
      })
    ).json<{ data: { id: number }[] }>().data;
    const id = ack?.id ?? 0;
    const edited = await post('/networkelements/pole/edit/multiple', {
      data: [
        { id, name: 'Twice A', attributes: { Height: 10 } },
        { id, name: 'Twice B', coordinates: at(43) },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toEqual([
      expect.objectContaining({ id, name: 'Twice B', version: 2 }),
      expect.objectContaining({ id, name: 'Twice B', version: 2 }),
    ]);
    const history = (await get(`/networkelements/pole/${id}/history`)).json<{ data: Entry[] }>()
      .data;
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(history[1]?.after).toMatchObject({
      name: 'Twice B',
      attributes: { Height: 10 },
      geometry: { coordinates: position(at(43)) },
    });
  });
});
