import { expect, test, type Page } from '@playwright/test';
import type { LatLng, MapElement } from '@integration/contracts';
import {
  button,
  clickAt,
  clickMarker,
  createElements,
  emptyCluster,
  expectAllSaved,
  metres,
  NAIROBI,
  offset,
  openMap,
  pixelOf,
  savedElements,
  type View,
} from './support/map.ts';

/**
 * Issue 24, data damage: the element just drawn is the one edited (never the cable or the
 * zone under the click that finished it), deleting asks first and its undo restores the same
 * element, snapping is the user's to switch and never saves a vertex twice, and a marker is
 * dragged by its whole icon.
 */
test.describe.configure({ timeout: 150_000 });

const editingPanel = (page: Page) => page.getByRole('region', { name: 'Element being edited' });
const byId = async (
  request: Parameters<typeof savedElements>[0],
  ws: Parameters<typeof savedElements>[1],
  id?: number,
) => (await savedElements(request, ws)).find((e) => e.id === id);
const path = (e?: MapElement) => (e?.coordinates ?? []) as LatLng[];

test('a cable drawn onto a pole where a cable ends is the one edited; the existing cable keeps its geometry and version', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [
    { coordinates: offset(0, 0), name: 'Shared pole' },
  ]);
  const at = pole?.coordinates as LatLng;
  const [existing] = await createElements(request, ws, 'cable', [
    { coordinates: [offset(-60, 0), at], name: 'Existing 24F' },
  ]);
  const [boundary] = await createElements(request, ws, 'zone', [
    {
      coordinates: [offset(-80, 60), offset(80, 60), offset(80, -60), offset(-80, -60)],
      name: 'Boundary',
    },
  ]);
  await openMap(page, ws);

  // The snap target is ringed before the click; the end lands on the pole.
  await button(page, 'Polyline').click();
  await clickAt(page, offset(40, 30));
  const near = offset(3, 2);
  const p = await pixelOf(page, near);
  await page.mouse.move(p.x, p.y, { steps: 3 });
  await page.mouse.click(p.x, p.y);
  // The click that finishes lands on the existing cable's end and the pole.
  await page.mouse.click(p.x, p.y);
  await expect(editingPanel(page)).toContainText(/Editing (new cable|cable \S+)/);
  await expect(editingPanel(page)).not.toContainText('Existing 24F');
  await expectAllSaved(page);
  const drawn = (await savedElements(request, ws)).find(
    (e) => e.networkElement.type === 'Cable' && e.id !== existing?.id,
  );
  await expect(editingPanel(page)).toContainText(`Editing cable ${drawn?.name}`);
  // Snapped onto the pole, and that vertex saved once.
  expect(path(drawn)).toHaveLength(2);
  expect(path(drawn)[1]).toEqual(at);

  // The next drag at the shared pole moves the new cable's end, never the existing cable.
  const from = await pixelOf(page, at);
  const to = await pixelOf(page, offset(25, -25));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await expectAllSaved(page);
  const kept = await byId(request, ws, existing?.id);
  expect(kept?.version).toBe(1);
  expect(kept?.coordinates).toEqual(existing?.coordinates);
  expect(metres(path(await byId(request, ws, drawn?.id))[1] as LatLng, at)).toBeGreaterThan(20);

  // A zone drawn inside the boundary zone is the one edited, not the boundary.
  await page.keyboard.press('Escape');
  await button(page, 'Polygon').click();
  for (const corner of [offset(-50, 40), offset(-20, 40), offset(-20, 15)]) {
    await clickAt(page, corner);
  }
  await clickAt(page, offset(-50, 40));
  await expect(editingPanel(page)).toContainText(/Editing (new zone|zone \S+)/);
  await expect(editingPanel(page)).not.toContainText('Boundary');
  await expectAllSaved(page);
  expect((await byId(request, ws, boundary?.id))?.version).toBe(1);
  await editingPanel(page).getByRole('button', { name: 'Done' }).click();
  await expect(editingPanel(page)).toBeHidden();
});

test('deleting asks first and a cancel leaves the element; undo of a saved delete restores the same id', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [
    { coordinates: offset(-30, 0), name: 'P-Doomed' },
  ]);
  const [zone] = await createElements(request, ws, 'zone', [
    {
      coordinates: [offset(0, 40), offset(60, 40), offset(60, -40), offset(0, -40)],
      name: 'Z-Boundary',
    },
  ]);
  await openMap(page, ws);
  await button(page, 'Delete').click();

  // Empty ground inside a zone: the zone is named, with a warning; Cancel leaves it.
  await clickAt(page, offset(30, 0));
  const ask = page.getByRole('dialog', { name: 'Delete zone Z-Boundary?' });
  await expect(ask).toContainText('inside this zone');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();

  await clickMarker(page, pole?.coordinates as LatLng);
  const askPole = page.getByRole('dialog', { name: 'Delete pole P-Doomed?' });
  await askPole.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('All changes saved');
  expect((await savedElements(request, ws)).map((e) => e.id).sort()).toEqual(
    [pole?.id, zone?.id].sort(),
  );

  await clickMarker(page, pole?.coordinates as LatLng);
  await askPole.getByRole('button', { name: 'Delete' }).click();
  await expectAllSaved(page);
  expect(await byId(request, ws, pole?.id)).toBeUndefined();

  // Undo brings back the same element: a restore, not a copy under a new id.
  await page.keyboard.press('Control+z');
  await expectAllSaved(page);
  const all = await savedElements(request, ws);
  expect(all.map((e) => e.id).sort()).toEqual([pole?.id, zone?.id].sort());
  expect(all.find((e) => e.id === pole?.id)?.name).toBe('P-Doomed');
  const history = await request.get(`/api/networkelements/pole/${pole?.id}/history`, {
    headers: { authorization: `Bearer ${ws.token}` },
  });
  const actions = ((await history.json()) as { data: { action: string }[] }).data;
  expect(actions.map((h) => h.action)).toEqual(['create', 'delete', 'restore']);
});

test('with snapping off a cable keeps the clicked coordinates; the switch is remembered', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  await createElements(request, ws, 'pole', [{ coordinates: offset(0, 0), name: 'Near pole' }]);
  await openMap(page, ws);
  const snapping = page.getByRole('switch', { name: 'Snapping' });
  await expect(snapping).toBeChecked();
  await snapping.click({ force: true });
  await expect(snapping).not.toBeChecked();

  const a = offset(-40, 10);
  const b = offset(4, 3);
  await button(page, 'Polyline').click();
  await clickAt(page, a);
  await clickAt(page, b);
  await clickAt(page, b);
  await expectAllSaved(page);
  const cable = (await savedElements(request, ws)).find((e) => e.networkElement.type === 'Cable');
  // Where the clicks were (to the pixel, ~0.3 m at this zoom), not on the pole 5 m away.
  expect(path(cable)).toHaveLength(2);
  expect(metres(path(cable)[0] as LatLng, a)).toBeLessThan(0.5);
  expect(metres(path(cable)[1] as LatLng, b)).toBeLessThan(0.5);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Snapping' })).not.toBeChecked();
});

test('a marker is dragged by its icon, not only by its tip', async ({ page, request }) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [
    { coordinates: offset(0, 0), name: 'Moved pole' },
  ]);
  await openMap(page, ws);
  await button(page, 'Edit Marker').click();
  await clickMarker(page, pole?.coordinates as LatLng);
  await expect(editingPanel(page)).toContainText('Editing pole Moved pole');
  const tip = await pixelOf(page, pole?.coordinates as LatLng);
  // The upper part of the icon, well above the point itself.
  const grab = { x: tip.x, y: tip.y - 26 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 60, grab.y + 30, { steps: 8 });
  await page.mouse.up();
  await expectAllSaved(page);
  const moved = (await byId(request, ws, pole?.id))?.coordinates as LatLng;
  // 60 px east and 30 px south at ~0.3 m a pixel.
  expect(metres(moved, pole?.coordinates as LatLng)).toBeGreaterThan(15);
  expect(moved.lng).toBeGreaterThan((pole?.coordinates as LatLng).lng);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A close view: the snapped point lands far from the finger (beyond terra-draw's 40 px). */
  const CLOSE: View = { ...NAIROBI, zoom: 19 };

  test('a tap on the last point finishes a cable even when it snapped; the cable drawn is the one edited', async ({
    page,
    request,
  }) => {
    const ws = await emptyCluster(request);
    const [pole] = await createElements(request, ws, 'pole', [
      { coordinates: offset(0, 0), name: 'Phone pole' },
    ]);
    const at = pole?.coordinates as LatLng;
    const [existing] = await createElements(request, ws, 'cable', [
      { coordinates: [offset(-30, 0), at], name: 'Existing drop' },
    ]);
    await openMap(page, ws, CLOSE);
    await page.getByRole('button', { name: 'More tools' }).tap();
    await page.getByRole('menuitem', { name: 'Polyline' }).tap();
    const a = await pixelOf(page, offset(15, 20), CLOSE);
    await page.touchscreen.tap(a.x, a.y);
    // 8 m from the pole (~100 px at this zoom): the vertex jumps onto it.
    const finger = await pixelOf(page, offset(6, -5), CLOSE);
    await page.touchscreen.tap(finger.x, finger.y);
    // The crew taps the same place again to finish.
    await page.touchscreen.tap(finger.x, finger.y);
    await expect(editingPanel(page)).toContainText(/Editing (new cable|cable \S+)/);
    await expect(editingPanel(page)).not.toContainText('Existing drop');
    await expectAllSaved(page);
    const drawn = (await savedElements(request, ws)).find(
      (e) => e.networkElement.type === 'Cable' && e.id !== existing?.id,
    );
    expect(path(drawn)).toHaveLength(2);
    expect(path(drawn)[1]).toEqual(at);
    expect((await byId(request, ws, existing?.id))?.version).toBe(1);

    // Delete asks on the phone too.
    await page.getByRole('button', { name: 'More tools' }).tap();
    await page.getByRole('menuitem', { name: 'Delete' }).tap();
    const mid = await pixelOf(page, offset(-15, 0), CLOSE);
    await page.touchscreen.tap(mid.x, mid.y);
    const ask = page.getByRole('dialog', { name: 'Delete cable Existing drop?' });
    await ask.getByRole('button', { name: 'Cancel' }).tap();
    await expect(ask).toBeHidden();
    expect(await byId(request, ws, existing?.id)).toBeDefined();
  });

  test('a marker is dragged by its icon with a finger', async ({ page, request }) => {
    const ws = await emptyCluster(request);
    const [pole] = await createElements(request, ws, 'pole', [
      { coordinates: offset(0, 0), name: 'Finger pole' },
    ]);
    await openMap(page, ws);
    await page.getByRole('button', { name: 'Edit Marker' }).tap();
    const tip = await pixelOf(page, pole?.coordinates as LatLng);
    await page.touchscreen.tap(tip.x, tip.y - 12);
    await expect(editingPanel(page)).toContainText('Finger pole');
    const grab = { x: tip.x, y: tip.y - 26 };
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
      });
    await touch('touchStart', grab.x, grab.y);
    for (let i = 1; i <= 10; i++) await touch('touchMove', grab.x + 6 * i, grab.y + 3 * i);
    await touch('touchEnd', grab.x + 60, grab.y + 30);
    await expectAllSaved(page);
    const moved = (await byId(request, ws, pole?.id))?.coordinates as LatLng;
    expect(metres(moved, pole?.coordinates as LatLng)).toBeGreaterThan(15);
  });
});
