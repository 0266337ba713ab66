import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MapElement } from '@integration/contracts';
import {
  createElements,
  demoCluster,
  openMap,
  pixelsOfColour,
  type Workspace,
} from './support/map.ts';
import { shootScreens } from './support/screens.ts';
import { unique } from './support/hierarchy.ts';

// Issue 30: the whole project on one map, from its vector tiles. The map renders in software
// (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 180_000 });

const WHOLE = /Map of the whole project|Carte de tout le projet/;
const CLUSTER_MAP = /Network map|Carte du réseau/;

/** The demo's FDT-SRO of CBD-01: drawn at every zoom of the tiles. */
async function fdtOf(request: APIRequestContext, ws: Workspace): Promise<MapElement> {
  const response = await request.get(`/api/networkelements/fdt/cluster/${ws.clusterId}`, {
    headers: { authorization: `Bearer ${ws.token}` },
  });
  const fdt = ((await response.json()) as { data: MapElement[] }).data[0];
  if (!fdt) throw new Error('the demo cluster has no FDT-SRO');
  return fdt;
}

/** Signed in as the admin, the demo project chosen (no cluster yet), in a language. */
async function signIn(page: Page, ws: Workspace, locale: 'en' | 'fr' = 'en') {
  await page.goto('/auth/login');
  await page.evaluate(
    ([t, u, p, l]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('projectID', String(p));
      localStorage.removeItem('clusterID');
      localStorage.setItem('locale', l as string);
    },
    [ws.token, ws.user, ws.projectId, locale],
  );
}

/** What a test added to the demo, taken away after it: other specs count the demo's elements. */
const added: { segment: string; id: number; token: string }[] = [];
test.afterEach(async ({ request }) => {
  for (const { segment, id, token } of added.splice(0)) {
    await request.delete(`/api/networkelements/${segment}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
});

async function waitForWholeProject(page: Page) {
  await expect(page.getByRole('region', { name: WHOLE })).toHaveAttribute('data-ready', 'true', {
    timeout: 90_000,
  });
}

/** "N elements in view": what the tiles drew. */
async function inView(page: Page): Promise<number> {
  const text = await page
    .getByRole('status')
    .filter({ hasText: /elements? in view|éléments? dans la vue/ })
    .textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function mapCentre(page: Page) {
  const box = await page.getByRole('region', { name: WHOLE }).boundingBox();
  if (!box) throw new Error('map not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('the demo project opens as one map from the Project page, its tiles drawn', async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request, 'CBD-01');
  await signIn(page, ws);
  await page.goto('/project');
  await page.getByRole('button', { name: 'Choose a cluster of Nairobi CBD', exact: true }).click();
  await page.getByRole('button', { name: 'Open the whole project Nairobi CBD on one map' }).click();
  await waitForWholeProject(page);
  await expect(page).toHaveURL(/view=project/);
  // Framed on the project, short of the zoom that would open a cluster.
  await expect.poll(() => inView(page)).toBeGreaterThan(0);
  await expect(page.getByText('Zoom in on a cluster to edit it')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Where you are' })).toContainText(
    'Nairobi CBD',
  );
  await shootScreens(page, 'project-tiles-en');
});

test("clicking a tiled element shows its details; another session's edit appears on the tiles", async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request, 'CBD-01');
  const fdt = await fdtOf(request, ws);
  const at = fdt.coordinates as { lat: number; lng: number };
  await signIn(page, ws);
  // Centred on the FDT-SRO, a little short of the cluster's editing zoom (13).
  await page.goto(`/project/map?view=project#12.5/${at.lat}/${at.lng}`);
  await waitForWholeProject(page);
  await expect.poll(() => inView(page)).toBeGreaterThan(0);

  // Get Info: the FDT-SRO under the centre, its attributes read through the API.
  const centre = await mapCentre(page);
  await page.mouse.click(centre.x, centre.y);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(fdt.name);
  await expect(dialog).toContainText('CBD-01');
  await expect(dialog.getByText('Reading the element…')).toBeHidden({ timeout: 15_000 });
  await shootScreens(page, 'project-tiles-detail-en');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Another session adds an FDT-SRO beside it (drawn at every zoom): the tiles refetch it.
  const before = await inView(page);
  const name = unique('E2E-FDT');
  const [fdt2] = await createElements(request, ws, 'fdt', [
    { coordinates: { lat: at.lat + 0.004, lng: at.lng + 0.006 }, name },
  ]);
  if (fdt2) added.push({ segment: 'fdt', id: fdt2.id, token: ws.token });
  await expect.poll(() => inView(page), { timeout: 20_000 }).toBe(before + 1);
  // Search finds it among the names the map holds.
  await page.getByRole('combobox', { name: 'Search the elements on the map' }).fill(name);
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('zooming in over a cluster opens its editable map at the same place, and back', async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request, 'CBD-01');
  const at = (await fdtOf(request, ws)).coordinates as { lat: number; lng: number };
  await signIn(page, ws);
  await page.goto(`/project/map?view=project#12.5/${at.lat}/${at.lng}`);
  await waitForWholeProject(page);
  await expect.poll(() => inView(page)).toBeGreaterThan(0);

  // Zoomed in to the editing zoom over CBD-01: the editable map of the cluster under the centre
  // takes over, at the same place. (Other specs add clusters drawn over CBD-01's place to the
  // demo project: which one is under the centre depends on what ran before.)
  await page.getByRole('button', { name: 'Zoom in' }).first().click();
  const clusterMap = page.getByRole('region', { name: CLUSTER_MAP });
  await expect(clusterMap).toHaveAttribute('data-cluster', /\S/, { timeout: 60_000 });
  await expect(clusterMap).toHaveAttribute('data-ready', 'true', { timeout: 90_000 });
  await expect(page.getByRole('region', { name: WHOLE })).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=project/);
  const hash = new URL(page.url()).hash.slice(1).split('/').map(Number);
  // The same place: the zoom the whole project's map was at, not the cluster framed anew.
  expect(hash[0]).toBeGreaterThanOrEqual(13);
  expect(hash[0]).toBeLessThan(14);
  expect(Math.abs((hash[1] ?? 0) - at.lat)).toBeLessThan(0.01);
  await shootScreens(page, 'project-tiles-cluster-en');

  // And back: the whole project around the cluster.
  await page.getByRole('button', { name: 'Show the whole project around this cluster' }).click();
  await waitForWholeProject(page);
  await expect(page).toHaveURL(/view=project/);
});

test("a cluster's map shows the project's other clusters from the tiles", async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request, 'CBD-01');
  const at = (await fdtOf(request, ws)).coordinates as { lat: number; lng: number };
  // A feeder of the neighbouring cluster CBD-02, 1.5 km north of CBD-01's FDT-SRO, 2 km long.
  const north = at.lat + 0.0135;
  const neighbour = await demoCluster(request, 'CBD-02');
  const [cable] = await createElements(request, neighbour, 'cable', [
    {
      coordinates: [
        { lat: north, lng: at.lng - 0.009 },
        { lat: north, lng: at.lng + 0.009 },
      ],
      name: unique('E2E-NEIGHBOUR'),
    },
  ]);
  if (cable) added.push({ segment: 'cable', id: cable.id, token: neighbour.token });
  // Below the editing zoom (13), where the neighbours are drawn as on the whole project's map.
  await openMap(page, ws, { ...at, zoom: 12.5 });
  const region = await page.getByRole('region', { name: CLUSTER_MAP }).boundingBox();
  if (!region) throw new Error('map not visible');
  // 1.5 km north at zoom 12.5 is about 57 px above the centre; a band around it.
  const band = {
    x: region.x + region.width / 2 - 60,
    y: region.y + region.height / 2 - 57 - 8,
    width: 120,
    height: 16,
  };
  const drawn = async () =>
    band.width * band.height - (await pixelsOfColour(page, band, [0xf3, 0xf1, 0xea]));
  await expect.poll(drawn, { timeout: 30_000 }).toBeGreaterThan(60);
  await shootScreens(page, 'project-tiles-neighbours-en');
});

test('in French on a phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ws = await demoCluster(request, 'CBD-01');
  await signIn(page, ws, 'fr');
  await page.goto('/project');
  await page
    .getByRole('button', { name: 'Choisir un cluster de Nairobi CBD', exact: true })
    .click();
  await page
    .getByRole('button', { name: 'Ouvrir tout le projet Nairobi CBD sur une carte' })
    .click();
  await waitForWholeProject(page);
  await expect.poll(() => inView(page)).toBeGreaterThan(0);
  await expect(page.getByText('Zoomez sur un cluster pour le modifier')).toBeVisible();
  await shootScreens(page, 'project-tiles-fr');

  // Get Info and the way into the cluster, in French.
  const at = (await fdtOf(request, ws)).coordinates as { lat: number; lng: number };
  await page.goto(`/project/map?view=project#12.5/${at.lat}/${at.lng}`);
  await waitForWholeProject(page);
  const centre = await mapCentre(page);
  await page.mouse.click(centre.x, centre.y);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('CBD-01');
  await expect(dialog.getByRole('button', { name: 'Ouvrir dans son cluster' })).toBeVisible();
  await expect(dialog.getByText("Lecture de l'élément…")).toBeHidden({ timeout: 15_000 });
  await shootScreens(page, 'project-tiles-detail-fr');
  await dialog.getByRole('button', { name: 'Ouvrir dans son cluster' }).click();
  const clusterMap = page.getByRole('region', { name: CLUSTER_MAP });
  await expect(clusterMap).toHaveAttribute('data-cluster', 'CBD-01', { timeout: 60_000 });
  await expect(clusterMap).toHaveAttribute('data-ready', 'true', { timeout: 90_000 });
  await expect(
    page.getByRole('button', { name: 'Montrer tout le projet autour de ce cluster' }),
  ).toBeVisible();
  await shootScreens(page, 'project-tiles-cluster-fr');
});
