import { describe, expect, it } from 'vitest';
import type { MapElement } from '@integration/contracts';
import {
  admin,
  at,
  cbd01,
  del,
  field,
  get,
  planner,
  post,
  uph01,
  useElementsApp,
  viewer,
} from './elements.fixtures.ts';

// Issue 14, finding 4: writes naming elements that are not live elements of the route's type
// (deleted meanwhile, of another type, never made) answered 500 when none was (`IN ()`), even
// to a viewer. Now: 403 first for whoever may not write, then 404 for one element and, for a
// batch, 400 naming each such id; nothing is written.

useElementsApp();

const base = '/networkelements/pole';

async function newPoles(count: number, clusterId = cbd01, token = planner): Promise<MapElement[]> {
  const created = await post(
    `${base}/create/multiple`,
    { data: Array.from({ length: count }, (_, i) => ({ clusterId, coordinates: at(i) })) },
    token,
  );
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ data: MapElement[] }>().data;
}

interface Refusal {
  error: string;
  message: string;
  details?: { index: number; field: string; message: string }[];
}

/** A deleted pole, a live manhole and an id nobody made. */
async function deadIds(): Promise<number[]> {
  const [pole] = await newPoles(1);
  expect((await del(`${base}/${pole?.id}`)).statusCode).toBe(200);
  const manhole = await post('/networkelements/manhole/create', {
    clusterId: cbd01,
    coordinates: at(5),
  });
  expect(manhole.statusCode, manhole.body).toBe(200);
  return [pole?.id ?? 0, manhole.json<{ data: MapElement }>().data.id, 2_000_000_000];
}

const health = async () => {
  const started = performance.now();
  const answer = await get('/health');
  return { status: answer.statusCode, fast: performance.now() - started < 1_000 };
};

describe('edits and deletes of elements that are gone', () => {
  it('refuses anyone who may not write with 403 before looking at the ids', async () => {
    const ids = await deadIds();
    for (const token of [viewer, field]) {
      const edits = await post(
        `${base}/edit/multiple`,
        { data: ids.map((id) => ({ id, name: 'Gone' })) },
        token,
      );
      expect(edits.statusCode, edits.body).toBe(403);
      expect(edits.json<Refusal>().error).toBe('FORBIDDEN');
      expect(edits.body).not.toContain('2000000000');
      expect((await post(`${base}/delete/multiple`, { data: ids }, token)).statusCode).toBe(403);
      expect((await post(`${base}/${ids[0]}`, { name: 'Gone' }, token)).statusCode).toBe(403);
      expect((await del(`${base}/${ids[0]}`, token)).statusCode).toBe(403);
    }
  });

  it('names each id of a batch, to a planner and an admin, in their language', async () => {
    const ids = await deadIds();
    for (const token of [planner, admin]) {
      const answer = await post(
        `${base}/edit/multiple?locale=fr`,
        { data: ids.map((id) => ({ id, name: 'Gone' })) },
        token,
      );
      expect(answer.statusCode, answer.body).toBe(400);
      const body = answer.json<Refusal>();
      expect(body.details?.map((d) => [d.index, d.field])).toEqual([
        [0, 'id'],
        [1, 'id'],
        [2, 'id'],
      ]);
      for (const id of ids) expect(body.message).toContain(String(id));
      expect(body.details?.[0]?.message).toMatch(/Pole/);
      const deletes = await post(`${base}/delete/multiple`, { data: ids }, token);
      expect(deletes.statusCode, deletes.body).toBe(400);
      expect(deletes.json<Refusal>().details?.map((d) => d.index)).toEqual([0, 1, 2]);
    }
    expect(await health()).toEqual({ status: 200, fast: true });
  });

  it('writes nothing of a batch mixing live and gone elements, and names only the gone', async () => {
    const [live, gone] = await newPoles(2);
    await del(`${base}/${gone?.id}`);
    const edits = await post(`${base}/edit/multiple`, {
      data: [
        { id: live?.id, name: 'Renamed', version: live?.version },
        { id: gone?.id, name: 'Gone' },
      ],
    });
    expect(edits.statusCode, edits.body).toBe(400);
    expect(edits.json<Refusal>().details).toEqual([
      expect.objectContaining({ index: 1, field: 'id' }),
    ]);
    const deletes = await post(`${base}/delete/multiple`, { data: [live?.id, gone?.id] });
    expect(deletes.statusCode, deletes.body).toBe(400);
    // Still there, at the version it had: an edit that says so is taken.
    const still = await post(`${base}/${live?.id}`, { name: 'Renamed', version: live?.version });
    expect(still.statusCode, still.body).toBe(200);
  });

  it('refuses a planner a live element outside their clusters before naming the gone ones', async () => {
    const [theirs] = await newPoles(1, uph01, admin);
    const [gone] = await newPoles(1);
    await del(`${base}/${gone?.id}`);
    const answer = await post(`${base}/edit/multiple`, {
      data: [
        { id: theirs?.id, name: 'Not mine' },
        { id: gone?.id, name: 'Gone' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(403);
  });

  it('answers 404 for one edit or delete of a deleted element', async () => {
    const [pole] = await newPoles(1);
    await del(`${base}/${pole?.id}`);
    for (const answer of [
      await post(`${base}/${pole?.id}`, { name: 'Gone' }),
      await del(`${base}/${pole?.id}`),
    ]) {
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json<Refusal>().message).toMatch(new RegExp(`Pole ${pole?.id}`));
    }
  });

  it('answers each edit racing a delete 200 or a 4xx naming the id, never 500', async () => {
    const poles = await newPoles(20);
    const answers = await Promise.all([
      post(`${base}/delete/multiple`, { data: poles.map((p) => p.id) }),
      ...poles.map((p) =>
        post(`${base}/edit/multiple`, { data: [{ id: p.id, name: `${p.name}-x` }, { id: p.id }] }),
      ),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      if (answer.statusCode === 400) {
        expect(answer.json<Refusal>().details?.every((d) => d.field === 'id')).toBe(true);
      }
    }
  });
});
