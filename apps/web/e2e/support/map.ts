import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { LatLng, MapElement } from '@integration/contracts';
import { ELEMENT_TYPES } from '@integration/contracts';
import { ADMIN, apiLogin } from './server.ts';
import { unique } from './hierarchy.ts';

/** A fresh, empty cluster in the demo project, so each test draws on a clean map. */
export interface Workspace {
  token: string;
  user: unknown;
  projectId: number;
  clusterId: number;
}

export interface View extends LatLng {
  zoom: number;
}

/** Central Nairobi at zoom 18, where one pixel is about 0.3 m. */
export const NAIROBI: View = { lat: -1.2841, lng: 36.8219, zoom: 18 };

/** The admin signed in through the API, and the demo project Nairobi CBD. */
async function adminOnDemoProject(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { ...ADMIN, platform: 'integration' },
  });
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: unknown;
  };
  const headers = { authorization: `Bearer ${token}` };
  const projects = (await (
    await request.get('/api/projects/platforms?platformName=integration', { headers })
  ).json()) as { data: { id: number; name: string }[] };
  const project = projects.data.find((p) => p.name === 'Nairobi CBD');
  if (!project) throw new Error('demo project missing');
  return { token, user, headers, project };
}

/** A cluster of the demo (CBD-01 is the lit one: 780 homes, each tracing to an OLT port). */
export async function demoCluster(request: APIRequestContext, name = 'CBD-01'): Promise<Workspace> {
  const { token, user, headers, project } = await adminOnDemoProject(request);
  const clusters = (await (
    await request.get(`/api/clusters/${project.id}`, { headers })
  ).json()) as { data: { id: number; name: string }[] };
  const cluster = clusters.data.find((c) => c.name === name);
  if (!cluster) throw new Error(`demo cluster ${name} missing`);
  return { token, user, projectId: project.id, clusterId: cluster.id };
}

export async function emptyCluster(request: APIRequestContext): Promise<Workspace> {
  const { token, user, headers, project } = await adminOnDemoProject(request);
  const co = await request.post('/api/centraloffices/centraloffice/create', {
    headers,
    data: { projectId: project.id, name: unique('E2E CO') },
  });
  expect(co.status(), await co.text()).toBeLessThan(300);
  const coId = ((await co.json()) as { data: { id: number } }).data.id;
  const cluster = await request.post('/api/clusters/cluster/create', {
    headers,
    data: { centralOfficeId: coId, name: unique('E2E') },
  });
  expect(cluster.status(), await cluster.text()).toBeLessThan(300);
  const clusterId = ((await cluster.json()) as { data: { id: number } }).data.id;
  return { token, user, projectId: project.id, clusterId };
}

export async function token(request: APIRequestContext) {
  return apiLogin(request, ADMIN.email, ADMIN.password);
}

/** Elements created through the API, as another user or tool would. */
export async function createElements(
  request: APIRequestContext,
  ws: Workspace,
  segment: string,
  items: { coordinates: LatLng | LatLng[]; name?: string; attributes?: Record<string, unknown> }[],
): Promise<MapElement[]> {
  const created: MapElement[] = [];
  for (const item of items) {
    const response = await request.post(`/api/networkelements/${segment}/create`, {
      headers: { authorization: `Bearer ${ws.token}` },
      data: { clusterId: ws.clusterId, ...item },
    });
    expect(response.status(), await response.text()).toBe(200);
    created.push(((await response.json()) as { data: MapElement }).data);
  }
  return created;
}

/** Every element of the cluster, as the server has it now. */
export async function savedElements(request: APIRequestContext, ws: Workspace) {
  const lists = await Promise.all(
    ELEMENT_TYPES.map(async (t) => {
      const response = await request.get(
        `/api/networkelements/${t.segment}/cluster/${ws.clusterId}`,
        { headers: { authorization: `Bearer ${ws.token}` } },
      );
      return ((await response.json()) as { data: MapElement[] }).data;
    }),
  );
  return lists.flat();
}

/**
 * Opens the map on the workspace's cluster, at a given view (none: the map frames the
 * cluster itself), and waits for it to load.
 */
export async function openMap(page: Page, ws: Workspace, view: View | null = NAIROBI) {
  await page.goto('/auth/login');
  await page.evaluate(
    ([t, u, p, c]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('projectID', String(p));
      localStorage.setItem('clusterID', String(c));
    },
    [ws.token, ws.user, ws.projectId, ws.clusterId],
  );
  await page.goto(view ? `/project/map#${view.zoom}/${view.lat}/${view.lng}` : '/project/map');
  await waitForMap(page);
}

/** The map is ready when its elements are drawn (software rendering can take a while). */
export async function waitForMap(page: Page) {
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 90_000 });
}

const TILE = 512;
const project = (p: LatLng, zoom: number) => {
  const scale = TILE * 2 ** zoom;
  const sin = Math.sin((p.lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
};

/**
 * Where a point is on screen, for a map opened at `view` and not moved since, once nothing
 * (a toast) covers it there: every click and drag of these helpers starts here.
 */
export async function pixelOf(page: Page, at: LatLng, view: View = NAIROBI) {
  const box = await page.getByRole('region', { name: /Network map|Carte du réseau/ }).boundingBox();
  if (!box) throw new Error('map not visible');
  const centre = project(view, view.zoom);
  const target = project(at, view.zoom);
  const pixel = {
    x: box.x + box.width / 2 + (target.x - centre.x),
    y: box.y + box.height / 2 + (target.y - centre.y),
  };
  // Save toasts sit over the map's bottom-right corner (SPEC §2) for 3 s: a click there
  // would close or miss them, not reach the map. Wait, as a user would, until it is clear.
  await expect
    .poll(() =>
      page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains('maplibregl-canvas'),
        pixel,
      ),
    )
    .toBe(true);
  return pixel;
}

/** A point `east` and `north` metres from the view's centre. */
export const offset = (east: number, north: number, from: LatLng = NAIROBI): LatLng => ({
  lat: from.lat + north / 111_320,
  lng: from.lng + east / (111_320 * Math.cos((from.lat * Math.PI) / 180)),
});

export async function clickAt(page: Page, at: LatLng, view: View = NAIROBI) {
  const p = await pixelOf(page, at, view);
  await page.mouse.click(p.x, p.y);
}

/** Markers are drawn with their tip at the point: click a little above it, on the icon. */
export async function clickMarker(page: Page, at: LatLng, view: View = NAIROBI) {
  const p = await pixelOf(page, at, view);
  await page.mouse.click(p.x, p.y - 12);
}

export async function drag(page: Page, from: LatLng, to: LatLng, view: View = NAIROBI) {
  const a = await pixelOf(page, from, view);
  const b = await pixelOf(page, to, view);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

export async function expectAllSaved(page: Page) {
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved', {
    timeout: 15_000,
  });
}

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/**
 * Clicks 'Save now'. The backoff retry may send the changes before the click lands, and the
 * button leaves with the offline state then, which is not a failure.
 */
export async function saveNow(page: Page) {
  const save = button(page, 'Save now');
  await save.click({ timeout: 10_000 }).catch(async (error: unknown) => {
    if (await save.isVisible()) throw error;
  });
}

/** Metres between two points (equirectangular: fine over a few hundred metres). */
export function metres(a: LatLng, b: LatLng) {
  const x = (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180);
  const y = (b.lat - a.lat) * 111_320;
  return Math.hypot(x, y);
}

/**
 * How many pixels of a screen area are close to a colour: what a user sees of a layer that
 * has no accessible name (lines on the map). Decoded by the page itself, from a screenshot.
 */
export async function pixelsOfColour(
  page: Page,
  area: { x: number; y: number; width: number; height: number },
  [r, g, b]: [number, number, number],
): Promise<number> {
  const png = (await page.screenshot({ clip: area })).toString('base64');
  return page.evaluate(
    async ({ png, rgb }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        // Thin lines are blended into the map by anti-aliasing: a loose match.
        const near = [0, 1, 2].every((k) => Math.abs((data[i + k] ?? 0) - (rgb[k] ?? 0)) < 60);
        if (near) count++;
      }
      return count;
    },
    { png, rgb: [r, g, b] },
  );
}
