import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { createElements, demoCluster, emptyCluster, offset, openMap } from './support/map.ts';

// The map renders in software, and a GraceTHD delivery of CBD-01 carries ~100,000 rows.
test.describe.configure({ timeout: 180_000 });

const SLOW = { timeout: 60_000 };

async function exchangeItem(page: Page, name: string, scope: 'cluster' | 'project' = 'cluster') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page
    .getByRole('menuitem', { name: `Export the whole ${scope} as ${name}`, exact: true })
    .click();
}

test('exports CBD-01 as a checked GraceTHD GeoPackage and a DXF drawing, and its project as an OFDS package', async ({
  page,
  request,
}) => {
  await openMap(page, await demoCluster(request), null);

  await exchangeItem(page, 'GraceTHD (GeoPackage)');
  const dialog = page.getByRole('dialog', { name: 'GraceTHD delivery of CBD-01' });
  await expect(dialog.getByRole('radio', { name: /Lambert-93 \(EPSG:2154\)/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Check' }).click();
  // The demo's cables whose ends were moved onto their closures: warnings, no error.
  await expect(dialog.getByText(/^0 error\(s\), \d+ warning\(s\)$/)).toBeVisible(SLOW);
  const list = dialog.getByRole('list', { name: 'Problems of the delivery' });
  await expect(list.getByText('Warning').first()).toBeVisible();
  const exportButton = dialog.getByRole('button', { name: 'Export' });
  await expect(exportButton).toBeEnabled();
  let download = page.waitForEvent('download', SLOW);
  await exportButton.click();
  let file = await download;
  expect(file.suggestedFilename()).toMatch(/^CBD-01-GraceTHD-EPSG2154-\d{4}-\d{2}-\d{2}\.gpkg$/);
  // A GeoPackage is an SQLite database.
  const gpkg = await readFile(await file.path());
  expect(gpkg.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');

  await exchangeItem(page, 'DXF');
  const dxf = page.getByRole('dialog', { name: 'DXF drawing of CBD-01' });
  await expect(dxf.getByRole('radio', { name: /^Automatic/ })).toBeChecked();
  download = page.waitForEvent('download', SLOW);
  await dxf.getByRole('button', { name: 'Export' }).click();
  file = await download;
  // Nairobi: the automatic choice is its UTM zone, 37S.
  expect(file.suggestedFilename()).toMatch(/^CBD-01-EPSG32737-\d{4}-\d{2}-\d{2}\.dxf$/);

  download = page.waitForEvent('download', SLOW);
  // OFDS publishes a network: the whole project's.
  await exchangeItem(page, 'OFDS', 'project');
  file = await download;
  expect(file.suggestedFilename()).toMatch(/^Nairobi CBD-\d{4}-\d{2}-\d{2}\.json$/);
  const ofds = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    networks: { nodes: unknown[] }[];
  };
  expect(ofds.networks).toHaveLength(1);
});

/** A cluster whose cable ends on nothing: the check's errors, beside a pole. */
async function brokenCluster(page: Page, request: Parameters<typeof emptyCluster>[0]) {
  const ws = await emptyCluster(request);
  await createElements(request, ws, 'pole', [{ coordinates: offset(0, 0), name: 'Pole 1' }]);
  await createElements(request, ws, 'cable', [
    { coordinates: [offset(30, 10), offset(80, 60)], name: 'Loose cable' },
  ]);
  await openMap(page, ws);
  return ws;
}

test('refuses a delivery with errors, opens a problem on the map, and keeps the list', async ({
  page,
  request,
}) => {
  await brokenCluster(page, request);
  await exchangeItem(page, 'GraceTHD (shapefiles + CSV)');
  const dialog = page.getByRole('dialog', { name: /^GraceTHD delivery of/ });
  await expect(dialog.getByRole('radio', { name: /Shapefiles \+ CSV/ })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Another EPSG code' }).check();
  await dialog.getByRole('textbox', { name: 'EPSG code' }).fill('12.5');
  await expect(dialog.getByText('Give a whole EPSG code (1024 to 999999).')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Check' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'EPSG code' }).fill('32737');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('2 error(s), 0 warning(s)')).toBeVisible(SLOW);
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeDisabled();
  const list = dialog.getByRole('list', { name: 'Problems of the delivery' });
  await expect(list.getByText('t_cable.cb_nd1')).toBeVisible();
  await list
    .getByRole('button', { name: /^Show on the map: Cable Loose cable: its start/ })
    .click();
  await expect(dialog).toBeHidden();

  // Reopened: the same options and problems, still refusing the export.
  await exchangeItem(page, 'GraceTHD (shapefiles + CSV)');
  await expect(dialog.getByRole('textbox', { name: 'EPSG code' })).toHaveValue('32737');
  await expect(dialog.getByText('2 error(s), 0 warning(s)')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export' })).toBeDisabled();
});

test('imports an OFDS package as a new project and opens its map', async ({ page, request }) => {
  const ws = await demoCluster(request);
  const exported = await request.post('/api/file-format/export', {
    headers: { authorization: `Bearer ${ws.token}` },
    data: { clusterId: ws.clusterId, format: 'ofds' },
  });
  expect(exported.status()).toBe(200);
  await openMap(page, ws, null);
  await page.getByRole('button', { name: 'Import file', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import GIS files' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'network.json',
    mimeType: 'application/json',
    buffer: await exported.body(),
  });
  await dialog.getByRole('button', { name: 'Read the files' }).click();
  await expect(dialog.getByText('OFDS package recognised')).toBeVisible(SLOW);
  await expect(dialog.getByText(/^Imported as a new project: Nairobi CBD/)).toBeVisible();
  const nodes = dialog.getByRole('row', { name: /^nodes/ });
  await expect(nodes).toBeVisible();
  await dialog.getByRole('button', { name: 'Open the new project’s map' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-ready="true"]')).toBeVisible(SLOW);
  const created = await page.evaluate(() => localStorage.getItem('projectID'));
  expect(created).not.toBe(String(ws.projectId));
  // The new project goes again: other tests find the demo's project by its name alone.
  const headers = { authorization: `Bearer ${ws.token}` };
  const project = (await (await request.get(`/api/projects/${created}`, { headers })).json()) as {
    data: { name: string };
  };
  const gone = await request.delete(
    `/api/projects/${created}?confirm=${encodeURIComponent(project.data.name)}`,
    { headers },
  );
  expect(gone.status(), await gone.text()).toBe(200);
});

test('imports a GraceTHD delivery into an empty cluster and reports it', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const demo = await demoCluster(request);
  const delivery = await request.post('/api/file-format/export', {
    headers: { authorization: `Bearer ${ws.token}` },
    data: { clusterId: demo.clusterId, format: 'gracethd' },
  });
  expect(delivery.status()).toBe(200);
  await openMap(page, ws);
  await page.getByRole('button', { name: 'Import file', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import GIS files' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'delivery.gpkg',
    mimeType: 'application/geopackage+sqlite3',
    buffer: await delivery.body(),
  });
  await dialog.getByRole('button', { name: 'Read the files' }).click();
  // The delivery's report, with its tables, instead of the layer mapping.
  await expect(dialog.getByText('GraceTHD delivery recognised')).toBeVisible(SLOW);
  await expect(dialog.getByRole('row', { name: /^t_noeud/ })).toBeVisible();
  await expect(dialog.getByText(/layer\(s\) found/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Show on the map' }).click();
  await expect(dialog).toBeHidden();
  // The copy lies on the demo's own places: it goes, so that other tests meet one network there.
  const headers = { authorization: `Bearer ${ws.token}` };
  const cluster = (await (
    await request.get(`/api/clusters/cluster/${ws.clusterId}`, { headers })
  ).json()) as { data: { name: string } };
  const gone = await request.delete(
    `/api/clusters/cluster/${ws.clusterId}?confirm=${encodeURIComponent(cluster.data.name)}`,
    { headers },
  );
  expect(gone.status(), await gone.text()).toBe(200);
});

/*
 * Pictures for a person to look at (SCREENS_DIR set): the GraceTHD dialog with its check's
 * problems and the reports of imported deliveries, in English and French, on a desktop and a
 * phone. Each size opens its own map: the phone's file controls live in another component.
 */
const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

type Catalogue = Record<string, unknown>;
const catalogue = (name: string): Catalogue =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../src/i18n/${name}`, import.meta.url)), 'utf8'),
  ) as Catalogue;
const TEXTS = {
  en: { files: catalogue('file-format.en.json'), map: catalogue('map.en.json') },
  fr: { files: catalogue('file-format.fr.json'), map: catalogue('map.fr.json') },
};
const lookup = (from: Catalogue, key: string, vars: Record<string, string> = {}) => {
  const text = key.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], from) as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? '');
};

for (const locale of ['en', 'fr'] as const) {
  for (const [label, size] of Object.entries(SIZES)) {
    test(`screens of the exchange standards, ${locale}, ${label}`, async ({ page, request }) => {
      test.skip(!process.env.SCREENS_DIR, 'SCREENS_DIR is not set');
      const dir = process.env.SCREENS_DIR ?? '';
      const f = (key: string, vars?: Record<string, string>) =>
        lookup(TEXTS[locale].files, key, vars);
      const m = (key: string) => lookup(TEXTS[locale].map, key);
      await page.setViewportSize(size);
      await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
      const shoot = async (name: string) => {
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        await page.screenshot({
          path: path.join(dir, `${name}-${locale}-${label}.png`),
          animations: 'disabled',
        });
        // Nothing wider than the screen: no sideways scroll, in the page or in a dialog.
        const overflow = await page.evaluate(() =>
          [document.documentElement, ...document.querySelectorAll('.mantine-Modal-body')].some(
            (el) => el.scrollWidth > el.clientWidth + 1,
          ),
        );
        expect(overflow, `${name} scrolls sideways`).toBe(false);
      };
      const files = async () => {
        if (label === 'phone') await page.getByRole('button', { name: m('layers.title') }).click();
      };
      const graceThd = async () => {
        await files();
        await page.getByRole('button', { name: f('export.button'), exact: true }).click();
        await page
          .getByRole('menuitem', {
            name: f('exchange.item', { format: f('exchange.formats.gracethd') }),
            exact: true,
          })
          .click();
        const dialog = page.getByRole('dialog', { name: /GraceTHD/ });
        await dialog.getByRole('button', { name: f('exchange.graceThd.check') }).click();
        await expect(dialog.getByRole('list')).toBeVisible(SLOW);
      };
      const importFile = async (name: string, buffer: Buffer) => {
        await files();
        await page.getByRole('button', { name: m('tools.import'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: f('import.title') });
        await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: '', buffer });
        await dialog.getByRole('button', { name: f('import.read') }).click();
        await expect(dialog.getByRole('table')).toBeVisible(SLOW);
      };

      await brokenCluster(page, request);
      await graceThd();
      await shoot('gracethd-check-errors');

      const demo = await demoCluster(request);
      await openMap(page, demo, null);
      await graceThd();
      await shoot('gracethd-check-warnings');

      const headers = { authorization: `Bearer ${demo.token}` };
      const delivery = await request.post('/api/file-format/export', {
        headers,
        data: { clusterId: demo.clusterId, format: 'gracethd' },
      });
      await openMap(page, await emptyCluster(request));
      await importFile('CBD-01.gpkg', await delivery.body());
      await shoot('gracethd-import-report');

      const ofds = await request.post('/api/file-format/export', {
        headers,
        data: { clusterId: demo.clusterId, format: 'ofds' },
      });
      await openMap(page, demo);
      await importFile('network.json', await ofds.body());
      await shoot('ofds-import-report');
    });
  }
}
