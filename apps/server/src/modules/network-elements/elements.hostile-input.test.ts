import { describe, expect, it } from 'vitest';
import type { MapElement } from '@integration/contracts';
import { admin, at, cbd01, get, planner, post, useElementsApp } from './elements.fixtures.ts';

useElementsApp();

const base = '/networkelements/pole';

async function newPoles(count: number): Promise<MapElement[]> {
  const created = await post(`${base}/create/multiple`, {
    data: Array.from({ length: count }, (_, i) => ({ clusterId: cbd01, coordinates: at(i) })),
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ data: MapElement[] }>().data;
}

/** Live poles of CBD-01. */
const liveCount = async () =>
  (await get(`${base}/cluster/${cbd01}`)).json<{ data: unknown[] }>().data.length;

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
    const before = await liveCount();
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
    expect(await liveCount()).toBe(before);
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
    // In every id of the batch routes too, the fast check's included.
    const [pole] = await newPoles(1);
    const batches = [
      [
        `${base}/create/multiple`,
        { data: [{ clusterId, coordinates: at(1) }] },
        /data\.0\.clusterId/,
      ],
      [`${base}/edit/multiple`, { data: [{ id: clusterId }] }, /data\.0\.id/],
      [`${base}/edit/multiple`, { data: [{ id: pole?.id, version: clusterId }] }, /version/],
      [
        `${base}/edit/multiple`,
        { data: [{ id: pole?.id, updatedById: clusterId }] },
        /updatedById/,
      ],
      [`${base}/delete/multiple`, { data: [clusterId] }, /data\.0/],
    ] as const;
    for (const [url, payload, field] of batches) {
      const refused = await post(url, payload);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(field);
    }
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
