import { expect, test, type Page } from '@playwright/test';
import {
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

/** A country seen whole: far below the demo project's editing zoom (its zoom 14 − 1). */
const COUNTRY: View = { ...NAIROBI, zoom: 10 };
/** Colour of a 144-fibre cable in the demo's cable template. */
const RED_144: [number, number, number] = [220, 38, 38];
/** Names are written in this ink (basemap.ts). */
const INK: [number, number, number] = [68, 64, 60];

const zoomOf = (page: Page) =>
  page.evaluate(() => Number(window.location.hash.slice(1).split('/')[0]));

test('far out, cables are drawn and the map says to zoom in to edit; the legend keys cable colours', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  // A 40 km backbone, as an import of a national network would bring.
  await createElements(request, ws, 'cable', [
    {
      coordinates: [offset(-20_000, 0), offset(20_000, 0)],
      name: 'Backbone',
      attributes: { Capacity: JSON.stringify('144') },
    },
  ]);
  await openMap(page, ws, COUNTRY);

  // The cable is drawn at z10 (it was not, below the project zoom − 1).
  const centre = await pixelOf(page, NAIROBI, COUNTRY);
  const alongCable = { x: centre.x - 200, y: centre.y - 4, width: 120, height: 8 };
  await expect.poll(() => pixelsOfColour(page, alongCable, RED_144)).toBeGreaterThan(60);

  // Editing needs a closer view: the map says so, and its button zooms in.
  const hint = page.getByRole('status', { name: 'Zoom in to edit' });
  await expect(hint).toBeVisible();
  await hint.getByRole('button', { name: 'Zoom in' }).click();
  await expect(hint).toBeHidden();
  await expect.poll(() => zoomOf(page)).toBeGreaterThanOrEqual(13);

  // The legend, closed by default, keys each capacity to the colour the map draws it in.
  await page.getByRole('button', { name: 'Legend' }).click();
  const legend = page.getByRole('region', { name: 'Legend' });
  const capacities = legend.getByRole('list', { name: 'Colour: capacity' });
  await expect(capacities.getByRole('listitem')).toHaveText([
    '12 fibres',
    '24 fibres',
    '48 fibres',
    '96 fibres',
    '144 fibres',
    'Other or none',
  ]);
  await expect(
    capacities.getByRole('listitem').filter({ hasText: '144 fibres' }).locator('line'),
  ).toHaveAttribute('stroke', '#dc2626');
  await expect(legend.getByRole('list', { name: 'Line: cable type' })).toContainText('Feeder');
});

test('markers at one spot each show their own name close up, a searched one included; the map speaks French', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  // A PBO on its pole over a manhole: one spot. Names of very different widths.
  await createElements(request, ws, 'pbofat', [
    { coordinates: NAIROBI, name: 'PBO-ON-THE-POLE-0001' },
  ]);
  await createElements(request, ws, 'manhole', [
    { coordinates: offset(0.5, 0), name: 'MH-UNDER-0001' },
  ]);
  await createElements(request, ws, 'pole', [{ coordinates: offset(0, 0.5), name: 'P7' }]);
  const close: View = { ...NAIROBI, zoom: 19 };
  await openMap(page, ws, close);

  // Side by side, 32 px apart (PBO, manhole, pole), each name under its own icon a line
  // lower than the one before: ink in each of the three places.
  const at = await pixelOf(page, NAIROBI, close);
  const nameUnder = (index: number) => ({
    x: at.x + (index - 1) * 32 - 10,
    y: at.y + 9 + index * 19,
    width: 20,
    height: 10,
  });
  for (const index of [0, 1, 2]) {
    await expect
      .poll(() => pixelsOfColour(page, nameUnder(index), INK), { message: `name ${index}` })
      .toBeGreaterThan(10);
  }

  // Found by the search, the pole is selected and its short name is written under it.
  await page.getByRole('combobox', { name: 'Search elements' }).fill('P7');
  await page.getByRole('option', { name: 'P7 · Pole' }).click();
  await expect
    .poll(() => pixelsOfColour(page, nameUnder(2), INK), { message: "the pole's name" })
    .toBeGreaterThan(10);

  // In French, MapLibre's own controls are named in French too.
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.reload();
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('button', { name: 'Zoom avant' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zoom arrière' })).toBeVisible();
  await expect(page.getByRole('button', { name: /rétablir l'orientation/ })).toBeVisible();
  await page.getByRole('button', { name: 'Légende' }).click();
  await expect(page.getByRole('region', { name: 'Légende' })).toContainText('Poteau');
});
