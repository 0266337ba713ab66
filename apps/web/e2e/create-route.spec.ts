import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ComputeRouteResult, LatLng, MapElement } from '@integration/contracts';
import {
  button,
  clickAt,
  createElements,
  emptyCluster,
  expectAllSaved,
  metres,
  offset,
  pixelOf,
  openMap,
  pixelsOfColour,
  savedElements,
  waitForMap,
  type View,
  type Workspace,
} from './support/map.ts';
import { unique } from './support/hierarchy.ts';
import { expectNoSidewaysScroll } from './support/ui.ts';

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

/**
 * Cables whose ends the demo's roads of Nairobi CBD join by more than one route: the real
 * OpenStreetMap streets when ../shared/data/demo-osm is there, else the seed's street grid
 * (120 m blocks around -1.2864, 36.8172).
 */
const CANDIDATES: [LatLng, LatLng][] = [
  [
    { lat: -1.286, lng: 36.82 },
    { lat: -1.283, lng: 36.825 },
  ],
  [
    { lat: -1.2848, lng: 36.821 },
    { lat: -1.2837, lng: 36.8231 },
  ],
  [
    offset(420, 180, { lat: -1.2864, lng: 36.8172 }),
    offset(660, 300, { lat: -1.2864, lng: 36.8172 }),
  ],
  [
    { lat: -1.289, lng: 36.817 },
    { lat: -1.285, lng: 36.822 },
  ],
];

const BLUE: [number, number, number] = [37, 99, 235];
const GREY: [number, number, number] = [107, 114, 128];

/** Google's encoded polyline at precision 5, decoded here on its own (the app uses a library). */
function path(polyline: string): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = () => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = polyline.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < polyline.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / 1e5, lng: lng / 1e5 });
  }
  return points;
}

/** Metres from a point to the nearest vertex of a densified path. */
function distanceTo(p: LatLng, line: LatLng[]) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1] as LatLng;
    const b = line[i] as LatLng;
    for (let k = 0; k <= 20; k++) {
      const q = {
        lat: a.lat + ((b.lat - a.lat) * k) / 20,
        lng: a.lng + ((b.lng - a.lng) * k) / 20,
      };
      best = Math.min(best, metres(p, q));
    }
  }
  return best;
}

/** Metres along a path (equirectangular, as `metres`). */
const lengthOf = (line: LatLng[]) =>
  line.slice(1).reduce((m, p, i) => m + metres(line[i] as LatLng, p), 0);

async function routes(request: APIRequestContext, ws: Workspace, from: LatLng, to: LatLng) {
  const response = await request.post('/api/routes/compute', {
    headers: { authorization: `Bearer ${ws.token}` },
    data: { origin: from, destination: to, projectId: ws.projectId, alternatives: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: ComputeRouteResult }).data.routes;
}

/** A cable whose routes part somewhere, with them and a point only the second one passes. */
async function cableWithAlternatives(request: APIRequestContext, ws: Workspace) {
  for (const [from, to] of CANDIDATES) {
    const found = await routes(request, ws, from, to);
    if (found.length < 2) continue;
    const [best, other] = found.map((r) => path(r.polyline)) as [LatLng[], LatLng[]];
    const apart = other.reduce((a, p) => (distanceTo(p, best) > distanceTo(a, best) ? p : a));
    if (distanceTo(apart, best) > 40) return { from, to, found, best, other, apart };
  }
  throw new Error('no demo cable with alternative routes');
}

/** The view the map shows now (its address: #zoom/lat/lng), once it has stopped moving. */
async function currentView(page: Page): Promise<View> {
  let last = '';
  await expect
    .poll(
      async () => {
        const hash = await page.evaluate(() => location.hash);
        const settled = hash === last;
        last = hash;
        return settled;
      },
      { intervals: [500] },
    )
    .toBe(true);
  const [zoom = 0, lat = 0, lng = 0] = last.slice(1).split('/').map(Number);
  return { zoom, lat, lng };
}

/** Opens the map around a cable, at a zoom that shows its surroundings. */
const around = (from: LatLng, to: LatLng): View => ({
  lat: (from.lat + to.lat) / 2,
  lng: (from.lng + to.lng) / 2,
  zoom: 16,
});

const mapArea = async (page: Page) => {
  const box = await page.getByRole('region', { name: 'Network map' }).boundingBox();
  if (!box) throw new Error('map not visible');
  return box;
};

test('Create Route: a cable clicked shows its routes, blue and grey; the grey one chosen becomes its path, saved', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const { from, to, found: expected, other, apart } = await cableWithAlternatives(request, ws);
  const [cable] = await createElements(request, ws, 'cable', [{ coordinates: [from, to] }]);
  const view = around(from, to);

  await openMap(page, ws, view);
  const area = await mapArea(page);
  const blueBefore = await pixelsOfColour(page, area, BLUE);
  const greyBefore = await pixelsOfColour(page, area, GREY);

  await button(page, 'Create Route').click();
  await expect(button(page, 'Create Route')).toHaveAttribute('aria-pressed', 'true');
  const panel = page.getByRole('region', { name: 'Create Route' });
  await expect(panel).toContainText('Click a cable');
  // The cable's middle.
  await clickAt(page, view, view);

  const list = panel.getByRole('list', { name: 'Routes' });
  await expect(list.getByRole('button')).toHaveCount(expected.length);
  // Each named by its number and length (a cable is laid, not travelled: no travel time);
  // the first is the best.
  await expect(list.getByRole('button').first()).toHaveAccessibleName(/^Route 1, [\d.]+ (m|km)$/);
  await expect(list.getByRole('button').first()).toHaveAttribute('data-route', 'best');
  await expect(list.getByRole('button').nth(1)).toHaveAttribute('data-route', 'alternative');
  // The map draws them: the best blue, the others grey.
  await expect
    .poll(async () => (await pixelsOfColour(page, area, BLUE)) - blueBefore)
    .toBeGreaterThan(300);
  await expect
    .poll(async () => (await pixelsOfColour(page, area, GREY)) - greyBefore)
    .toBeGreaterThan(300);

  // A grey route clicked on the map, where it leaves the blue one (the view may have
  // widened to show every route).
  await clickAt(page, apart, await currentView(page));
  await expect(list).toBeHidden();
  await expectAllSaved(page);

  // Saved: after a reload the cable runs along the grey route, from and to its own ends.
  await page.reload();
  await waitForMap(page);
  const saved = (await savedElements(request, ws)).find((e) => e.id === cable?.id) as MapElement;
  const coordinates = saved.coordinates as LatLng[];
  expect(metres(coordinates[0] as LatLng, from)).toBeLessThan(0.01);
  expect(metres(coordinates[coordinates.length - 1] as LatLng, to)).toBeLessThan(0.01);
  for (const p of other) expect(distanceTo(p, coordinates)).toBeLessThan(1.5);
  expect(distanceTo(apart, coordinates)).toBeLessThan(1.5);
  const length = Number(saved.attributes.find((a) => a.name === 'Length')?.value);
  // Geodesic on the server, equirectangular here: within half a percent.
  expect(Math.abs(length - lengthOf(coordinates))).toBeLessThan(length * 0.005);
  expect(Math.abs(length - (expected[1]?.distance ?? 0))).toBeLessThan(length * 0.01);
  expect(saved.version).toBe(2);
});

test('Create Route: Escape clears the routes; the infrastructure profile shows costs per kind', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const { from, to } = await cableWithAlternatives(request, ws);
  await createElements(request, ws, 'cable', [{ coordinates: [from, to] }]);
  const view = around(from, to);
  await openMap(page, ws, view);
  await button(page, 'Create Route').click();
  await clickAt(page, view, view);
  const panel = page.getByRole('region', { name: 'Create Route' });
  const list = panel.getByRole('list', { name: 'Routes' });
  await expect(list.getByRole('button').first()).toBeVisible();

  await panel.getByText('Existing infrastructure').click();
  await expect(list.getByRole('button').first()).toHaveAccessibleName(
    // In the project's currency (Nairobi CBD is in Kenya).
    /^Route 1, .+, estimated cost KES\s[\d,]+$/,
  );
  // And how many metres of each kind it lays.
  await expect(list.getByRole('button').first()).toHaveAccessibleDescription(
    /\d+ m (aerial on existing poles|in existing ducts|along an existing cable|in a new trench)/,
  );

  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(panel).toContainText('Click a cable');
});

/** A cluster of its own in another demo project, which has no road network. */
async function clusterWithoutRoads(request: APIRequestContext): Promise<Workspace> {
  const ws = await emptyCluster(request);
  const headers = { authorization: `Bearer ${ws.token}` };
  const projects = (await (
    await request.get('/api/projects/platforms?platformName=integration', { headers })
  ).json()) as { data: { id: number; name: string }[] };
  const project = projects.data.find((p) => p.name === 'Westlands');
  if (!project) throw new Error('demo project Westlands missing');
  const network = await request.get(`/api/routes/network/${project.id}`, { headers });
  if (((await network.json()) as { data: { edges: number } }).data.edges > 0) {
    await request.delete(`/api/routes/network/${project.id}`, { headers });
  }
  const co = await request.post('/api/centraloffices/centraloffice/create', {
    headers,
    data: { projectId: project.id, name: unique('E2E CO') },
  });
  const coId = ((await co.json()) as { data: { id: number } }).data.id;
  const cluster = await request.post('/api/clusters/cluster/create', {
    headers,
    data: { centralOfficeId: coId, name: unique('E2E') },
  });
  const clusterId = ((await cluster.json()) as { data: { id: number } }).data.id;
  return { ...ws, projectId: project.id, clusterId };
}

/** A small grid of streets around a centre, noded at every crossing, as GeoJSON. */
function streetsAround(centre: LatLng) {
  const steps = [-150, -50, 50, 150];
  const features = steps.flatMap((k) => [
    {
      type: 'Feature',
      properties: { highway: 'residential', name: `East ${k}` },
      geometry: {
        type: 'LineString',
        coordinates: steps.map((e) => offset(e, k, centre)).map((p) => [p.lng, p.lat]),
      },
    },
    {
      type: 'Feature',
      properties: { highway: 'residential', name: `North ${k}` },
      geometry: {
        type: 'LineString',
        coordinates: steps.map((n) => offset(k, n, centre)).map((p) => [p.lng, p.lat]),
      },
    },
  ]);
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

test('Create Route in a project with no roads says so and leads to importing them', async ({
  page,
  request,
}) => {
  const ws = await clusterWithoutRoads(request);
  const centre = offset(0, 0, { lat: -1.2676, lng: 36.8108 });
  const view: View = { ...centre, zoom: 18 };
  const from = offset(-50, -50, centre);
  const to = offset(50, 50, centre);
  await createElements(request, ws, 'cable', [{ coordinates: [from, to] }]);
  await openMap(page, ws, view);
  await button(page, 'Create Route').click();
  await clickAt(page, centre, view);

  const panel = page.getByRole('region', { name: 'Create Route' });
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('No road network');
  await alert.getByRole('button', { name: 'Import a road network' }).click();

  const dialog = page.getByRole('dialog', { name: 'Import a road network' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'streets.geojson',
    mimeType: 'application/geo+json',
    buffer: streetsAround(centre),
  });
  await dialog.getByRole('button', { name: 'Read the files' }).click();
  await expect(
    dialog.getByRole('radio', { name: "Replace the project's road network" }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Import as road network' }).click();
  await expect(dialog).toContainText('Road network loaded');
  await expect(dialog).toContainText(/\d+ road segments/);
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // Once the roads are in, the same cable's routes come.
  const list = panel.getByRole('list', { name: 'Routes' });
  await expect(list.getByRole('button').first()).toHaveAccessibleName(/^Route 1, /);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('Create Route from More tools: the panel fits the screen and a route is chosen by a tap', async ({
    page,
    request,
  }) => {
    const ws = await emptyCluster(request);
    const { from, to, found } = await cableWithAlternatives(request, ws);
    const [cable] = await createElements(request, ws, 'cable', [{ coordinates: [from, to] }]);
    const view = { ...around(from, to), zoom: 15 };
    await openMap(page, ws, view);
    await page.getByRole('button', { name: 'More tools' }).tap();
    await page.getByRole('menuitem', { name: 'Create Route' }).tap();
    const panel = page.getByRole('region', { name: 'Create Route' });
    await expect(panel).toContainText('Click a cable');
    const middle = await pixelOf(page, view, view);
    await page.touchscreen.tap(middle.x, middle.y);

    const list = panel.getByRole('list', { name: 'Routes' });
    await expect(list.getByRole('button')).toHaveCount(found.length);
    const box = await panel.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    // A sheet at the bottom, the upper half of the map left in view for the routes.
    expect(box?.y ?? 0).toBeGreaterThan(844 / 2);
    await expectNoSidewaysScroll(page);

    await list.getByRole('button', { name: /^Route 2, / }).tap();
    await expect(list).toBeHidden();
    await expectAllSaved(page);
    const saved = (await savedElements(request, ws)).find((e) => e.id === cable?.id);
    expect(saved?.version).toBe(2);
    expect((saved?.coordinates as LatLng[]).length).toBeGreaterThan(2);
  });
});
