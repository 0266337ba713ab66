import { expect, test, type Page } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import { ADMIN } from './support/server.ts';
import {
  createElements,
  emptyCluster,
  expectAllSaved,
  metres,
  NAIROBI,
  offset,
  openMap,
  pixelOf,
  pixelsOfColour,
  savedElements,
  waitForMap,
} from './support/map.ts';
import { expectNoSidewaysScroll, expectOnProjects } from './support/ui.ts';

// A field crew's phone: 390 × 844, fingers only.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// The map renders in software (SwiftShader): give the test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

const tap = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).first().tap();

/** Drag with one finger, as a phone sends it: touch events, not a mouse. */
async function touchDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', p?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: p ? [{ x: p.x, y: p.y, id: 1 }] : [],
    });
  await touch('touchStart', from);
  for (let i = 1; i <= 10; i++) {
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * i) / 10,
      y: from.y + ((to.y - from.y) * i) / 10,
    });
  }
  await touch('touchEnd');
  await cdp.detach();
}

test('on a phone: signs in, chooses a cluster, toggles a layer, gets info and drags a marker, all by touch', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const clusterName = await request
    .get(`/api/clusters/cluster/${ws.clusterId}`, {
      headers: { authorization: `Bearer ${ws.token}` },
    })
    .then(async (r) => ((await r.json()) as { data: { name: string } }).data.name);
  const [pole] = await createElements(request, ws, 'pole', [
    { coordinates: NAIROBI, name: 'Pole at the corner' },
  ]);

  await page.goto('/');
  await page.getByLabel(/^Email/).fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await tap(page, 'Sign in');
  await expectOnProjects(page);

  // The page, not the menu: the sidebar is a drawer, closed until asked for.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await tap(page, 'Toggle sidebar');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Project' }).tap();
  await expect(nav).toBeHidden();

  // Projects are a list of cards, each with its Choose button at least 44 px high.
  const projects = page.getByRole('list', { name: 'Projects' });
  const card = projects.getByRole('listitem').filter({ hasText: 'Nairobi CBD' });
  const choose = card.getByRole('button', { name: 'Choose a cluster of Nairobi CBD' });
  expect((await choose.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await choose.tap();
  // The modal takes the whole screen.
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const modal = await page.locator('.mantine-Modal-content').boundingBox();
  expect(modal?.width).toBe(390);
  await dialog.getByRole('button', { name: `Open the map of cluster ${clusterName}` }).tap();

  await expect(page).toHaveURL(/\/project\/map/);
  await waitForMap(page);
  await expect(nav).toBeHidden();
  // Street zoom on the pole, as the other map tests see it.
  await page.evaluate(({ lat, lng }) => (window.location.hash = `#18/${lat}/${lng}`), NAIROBI);
  const marker = await pixelOf(page, NAIROBI);
  const onIcon = { x: marker.x, y: marker.y - 12 };
  // What a user sees of the pole: its icon's brown (#8d6e63) around the point.
  const icon = { x: marker.x - 15, y: marker.y - 40, width: 30, height: 40 };
  const poleDrawn = () => pixelsOfColour(page, icon, [141, 110, 99]);
  await expect.poll(poleDrawn).toBeGreaterThan(20);

  // Layers are in a sheet: switching poles off hides the pole from Get Info too.
  await tap(page, 'Layers');
  const sheet = page.getByRole('dialog', { name: 'Map panel' });
  const poles = sheet.getByRole('checkbox', { name: 'Pole' });
  await poles.tap();
  await expect(poles).not.toBeChecked();
  await sheet.getByRole('button', { name: 'Close' }).tap();
  await expect(sheet).toBeHidden();
  await expect.poll(poleDrawn).toBeLessThan(5);
  await tap(page, 'Get Info');
  await page.touchscreen.tap(onIcon.x, onIcon.y);
  await expect(page.getByRole('dialog')).toBeHidden();
  await tap(page, 'Layers');
  await sheet.getByRole('checkbox', { name: 'Pole' }).tap();
  await expect(sheet.getByRole('checkbox', { name: 'Pole' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Close' }).tap();
  await expect(sheet).toBeHidden();
  await expect.poll(poleDrawn).toBeGreaterThan(20);

  // Get Info (still on): the detail opens full-screen with the pole's name.
  await page.touchscreen.tap(onIcon.x, onIcon.y);
  const detail = page.getByRole('dialog');
  await expect(detail.getByLabel('Name', { exact: true })).toHaveValue('Pole at the corner');
  await detail.getByRole('button', { name: 'Close' }).first().tap();
  await expect(detail).toBeHidden();

  // Edit Marker, then a finger drags the pole 20 m south.
  await tap(page, 'Edit Marker');
  await page.touchscreen.tap(onIcon.x, onIcon.y);
  const target: LatLng = offset(0, -20);
  await touchDrag(page, marker, await pixelOf(page, target));
  await expectAllSaved(page);
  const moved = (await savedElements(request, ws)).find((e) => e.id === pole?.id);
  expect(metres(moved?.coordinates as LatLng, target)).toBeLessThan(1.5);
  await expectNoSidewaysScroll(page);
});

test('on a phone the map keeps the screen: common tools, an overflow menu, touch-sized buttons', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  const map = await page.getByRole('region', { name: 'Network map' }).boundingBox();
  expect(map?.width).toBe(390);
  const toolbar = page.getByRole('toolbar', { name: 'Toolbar' });
  for (const name of ['Layers', 'Get Info', 'Edit Marker', 'Marker', 'Undo', 'More tools']) {
    const box = await toolbar.getByRole('button', { name, exact: true }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
    expect(box?.width, name).toBeGreaterThanOrEqual(44);
  }
  // The rest of the tools are one tap away, and they work from there.
  await tap(page, 'More tools');
  await page.getByRole('menuitem', { name: 'Distance' }).tap();
  await expect(page.getByRole('menuitem', { name: 'Distance' })).toBeHidden();
  await page.touchscreen.tap(195, 400);
  await page.touchscreen.tap(195, 500);
  await expect(page.getByText(/^Distance/).first()).toBeVisible();
});
