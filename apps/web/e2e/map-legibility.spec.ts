import { expect, test } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import {
  button,
  clickAt,
  createElements,
  emptyCluster,
  NAIROBI,
  offset,
  openMap,
  pixelOf,
  pixelsOfColour,
  type View,
} from './support/map.ts';

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** A neighbourhood seen whole: icons are 18 px here, and they collide. */
const NEIGHBOURHOOD: View = { ...NAIROBI, zoom: 16 };
const BUILDING_BLUE: [number, number, number] = [21, 101, 192];

test('markers that yield to a more important one stay reachable: hover, click, the select-element modal, search and the rectangle', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  // 25 m south of an FDT-SRO, a building's icon would overlap the cabinet's at zoom 16.
  const building = offset(0, -25);
  await createElements(request, ws, 'fdt', [{ coordinates: NAIROBI, name: 'SRO Main' }]);
  await createElements(request, ws, 'building', [
    { coordinates: building, name: 'Block behind the SRO' },
  ]);
  // Two poles a metre apart: one of them cannot show its icon.
  await createElements(request, ws, 'pole', [
    { coordinates: offset(60, 0), name: 'Pole twin A' },
    { coordinates: offset(61, 0), name: 'Pole twin B' },
  ]);
  // All of it inside a zone, as a cluster usually is: a click on a marker means the marker.
  await createElements(request, ws, 'zone', [
    {
      coordinates: [offset(-100, 100), offset(100, 100), offset(100, -100), offset(-100, -100)],
      name: 'Zone around',
    },
  ]);
  await openMap(page, ws, NEIGHBOURHOOD);

  // Names are written under markers close up only: none over a neighbourhood.
  const sro = await pixelOf(page, NAIROBI, NEIGHBOURHOOD);
  const underSro = { x: sro.x - 30, y: sro.y + 8, width: 60, height: 14 };
  const nameInk = () => pixelsOfColour(page, underSro, [68, 64, 60]);
  expect(await nameInk()).toBeLessThan(5);

  // The building gave way to the FDT-SRO: its dot shows, not its icon.
  const at = await pixelOf(page, building, NEIGHBOURHOOD);
  const iconArea = { x: at.x - 8, y: at.y - 22, width: 16, height: 14 };
  await expect.poll(() => pixelsOfColour(page, iconArea, BUILDING_BLUE)).toBeLessThan(10);

  // Hovering its dot draws its icon whole, over the cabinet's.
  await page.mouse.move(at.x, at.y + 2);
  await expect.poll(() => pixelsOfColour(page, iconArea, BUILDING_BLUE)).toBeGreaterThan(30);
  await page.mouse.move(at.x + 150, at.y + 150);
  await expect.poll(() => pixelsOfColour(page, iconArea, BUILDING_BLUE)).toBeLessThan(10);

  // A click on its dot gets the building, not the cabinet over it.
  await button(page, 'Get Info').click();
  await page.mouse.click(at.x, at.y + 2);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Block behind the SRO');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Where two poles overlap, the select-element modal offers both.
  await clickAt(page, offset(60.5, 0), NEIGHBOURHOOD);
  const chooser = page.getByRole('dialog');
  await expect(chooser.getByText('Pole twin A · Pole')).toBeVisible();
  await expect(chooser.getByText('Pole twin B · Pole')).toBeVisible();
  await chooser.getByRole('button', { name: 'Close' }).first().click();

  // The search finds it by name.
  await page.getByRole('combobox', { name: 'Search elements' }).fill('Block behind');
  await expect(page.getByRole('option', { name: 'Block behind the SRO · Building' })).toBeVisible();
  await page.keyboard.press('Escape');

  // At street zoom the cabinet's name is written under it.
  await openMap(page, ws, NAIROBI);
  const street = await pixelOf(page, NAIROBI);
  const underStreet = { x: street.x - 30, y: street.y + 8, width: 60, height: 14 };
  await expect.poll(() => pixelsOfColour(page, underStreet, [68, 64, 60])).toBeGreaterThan(15);

  // And the rectangle picks every element inside, drawn as an icon or not.
  await openMap(page, ws, NEIGHBOURHOOD);
  await button(page, 'Rectangle').click();
  const corner = (east: number, north: number): LatLng => offset(east, north);
  await clickAt(page, corner(-20, 20), NEIGHBOURHOOD);
  await clickAt(page, corner(80, -40), NEIGHBOURHOOD);
  await expect(page.getByText('4 selected')).toBeVisible();
  // The zone is picked by a click beside the markers.
  await page.keyboard.press('Escape');
  await button(page, 'Get Info').click();
  await clickAt(page, offset(-50, 50), NEIGHBOURHOOD);
  await expect(page.getByRole('dialog').getByLabel('Name', { exact: true })).toHaveValue(
    'Zone around',
  );
});

test('tells the user when the base map cannot be loaded, and the notice can be closed', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  // The test server's tiles answer 404 (playwright.config.ts); here they fail as offline.
  await page.route('**/api/e2e-tiles/**', (route) => route.abort('internetdisconnected'));
  await openMap(page, ws);
  const notice = page.getByRole('status').filter({ hasText: 'Base map unavailable' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Why, and how to fix it' }).click();
  await expect(page.getByText(/An administrator can set BASEMAPS/)).toBeVisible();
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
});
