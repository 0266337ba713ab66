import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { watchCspViolations } from './support/csp.ts';
import { emptyCluster, NAIROBI, offset, openMap, savedElements } from './support/map.ts';

test.describe.configure({ timeout: 150_000 });

test('imports a GeoJSON file into the cluster from the map, and exports the cluster and the whole project back', async ({
  page,
  request,
}) => {
  const csp = await watchCspViolations(page);
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  const poles = [offset(-30, 0), offset(0, 20), offset(30, 0)].map((p, i) => ({
    type: 'Feature',
    properties: { name: `Poteau ${['Été', 'Forêt', 'Île'][i]}`, height: 9 + i },
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  }));
  await page.getByRole('button', { name: 'Import file', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import GIS files' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'poles.geojson',
    mimeType: 'application/geo+json',
    buffer: Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: poles })),
  });
  await dialog.getByRole('button', { name: 'Read the files' }).click();
  await expect(dialog.getByText('1 layer(s) found')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('combobox', { name: 'Element type for poles' })).toHaveValue(
    'Pole',
  );
  await dialog.getByRole('button', { name: 'Import into the cluster' }).click();
  await expect(dialog.getByText('3 element(s) imported, 0 skipped.')).toBeVisible({
    timeout: 30_000,
  });
  const saved = await savedElements(request, ws);
  expect(saved.map((e) => e.name).sort()).toEqual(['Poteau Forêt', 'Poteau Été', 'Poteau Île']);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The imported poles are on the map: the search finds one.
  await page.getByRole('combobox', { name: 'Search elements' }).fill('Forêt');
  await expect(page.getByRole('option', { name: 'Poteau Forêt · Pole' })).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export the whole cluster as GeoJSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^E2E .*-\d{4}-\d{2}-\d{2}\.geojson$/);
  const exported = JSON.parse(await readFile((await file.path()) ?? '', 'utf8')) as {
    features: { properties: Record<string, unknown>; geometry: { coordinates: number[] } }[];
  };
  expect(exported.features).toHaveLength(3);
  const names = exported.features.map((f) => f.properties.Name ?? f.properties.name);
  expect(names.sort()).toEqual(['Poteau Forêt', 'Poteau Été', 'Poteau Île']);
  expect(exported.features[0]?.geometry.coordinates[0]).toBeCloseTo(NAIROBI.lng, 2);

  // The whole project from the same menu: the cluster's poles among its other clusters' elements.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const wholeDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export the whole project as GeoJSON' }).click();
  const whole = JSON.parse(
    await readFile((await (await wholeDownload).path()) ?? '', 'utf8'),
  ) as typeof exported;
  const wholeNames = whole.features.map((f) => String(f.properties.Name ?? f.properties.name));
  expect(wholeNames).toEqual(expect.arrayContaining(['Poteau Forêt', 'Poteau Été', 'Poteau Île']));
  expect(whole.features.length).toBeGreaterThan(3);
  // The map, the import and the download all ran under the server's security headers.
  csp.expectNone();
});
