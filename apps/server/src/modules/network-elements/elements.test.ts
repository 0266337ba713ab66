import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ELEMENT_TYPES,
  type ElementType,
  type LatLng,
  type MapElement,
} from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let planner: string;
let field: string;
let viewer: string;
let cbd01: number;
let uph01: number;
let nairobiCbd: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, planner, field, viewer] = await Promise.all([
    t.login('admin@example.com', 'admin1234'),
    t.login('planner@example.com', 'planner1234'),
    t.login('field@example.com', 'field1234'),
    t.login('viewer@example.com', 'viewer1234'),
  ]);
  const ids = await t.db.rows<{ name: string; id: number; projectId: number }>(sql`
    SELECT c.name, c.id, co.project_id AS "projectId" FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id WHERE c.name IN ('CBD-01', 'UPH-01')`);
  cbd01 = ids.find((r) => r.name === 'CBD-01')?.id ?? 0;
  uph01 = ids.find((r) => r.name === 'UPH-01')?.id ?? 0;
  nairobiCbd = ids.find((r) => r.name === 'CBD-01')?.projectId ?? 0;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token = planner, query = '') =>
  t.app.inject({ method: 'POST', url: `/api${url}${query}`, payload, headers: bearer(token) });
const get = (url: string, token = planner) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(token) });
const del = (url: string, token = planner) =>
  t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(token) });

const at = (i: number): LatLng => ({ lat: -1.2833 + i * 0.0005, lng: 36.8172 + i * 0.0005 });
const coordinatesFor = (type: ElementType, i = 0): LatLng | LatLng[] =>
  type.geometry === 'point'
    ? at(i)
    : type.geometry === 'line'
      ? [at(i), at(i + 1), at(i + 2)]
      : [at(i), at(i + 1), { lat: at(i).lat, lng: at(i + 2).lng }];
const attr = (element: MapElement, name: string) =>
  element.attributes.find((a) => a.name === name)?.value;

describe.each(ELEMENT_TYPES.map((type) => [type.displayName, type] as const))('%s', (_, type) => {
  const base = `/networkelements/${type.segment}`;

  it('creates, reads, updates, deletes and restores one element, with its history', async () => {
    const created = await post(`${base}/create`, {
      clusterId: cbd01,
      coordinates: coordinatesFor(type),
    });
    expect(created.statusCode, created.body).toBe(200);
    const element = created.json<{ data: MapElement }>().data;
    expect(element).toMatchObject({
      clusterId: cbd01,
      version: 1,
      networkElementId: type.id,
      networkElement: { type: type.internalName },
    });
    // Named by the cluster's convention: prefix NBO, pattern {prefix}-{type}-{seq:4}.
    expect(element.name).toMatch(new RegExp(`^NBO-${type.code}-\\d{4}$`));
    expect(attr(element, 'Name')).toBe(element.name);
    expect(attr(element, 'Coordinates')).toMatch(/^-1\.\d+, 36\.\d+$/);
    expect(attr(element, 'Creation Date')).toBe(element.createdAt);
    if (type.geometry === 'point') {
      expect(element.coordinates).toEqual(at(0));
      expect(element.geometry).toEqual({
        url: `/api/icons/${type.segment}.svg?width=30`,
        iconSize: 30,
      });
    } else {
      expect(element.coordinates).toEqual(coordinatesFor(type));
    }
    if (type.geometry === 'polygon') expect(element.zone?.color).toMatch(/^#/);

    const listed = (await get(`${base}/cluster/${cbd01}`)).json<{ data: MapElement[] }>().data;
    expect(listed.map((e) => e.id)).toContain(element.id);

    const updated = await post(`${base}/${element.id}`, {
      name: `Renamed ${type.code}`,
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: `Renamed ${type.code}`, version: 2 });
    expect(attr(updated.json().data, 'Name')).toBe(`Renamed ${type.code}`);

    expect((await del(`${base}/${element.id}`)).statusCode).toBe(200);
    const after = (await get(`${base}/cluster/${cbd01}`)).json<{ data: MapElement[] }>().data;
    expect(after.map((e) => e.id)).not.toContain(element.id);

    expect((await post(`${base}/${element.id}/restore`, {}, planner)).statusCode).toBe(403);
    const restored = await post(`${base}/${element.id}/restore`, {}, admin);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ id: element.id, name: `Renamed ${type.code}` });

    const history = (await get(`${base}/${element.id}/history`)).json<{
      data: { action: string; user: { name: string } }[];
    }>().data;
    expect(history.map((h) => h.action)).toEqual(['create', 'update', 'delete', 'restore']);
    expect(history[0]?.user.name).toBe('Grace Wanjiku');
  });

  it('creates several in request order, or none when one is invalid', async () => {
    const ok = await post(`${base}/create/multiple`, {
      data: [0, 1, 2].map((i) => ({
        clusterId: cbd01,
        name: `${type.code} batch ${i}`,
        coordinates: coordinatesFor(type, i),
      })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<{ data: MapElement[] }>().data.map((e) => e.name)).toEqual(
      [0, 1, 2].map((i) => `${type.code} batch ${i}`),
    );

    const before = (await get(`${base}/cluster/${cbd01}`)).json<{ data: unknown[] }>().data.length;
    const wrongShape = type.geometry === 'point' ? [at(0), at(1)] : at(0);
    const bad = await post(`${base}/create/multiple`, {
      data: [
        { clusterId: cbd01, coordinates: coordinatesFor(type, 5) },
        { clusterId: cbd01, coordinates: wrongShape },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(
      /^1 item\(s\) are invalid, nothing was saved\. Item 1: 'coordinates' must be/,
    );
    expect(bad.json().details).toEqual([
      expect.objectContaining({ index: 1, field: 'coordinates' }),
    ]);
    const after = (await get(`${base}/cluster/${cbd01}`)).json<{ data: unknown[] }>().data.length;
    expect(after).toBe(before);
  });
});

describe.each(ELEMENT_TYPES.map((type) => [type.displayName, type] as const))(
  '%s (batches and templates)',
  (_, type) => {
    const base = `/networkelements/${type.segment}`;

    it('edits and deletes several in one request, answering one ack per item in order', async () => {
      const created = await post(`${base}/create/multiple`, {
        data: [30, 31].map((i) => ({ clusterId: cbd01, coordinates: coordinatesFor(type, i) })),
      });
      const acks = created.json<{ data: { id: number; version: number }[] }>().data;
      const edited = await post(`${base}/edit/multiple`, {
        data: [...acks]
          .reverse()
          .map((a, i) => ({ id: a.id, name: `${type.code} edited ${i}`, version: a.version })),
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json().data).toEqual([
        expect.objectContaining({ id: acks[1]?.id, name: `${type.code} edited 0`, version: 2 }),
        expect.objectContaining({ id: acks[0]?.id, name: `${type.code} edited 1`, version: 2 }),
      ]);
      const removed = await post(`${base}/delete/multiple`, { data: acks.map((a) => a.id) });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({
        data: acks.map((a) => a.id),
        message: '2 element(s) deleted.',
      });
      const listed = (await get(`${base}/cluster/${cbd01}`))
        .json<{ data: MapElement[] }>()
        .data.map((e) => e.id);
      expect(listed).not.toContain(acks[0]?.id);
      const again = await post(`${base}/delete/multiple`, { data: acks.map((a) => a.id) });
      expect(again.statusCode).toBe(400);
      expect(again.json().details).toHaveLength(2);
    });

    it('serves its templates for a project and across projects', async () => {
      const ofProject = await get(`${base}/templates/project/${nairobiCbd}`);
      expect(ofProject.json().data).toEqual([
        expect.objectContaining({
          type: type.internalName,
          networkElementId: type.id,
          isDefault: true,
        }),
      ]);
      const ofType = (await get(`${base}/templates`)).json().data.data as { type: string }[];
      expect(ofType.every((template) => template.type === type.internalName)).toBe(true);
      expect((await get(`${base}/templates/project/${nairobiCbd}`, viewer)).statusCode).toBe(403);
    });
  },
);

describe('validation', () => {
  it('refuses latitudes and longitudes out of range, naming the item and field', async () => {
    const response = await post('/networkelements/pole/create/multiple', {
      data: [
        { clusterId: cbd01, coordinates: at(0) },
        { clusterId: cbd01, coordinates: { lat: 91, lng: 36.8 } },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("'data.1.coordinates");
  });

  it('refuses a line without two distinct points', async () => {
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [at(0), at(0)],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('A cable needs at least two distinct points.');
  });

  it('refuses a self-intersecting zone, saying where', async () => {
    const bowtie = [
      { lat: -1.28, lng: 36.81 },
      { lat: -1.29, lng: 36.82 },
      { lat: -1.28, lng: 36.82 },
      { lat: -1.29, lng: 36.81 },
    ];
    const response = await post('/networkelements/zone/create', {
      clusterId: cbd01,
      coordinates: bowtie,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /The zone outline is not valid: Self-intersection near -1\.285, 36\.815\./,
    );
  });

  it('checks attribute values against the template', async () => {
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [at(0), at(1)],
      attributes: [
        { name: 'Capacity', value: '1000' },
        { name: 'Colour', value: 'red' },
      ],
    });
    expect(response.statusCode).toBe(400);
    const message = response.json().message as string;
    expect(message).toContain("'Capacity' must be one of: 12, 24, 48, 96, 144.");
    expect(message).toContain("'Colour' is not an attribute of this template.");
  });

  it('answers in French when asked', async () => {
    const response = await post(
      '/networkelements/cable/create',
      { clusterId: cbd01, coordinates: [at(0), at(0)] },
      planner,
      '?locale=fr',
    );
    expect(response.json().message).toContain(
      'Un câble doit avoir au moins deux points distincts.',
    );
  });
});

describe('cables', () => {
  it('measure their geodesic length on the server, and are coloured by capacity', async () => {
    // 0.001° of longitude on the equator is 111.32 m on the WGS84 ellipsoid.
    const response = await post('/networkelements/cable/create', {
      clusterId: cbd01,
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0.001 },
      ],
      attributes: { Capacity: '48', Type: 'Feeder', Length: 5 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const cable = response.json<{ data: MapElement }>().data;
    expect(Number(attr(cable, 'Length'))).toBeCloseTo(111.32, 1);
    expect(attr(cable, 'Capacity')).toBe('"48"');
    expect(cable.geometry).toMatchObject({ color: '#6366f1' });

    const moved = await post(`/networkelements/cable/${cable.id}`, {
      coordinates: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 0.002 },
      ],
    });
    expect(Number(attr(moved.json().data, 'Length'))).toBeCloseTo(222.64, 1);
  });
});

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

describe('types and templates', () => {
  it('lists the ten types under data.data', async () => {
    const types = (await get('/networkelements/types')).json().data.data as {
      name: string;
      segment: string;
    }[];
    expect(types.map((x) => x.segment)).toEqual(ELEMENT_TYPES.map((x) => x.segment));
  });

  it('gives every project a default template per type with the attributes of SPEC §3', async () => {
    const templates = (await get(`/networkelements/pbofat/templates/project/${nairobiCbd}`)).json()
      .data as {
      attributes: { name: string }[];
      isDefault: boolean;
    }[];
    expect(templates).toHaveLength(1);
    expect(templates[0]?.attributes.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'Name',
        'Coordinates',
        'Capacity',
        'Type',
        'FAT Existing Users ID',
        'Creation Date',
        'Last Modification Date',
      ]),
    );
    const all = (await get('/networkelements/cable/templates')).json().data.data as unknown[];
    expect(all.length).toBeGreaterThan(0);
  });
});
