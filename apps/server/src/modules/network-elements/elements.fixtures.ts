import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ElementType, LatLng, MapElement } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Test support for the element API tests: one app per test file, its people and clusters. */

let t: TestApp;
export let admin: string;
export let planner: string;
export let field: string;
export let viewer: string;
export let cbd01: number;
export let uph01: number;
export let nairobiCbd: number;

/** Opens the app on its own copy of the seeded database before the file's tests, and closes it. */
export function useElementsApp(): void {
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
}

export const post = (url: string, payload: object, token = planner, query = '') =>
  t.app.inject({ method: 'POST', url: `/api${url}${query}`, payload, headers: bearer(token) });
export const get = (url: string, token = planner) =>
  t.app.inject({ url: `/api${url}`, headers: bearer(token) });
export const del = (url: string, token = planner) =>
  t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(token) });

export const at = (i: number): LatLng => ({ lat: -1.2833 + i * 0.0005, lng: 36.8172 + i * 0.0005 });
export const coordinatesFor = (type: ElementType, i = 0): LatLng | LatLng[] =>
  type.geometry === 'point'
    ? at(i)
    : type.geometry === 'line'
      ? [at(i), at(i + 1), at(i + 2)]
      : [at(i), at(i + 1), { lat: at(i).lat, lng: at(i + 2).lng }];
export const attr = (element: MapElement, name: string) =>
  element.attributes.find((a) => a.name === name)?.value;
