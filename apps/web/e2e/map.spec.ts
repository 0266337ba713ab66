import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ELEMENT_TYPES, type LatLng } from '@integration/contracts';
import {
  button,
  clickAt,
  clickMarker,
  createElements,
  drag,
  emptyCluster,
  expectAllSaved,
  metres,
  NAIROBI,
  offset,
  openMap,
  pixelOf,
  pixelsOfColour,
  savedElements,
  saveNow,
  waitForMap,
  type Workspace,
} from './support/map.ts';

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

const POINT_TYPES = ELEMENT_TYPES.filter((t) => t.geometry === 'point');
const closeDialog = (page: Page) =>
  page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

test('draws a marker of each point type, a cable and a zone, and finds them saved after a reload', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  // At zoom 18 one pixel is 0.3 m: everything stays within ±150 m by ±90 m of the centre,
  // below the panels at the top left (the cluster's name, the element being edited).
  const spots = POINT_TYPES.map((_, i) => offset(-60 + i * 20, 25));
  for (const [i, type] of POINT_TYPES.entries()) {
    await page.getByRole('combobox', { name: 'Point type' }).click();
    await page
      .getByRole('option', {
        name: type.displayName,
        exact: true,
      })
      .click();
    await button(page, 'Marker').click();
    await clickAt(page, spots[i] as LatLng);
    // A new marker opens Edit Element (SPEC §4).
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(button(page, 'Edit Marker')).toHaveAttribute('aria-pressed', 'true');
    await closeDialog(page);
  }
  const cable = [offset(-80, -20), offset(0, -30), offset(80, -20)];
  await button(page, 'Polyline').click();
  // Clicks before the tool is on would be lost, and the line finished short of its end.
  await expect(button(page, 'Polyline')).toHaveAttribute('aria-pressed', 'true');
  for (const p of cable) await clickAt(page, p);
  await clickAt(page, cable[2] as LatLng);
  await expect(button(page, 'Edit Line')).toHaveAttribute('aria-pressed', 'true');

  // West of the toast area (bottom-right, SPEC §2), where the cable's save toast appears,
  // and above the map's status bar.
  const zone = [offset(-80, -42), offset(20, -42), offset(20, -75), offset(-80, -75)];
  await button(page, 'Polygon').click();
  await expect(button(page, 'Polygon')).toHaveAttribute('aria-pressed', 'true');
  for (const p of zone) await clickAt(page, p);
  await clickAt(page, zone[0] as LatLng);
  await expect(button(page, 'Edit Zone')).toHaveAttribute('aria-pressed', 'true');
  await expectAllSaved(page);

  await page.reload();
  await waitForMap(page);
  const saved = await savedElements(request, ws);
  for (const [i, type] of POINT_TYPES.entries()) {
    const element = saved.find((e) => e.networkElement.type === type.internalName);
    expect(element, type.displayName).toBeDefined();
    expect(metres(element?.coordinates as LatLng, spots[i] as LatLng)).toBeLessThan(1.5);
  }
  const savedCable = saved.find((e) => e.networkElement.type === 'Cable');
  expect(savedCable?.coordinates).toHaveLength(3);
  (savedCable?.coordinates as LatLng[]).forEach((p, i) =>
    expect(metres(p, cable[i] as LatLng)).toBeLessThan(1.5),
  );
  const length = savedCable?.attributes.find((a) => a.name === 'Length')?.value;
  expect(Number(length)).toBeGreaterThan(155);
  const savedZone = saved.find((e) => e.networkElement.type === 'Zone');
  expect(savedZone?.coordinates).toHaveLength(4);
  // The ring may start elsewhere or turn the other way (winding): match corners as a set.
  for (const corner of zone) {
    const nearest = Math.min(...(savedZone?.coordinates as LatLng[]).map((p) => metres(p, corner)));
    expect(nearest).toBeLessThan(1.5);
  }
  // Every element is on the reloaded map: the search finds the cable by its generated name.
  await page.getByRole('combobox', { name: 'Search elements' }).fill(savedCable?.name ?? '');
  await expect(
    page.getByRole('option', { name: new RegExp(`^${savedCable?.name}`) }),
  ).toBeVisible();
});

test('drags a marker, which snaps onto a marker within 15 m', async ({ page, request }) => {
  const ws = await emptyCluster(request);
  const [a, b] = await createElements(request, ws, 'pole', [
    { coordinates: offset(-40, 0) },
    { coordinates: offset(40, 0) },
  ]);
  await openMap(page, ws);
  await button(page, 'Edit Marker').click();
  await clickMarker(page, a?.coordinates as LatLng);
  // Dropped 8 m short of pole B: it lands exactly on B.
  await drag(page, a?.coordinates as LatLng, offset(32, 3));
  await expectAllSaved(page);
  const moved = (await savedElements(request, ws)).find((e) => e.id === a?.id);
  expect(moved?.coordinates).toEqual(b?.coordinates);
  expect(moved?.version).toBe(2);
});

test("draws a PBO-FAT's existing users as Lines of Affectation once zoomed in", async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const house = offset(60, 0);
  const users = [{ mainId: 'WO-1', coordinates: house }];
  await createElements(request, ws, 'pbofat', [
    { coordinates: NAIROBI, attributes: { 'FAT Existing Users ID': JSON.stringify(users) } },
  ]);
  // Zoomed out, the lines are not drawn (they would be clutter, SPEC §3 draws them with icons).
  const far = { ...NAIROBI, zoom: 13 };
  await openMap(page, ws, far);
  await page.evaluate(({ lat, lng }) => (window.location.hash = `#18/${lat}/${lng}`), NAIROBI);
  const from = await pixelOf(page, NAIROBI);
  const to = await pixelOf(page, house);
  // Between the PBO's icon and the house's: the dashed purple line (#7c3aed).
  const between = { x: from.x + 20, y: from.y - 6, width: to.x - from.x - 40, height: 12 };
  await expect
    .poll(() => pixelsOfColour(page, between, [124, 58, 237]), { timeout: 15_000 })
    .toBeGreaterThan(20);
});

test('edits attributes in the detail modal opened by Get Info', async ({ page, request }) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [{ coordinates: NAIROBI }]);
  await openMap(page, ws);
  await button(page, 'Get Info').click();
  await clickMarker(page, NAIROBI);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('Pole by the bank');
  await dialog.getByRole('textbox', { name: 'Height' }).fill('11');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Concrete' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expectAllSaved(page);
  const saved = (await savedElements(request, ws)).find((e) => e.id === pole?.id);
  expect(saved?.name).toBe('Pole by the bank');
  const value = (name: string) => saved?.attributes.find((a) => a.name === name)?.value;
  expect(value('Height')).toBe(11);
  expect(value('Type')).toBe('"Concrete"');
  expect(value('Name')).toBe('Pole by the bank');
});

test('deletes one element, then several with the rectangle, and undo brings one back', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const poles = await createElements(request, ws, 'pole', [
    { coordinates: offset(-60, 0), name: 'P-West' },
    { coordinates: offset(20, 10), name: 'P-Mid-1' },
    { coordinates: offset(40, -10), name: 'P-Mid-2' },
  ]);
  await openMap(page, ws);
  await button(page, 'Delete').click();
  await clickMarker(page, poles[0]?.coordinates as LatLng);
  // Deleting asks first, naming what goes.
  await page
    .getByRole('dialog', { name: 'Delete pole P-West?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectAllSaved(page);
  expect((await savedElements(request, ws)).map((e) => e.name).sort()).toEqual([
    'P-Mid-1',
    'P-Mid-2',
  ]);

  await button(page, 'Rectangle').click();
  await clickAt(page, offset(0, 40));
  await clickAt(page, offset(70, -30));
  await expect(page.getByText('2 selected')).toBeVisible();
  await button(page, 'Delete selected').click();
  const several = page.getByRole('dialog', { name: 'Delete 2 elements?' });
  await expect(several).toContainText('2 × Pole');
  await several.getByRole('button', { name: 'Delete' }).click();
  await expectAllSaved(page);
  expect(await savedElements(request, ws)).toHaveLength(0);

  await page.getByRole('region', { name: 'Network map' }).click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('Control+z');
  await expectAllSaved(page);
  expect((await savedElements(request, ws)).map((e) => e.name).sort()).toEqual([
    'P-Mid-1',
    'P-Mid-2',
  ]);
});

test('measures a distance and reads and copies coordinates', async ({ page, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  await button(page, 'Distance').click();
  await clickAt(page, offset(-50, 0));
  await clickAt(page, offset(50, 0));
  await expect(page.getByTestId('measurement')).toHaveText(/^Distance: (99\.\d|100(\.\d)?) m$/);

  await button(page, 'Coordinates').click();
  await clickAt(page, NAIROBI);
  await expect(page.getByTestId('measurement')).toHaveText(/^-1\.2841\d*, 36\.8219\d*$/);
  await button(page, 'Copy coordinates').click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^-1\.2841/);
});

test('opens framed on the cluster when the address names no view', async ({ page, request }) => {
  const ws = await emptyCluster(request);
  const west = offset(-150, 20);
  const east = offset(150, -20);
  await createElements(request, ws, 'pole', [{ coordinates: west }, { coordinates: east }]);
  await openMap(page, ws, null);
  // The address now holds the framed view: #zoom/lat/lng.
  const [zoom, lat, lng] = (await page.evaluate(() => location.hash))
    .slice(1)
    .split('/')
    .map(Number);
  expect(zoom).toBeGreaterThan(15);
  const centre = { lat: (west.lat + east.lat) / 2, lng: (west.lng + east.lng) / 2 };
  expect(metres({ lat: lat ?? 0, lng: lng ?? 0 }, centre)).toBeLessThan(20);
});

test('finds an element by name, and hides layers and small zooms', async ({ page, request }) => {
  const ws = await emptyCluster(request);
  await createElements(request, ws, 'manhole', [
    { coordinates: offset(300, 200), name: 'MH far away' },
  ]);
  const [pole] = await createElements(request, ws, 'pole', [{ coordinates: NAIROBI }]);
  await openMap(page, ws);
  await page.getByRole('combobox', { name: 'Search elements' }).fill('far away');
  await page.getByRole('option', { name: 'MH far away · Manhole' }).click();
  await expect(page).toHaveURL(/#18(\.\d+)?\/-1\.282\d+\/36\.824\d+/);

  await openMap(page, ws);
  await page.getByRole('checkbox', { name: 'Pole' }).uncheck();
  await button(page, 'Get Info').click();
  await clickMarker(page, pole?.coordinates as LatLng);
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('checkbox', { name: 'Pole' }).check();
  // The layer comes back on the next frame after the 50 ms throttle: click until it is there.
  await expect(async () => {
    await clickMarker(page, pole?.coordinates as LatLng);
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await closeDialog(page);

  // Below the project zoom minus one (14 − 1 for the demo project) nothing is drawn, and
  // the bundled offline layer (coastlines, borders, places) comes in.
  const offlineLand = page.waitForRequest(/\/api\/map\/offline\/land\.geojson/);
  await openMap(page, ws, { ...NAIROBI, zoom: 8 });
  await offlineLand;
  await button(page, 'Get Info').click();
  await clickMarker(page, NAIROBI, { ...NAIROBI, zoom: 8 });
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('switches map types, and refuses an unknown one with the message of SPEC §5', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  await expect(page.getByRole('radio', { name: 'Terrain' })).toBeChecked();
  const imagery = page.waitForRequest(/e2e-tiles\/satellite\//);
  await page.getByRole('radio', { name: 'Satellite' }).check();
  await imagery;
  await page.getByRole('radio', { name: 'Roadmap' }).check();
  await expect(page.getByRole('radio', { name: 'Roadmap' })).toBeChecked();

  await page.goto('/project/map?mapType=Moon');
  await expect(
    page.getByText(
      'Invalid map type: map type must be one of the following: terrain, roadmap, satellite, hybrid.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Terrain' })).toBeChecked();
});

/**
 * Once writes go through again ('Save now'): both elements of the two tests below are saved,
 * the pole moved 30 m north. Answers the pole as saved.
 */
async function savedOnceBack(
  page: Page,
  request: APIRequestContext,
  ws: Workspace,
  poleId: number | undefined,
) {
  await saveNow(page);
  await expectAllSaved(page);
  const saved = await savedElements(request, ws);
  expect(saved).toHaveLength(2);
  const moved = saved.find((e) => e.id === poleId);
  expect(metres(moved?.coordinates as LatLng, offset(-40, 30))).toBeLessThan(1.5);
  return moved;
}

test('keeps every edit while the server cannot be reached, across a reload, and saves them after', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [{ coordinates: offset(-40, 0) }]);
  await openMap(page, ws);
  // The server stops answering writes (the connection fails).
  await page.route('**/api/networkelements/**', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
  );
  await button(page, 'Marker').click();
  await clickAt(page, offset(40, 0));
  await closeDialog(page);
  // A new marker leaves the map in Edit Marker: the next click picks the pole.
  await clickMarker(page, pole?.coordinates as LatLng);
  await drag(page, pole?.coordinates as LatLng, offset(-40, 30));
  const status = page.getByRole('status', { name: 'Save status' });
  await expect(status).toHaveText('Offline: 2 change(s) waiting');

  await page.reload();
  await waitForMap(page);
  await expect(status).toHaveText(/2 change\(s\) waiting/);
  expect(await savedElements(request, ws)).toHaveLength(1);

  await page.unroute('**/api/networkelements/**');
  await savedOnceBack(page, request, ws, pole?.id);
});

test('makes no copy and shows no conflict when answers are lost after the server saved', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [{ coordinates: offset(-40, 0) }]);
  await openMap(page, ws);
  // The server saves every write, but its answers never reach the page (a timeout).
  const writes = '**/api/networkelements/**';
  await page.route(writes, async (route) => {
    if (route.request().method() === 'GET') return route.continue();
    await route.fetch();
    await route.abort('timedout');
  });
  // The edit first: while a create waits to be sent again, edits wait behind it.
  await button(page, 'Edit Marker').click();
  await clickMarker(page, pole?.coordinates as LatLng);
  await drag(page, pole?.coordinates as LatLng, offset(-40, 30));
  const versions = async () => (await savedElements(request, ws)).map((e) => e.version).sort();
  await expect.poll(versions).toEqual([2]);
  await button(page, 'Marker').click();
  await clickAt(page, offset(40, 0));
  await closeDialog(page);
  await expect.poll(versions).toEqual([1, 2]);
  const status = page.getByRole('status', { name: 'Save status' });
  await expect(status).toHaveText('Offline: 2 change(s) waiting');

  // Sent again, the create answers the element already made, and the edit finds itself saved.
  await page.unroute(writes);
  const moved = await savedOnceBack(page, request, ws, pole?.id);
  await expect(button(page, 'Keep mine')).toHaveCount(0);
  expect(moved?.version).toBe(2);
});

test('shows a conflict between two people editing the same element, and keeps the chosen one', async ({
  browser,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [{ coordinates: NAIROBI }]);
  // Two people, each in their own browser context, closed at the end so that nobody stays
  // "online" for the tests that follow.
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [alice, bob] = await Promise.all(contexts.map((c) => c.newPage()));
  if (!alice || !bob) throw new Error('no page');
  try {
    await openMap(alice, ws);
    await openMap(bob, ws);

    const rename = async (page: typeof alice, name: string) => {
      await button(page, 'Get Info').click();
      await clickMarker(page, NAIROBI);
      await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    };
    // Bob's rename waits unsaved (his connection is down) while Alice's is saved: live
    // edits leave his unsaved change alone, and his save meets her version.
    const writes = '**/api/networkelements/pole/**';
    await bob.route(writes, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    await rename(bob, 'Bob name');
    await expect(bob.getByRole('status', { name: 'Save status' })).toHaveText(
      'Offline: 1 change(s) waiting',
    );
    await rename(alice, 'Alice name');
    await expectAllSaved(alice);
    await bob.unroute(writes);
    await saveNow(bob);

    const conflict = bob.getByRole('dialog', { name: 'Someone else changed this element' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('Alice name');
    await expect(conflict).toContainText('Bob name');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expectAllSaved(bob);
    const saved = (await savedElements(request, ws)).find((e) => e.id === pole?.id);
    expect(saved).toMatchObject({ name: 'Bob name', version: 3 });
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
