import { describe, expect, it } from 'vitest';
import type { MapElement } from '@integration/contracts';
import {
  admin,
  at,
  cbd01,
  del,
  get,
  planner,
  post,
  useElementsApp,
  viewer,
} from './elements.fixtures.ts';

useElementsApp();

const base = '/networkelements/pole';

async function newPoles(count: number): Promise<MapElement[]> {
  const created = await post(`${base}/create/multiple`, {
    data: Array.from({ length: count }, (_, i) => ({ clusterId: cbd01, coordinates: at(i) })),
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ data: MapElement[] }>().data;
}

const health = async () => {
  const started = performance.now();
  const answer = await get('/health');
  return { status: answer.statusCode, fast: performance.now() - started < 1_000 };
};

describe('edits of elements that are gone (finding 4)', () => {
  it('a batch of only deleted, unknown or other-type ids names each one, for a viewer too', async () => {
    const [a, b] = await newPoles(2);
    expect((await del(`${base}/${a?.id}`)).statusCode).toBe(200);
    const manhole = await post('/networkelements/manhole/create', {
      clusterId: cbd01,
      coordinates: at(5),
    });
    expect(manhole.statusCode, manhole.body).toBe(200);
    const otherType = manhole.json<{ data: MapElement }>().data.id;
    for (const token of [planner, viewer]) {
      const answer = await post(
        `${base}/edit/multiple`,
        {
          data: [
            { id: a?.id, name: 'Gone' },
            { id: otherType, name: 'Manhole' },
            { id: 2_000_000_000, name: 'Never' },
          ],
        },
        token,
      );
      expect(answer.statusCode, answer.body).toBe(400);
      const body = answer.json<{ message: string; details: { index: number; field: string }[] }>();
      expect(body.details.map((d) => [d.index, d.field])).toEqual([
        [0, 'id'],
        [1, 'id'],
        [2, 'id'],
      ]);
      expect(body.message).toContain(String(a?.id));
      expect(body.message).toContain('2000000000');
    }
    // A live one among them: nothing is written, and it stays as it was.
    const mixed = await post(`${base}/edit/multiple`, {
      data: [
        { id: b?.id, name: 'Renamed' },
        { id: a?.id, name: 'Gone' },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    // Still at the version it had: an edit that says so is taken.
    const still = await post(`${base}/${b?.id}`, { name: 'Renamed', version: b?.version });
    expect(still.statusCode, still.body).toBe(200);
    expect(await health()).toEqual({ status: 200, fast: true });
  });

  it('one edit of a deleted element answers 404', async () => {
    const [a] = await newPoles(1);
    await del(`${base}/${a?.id}`);
    const answer = await post(`${base}/${a?.id}`, { name: 'Gone' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json<{ message: string }>().message).toMatch(/not found|does not exist/i);
  });

  it('a delete and an edit racing: every edit answers 200 or a 4xx, never 500', async () => {
    const poles = await newPoles(20);
    const answers = await Promise.all([
      post(`${base}/delete/multiple`, { data: poles.map((p) => p.id) }),
      ...poles.map((p) =>
        post(`${base}/edit/multiple`, { data: [{ id: p.id, name: `${p.name}-x` }, { id: p.id }] }),
      ),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
  });
});

describe('text PostgreSQL cannot store (finding 5)', () => {
  const hostile = ['NUL \u0000 inside', 'lone \ud800 surrogate', 'lone \udc00 low'];

  it.each([
    ['name', (v: string) => ({ clusterId: cbd01, coordinates: at(1), name: v })],
    ['clientKey', (v: string) => ({ clusterId: cbd01, coordinates: at(1), clientKey: v })],
    [
      'attributes',
      (v: string) => ({ clusterId: cbd01, coordinates: at(1), attributes: { Owner: v } }),
    ],
    [
      'attribute names',
      (v: string) => ({ clusterId: cbd01, coordinates: at(1), attributes: { [v]: 1 } }),
    ],
  ])('in an element’s %s: 400 naming the field, nothing written', async (_, body) => {
    for (const value of hostile) {
      for (const [url, payload] of [
        [`${base}/create`, body(value)],
        [`${base}/create/multiple`, { data: [body(value)] }],
      ] as const) {
        const answer = await post(url, payload, planner, '?locale=fr');
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json<{ message: string }>().message).toMatch(/impossible à enregistrer/);
      }
    }
  });

  it('in an edit, a central office and a cluster name', async () => {
    const [a] = await newPoles(1);
    const edits = [
      [`${base}/${a?.id}`, { name: 'x\u0000' }],
      [`${base}/edit/multiple`, { data: [{ id: a?.id, name: 'x\ud800' }] }],
      ['/centraloffices/centraloffice/create', { projectId: 1, name: 'CO \u0000' }],
      ['/clusters/cluster/create', { centralOfficeId: 1, name: 'CL \udfff' }],
    ] as const;
    for (const [url, payload] of edits) {
      const answer = await post(url, payload, admin);
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(400);
      expect(answer.json<{ message: string }>().message).toMatch(/cannot be stored/);
    }
    // Emoji are whole surrogate pairs: stored as they are.
    const emoji = await post(`${base}/${a?.id}`, { name: 'Pole 📡' });
    expect(emoji.json<{ data: MapElement }>().data.name).toBe('Pole 📡');
  });
});

describe('ids are integers in bodies, plain digits in paths (finding 14)', () => {
  it.each([
    ['"1"', '1'],
    ['" 1 "', ' 1 '],
    ['true', true],
    ['"0x1"', '0x1'],
    ['1.5', 1.5],
    ['2^31', 2 ** 31],
  ])('a body id of %s is refused', async (_, clusterId) => {
    const answer = await post(`${base}/create`, { clusterId, coordinates: at(1) });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/clusterId/);
  });

  it.each(['%201%20', '0x1', '1e3', '01', '2147483648', '-1'])(
    'a path id of %s is refused',
    async (id) => {
      const answer = await get(`${base}/${id}/history`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect((await get(`/users/${id}`, admin)).statusCode).toBe(400);
    },
  );
});

describe('edits without a version (finding 18)', () => {
  it('are saved with a Warning header, and the OpenAPI document says why', async () => {
    const [a, b] = await newPoles(2);
    const single = await post(`${base}/${a?.id}`, { name: 'No version' });
    expect(single.statusCode).toBe(200);
    expect(single.headers.warning).toMatch(/^299 - "version missing on 1 of 1 item/);
    const batch = await post(`${base}/edit/multiple`, {
      data: [
        { id: a?.id, name: 'A', version: 2 },
        { id: b?.id, name: 'B' },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.headers.warning).toMatch(/version missing on 1 of 2 item/);
    const versioned = await post(`${base}/${b?.id}`, { name: 'B2', version: 2 });
    expect(versioned.headers.warning).toBeUndefined();
    const docs = (await get('/docs/json')).json<Record<string, unknown>>();
    expect(JSON.stringify(docs)).toContain('an edit of an older version is refused with 409');
  });
});
