import { describe, expect, it } from 'vitest';
import { ELEMENT_TYPES, type MapElement } from '@integration/contracts';
import {
  at,
  attr,
  cbd01,
  coordinatesFor,
  del,
  get,
  planner,
  post,
  useElementsApp,
} from './elements.fixtures.ts';

useElementsApp();

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

    // Whoever may edit the cluster may undo its delete (the planner of CBD-01 here).
    const restored = await post(`${base}/${element.id}/restore`, {}, planner);
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
