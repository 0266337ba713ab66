import { idByName } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart } from '../file-format/test-uploads.ts';

/**
 * The routing routes through the HTTP app, on the seeded demo: Nairobi CBD has a road network
 * (the real streets, or CBD-01's grid), Mombasa Island none. One app per test file.
 */
let t: TestApp;
export const token: Record<'admin' | 'planner' | 'viewer' | 'field', string> = {
  admin: '',
  planner: '',
  viewer: '',
  field: '',
};
type Who = keyof typeof token;

/** Starts the app, signs the demo users in and names the demo's projects and clusters. */
export async function startRoutingApi() {
  t = await createTestApp();
  token.admin = await t.login('admin@example.com', 'admin1234');
  token.planner = await t.login('planner@example.com', 'planner1234');
  token.viewer = await t.login('viewer@example.com', 'viewer1234');
  token.field = await t.login('field@example.com', 'field1234');
  return {
    t,
    nairobi: await idByName(t.db, 'projects', 'Nairobi CBD'),
    mombasa: await idByName(t.db, 'projects', 'Mombasa Island'),
    cbd01: await idByName(t.db, 'clusters', 'CBD-01'),
    msa01: await idByName(t.db, 'clusters', 'MSA-01'),
  };
}

export const compute = (who: Who, payload: object, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/routes/compute?locale=${locale}`,
    payload,
    headers: bearer(token[who]),
  });
export const call = (who: Who, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(token[who]) });
export const loadRoads = (
  who: Who,
  projectId: number,
  files: { name: string; data: string | Buffer }[],
  fields: Record<string, string> = {},
) => {
  const body = multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: `/api/routes/network/${projectId}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token[who]) },
  });
};

// Two points on CBD-01's streets, in the area both the real roads and the grid cover.
export const A = { lat: -1.2833, lng: 36.8167 };
export const B = { lat: -1.2905, lng: 36.8215 };
