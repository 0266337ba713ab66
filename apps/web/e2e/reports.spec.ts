import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import type { ReportRun } from '@integration/contracts';
import { watchCspViolations } from './support/csp.ts';
import { ADMIN } from './support/server.ts';
import { unique } from './support/hierarchy.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

/** Chooses an option of a Mantine select found by its accessible name. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds a metric of a table info and opens its configuration dialog. */
async function addMetric(page: Page, builder: Locator, tableInfo: string, n: number) {
  await choose(page, builder, 'Table info', tableInfo);
  await builder.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Metric ${n}: ${tableInfo}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Applies a metric once its live preview on the preview project shows rows. */
async function applyWithPreview(dialog: Locator) {
  await expect(
    dialog.getByRole('region', { name: 'Preview' }).getByRole('table').getByRole('row'),
  ).not.toHaveCount(0);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

async function addChart(page: Page, builder: Locator, type: string, metric: string) {
  await choose(page, builder, 'Graphic type', type);
  await builder.getByRole('button', { name: 'Configure', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Configure graphic' });
  await dialog.getByRole('checkbox', { name: /^1\. / }).uncheck();
  await dialog.getByRole('checkbox', { name: metric }).check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

/** The files of a zip (an .xlsx) by name, read through its central directory. */
function unzip(bytes: Buffer): Map<string, string> {
  const files = new Map<string, string>();
  let at = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let entry = bytes.readUInt32LE(at + 16);
  const count = bytes.readUInt16LE(at + 10);
  for (let i = 0; i < count; i++) {
    const method = bytes.readUInt16LE(entry + 10);
    const size = bytes.readUInt32LE(entry + 20);
    const nameLength = bytes.readUInt16LE(entry + 28);
    const skip = nameLength + bytes.readUInt16LE(entry + 30) + bytes.readUInt16LE(entry + 32);
    const local = bytes.readUInt32LE(entry + 42);
    const name = bytes.toString('utf8', entry + 46, entry + 46 + nameLength);
    at = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(at, at + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    entry += 46 + skip;
  }
  return files;
}

const bytesOf = async (download: Download) => readFile(await download.path());

const number = (value: number) =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(value);

test('a planner builds a KPI report of every metric type with two charts, saves, runs and reads it', async ({
  page,
}) => {
  const name = unique('Morning KPIs');
  // Charts, their tooltips and the downloads work under the policy the server sends.
  const csp = await watchCspViolations(page);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveTitle('Integration | Reports');

  // A ready-made FTTH report opens in the builder, unsaved; untouched, Cancel just closes.
  await page.getByRole('button', { name: 'Ready-made' }).click();
  await page.getByRole('menuitem', { name: 'PBO-FAT saturation' }).click();
  const readyMade = page.getByRole('dialog', { name: 'New KPI Report' });
  await expect(readyMade.getByLabel('Report name')).toHaveValue('PBO-FAT saturation');
  await expect(
    readyMade.getByRole('table', { name: 'Metrics of the report' }).getByRole('row'),
  ).not.toHaveCount(2);
  await readyMade.getByRole('button', { name: 'Cancel' }).click();
  await expect(readyMade).toBeHidden();

  await page.getByRole('button', { name: 'New KPI Report' }).first().click();
  const builder = page.getByRole('dialog', { name: 'New KPI Report' });
  await expect(builder.getByRole('table', { name: 'Metrics of the report' })).toContainText(
    'No data available',
  );
  await expect(builder.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await builder.getByLabel('Report name').fill(name);
  await choose(page, builder, 'Preview on project', 'Nairobi CBD');

  // Cancelling the dialog of a metric just added takes it away again.
  let dialog = await addMetric(page, builder, 'Formula Result', 1);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(builder.getByRole('table', { name: 'Metrics of the report' })).toContainText(
    'No data available',
  );

  // Escape closes only the dialog on top; closing the builder with changes asks first.
  dialog = await addMetric(page, builder, 'Network Element', 1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(builder).toBeVisible();
  await builder.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard the changes?' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(builder.getByLabel('Report name')).toHaveValue(name);

  dialog = await addMetric(page, builder, 'Project Info', 1);
  await choose(page, dialog, 'Information', 'Number of users');
  await applyWithPreview(dialog);

  dialog = await addMetric(page, builder, 'Network Element', 2);
  await expect(dialog.getByRole('combobox', { name: 'Element type' })).toHaveValue('PBO-FAT');
  await applyWithPreview(dialog);

  dialog = await addMetric(page, builder, 'Network Element Attributes', 3);
  await choose(page, dialog, 'Attribute', 'Capacity (number)');
  await choose(page, dialog, 'Aggregation', 'Sum');
  await applyWithPreview(dialog);

  dialog = await addMetric(page, builder, 'Formula Result', 4);
  await choose(page, dialog, 'Variable 1', 'Existing Users');
  await choose(page, dialog, 'Operation after variable 1', '÷ Divide');
  await choose(page, dialog, 'Variable 2', 'Capacity');
  await dialog.getByLabel('Result name').fill('PBO saturation');
  await choose(page, dialog, 'Result format', 'Percentage');
  await applyWithPreview(dialog);

  const metrics = builder.getByRole('table', { name: 'Metrics of the report' });
  await expect(metrics.getByRole('row')).toHaveCount(5);
  await expect(metrics).toContainText('PBO saturation');

  await addChart(page, builder, 'Column', '2. Number of PBO-FAT');
  await addChart(page, builder, 'Pie', '3. Sum of Capacity (PBO-FAT)');
  await expect(builder.getByRole('list', { name: 'Charts of the report' })).toContainText(
    'Chart 2: Pie of metrics 3',
  );
  await builder.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Report saved successfully!')).toBeVisible();
  await expect(builder).toBeHidden();

  await page.reload();
  const list = page.getByRole('table', { name: 'Your reports' });
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('4');
  await expect(row).toContainText('Never');

  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect(page).toHaveURL(/\/reports\?report=\d+/);
  const reportId = Number(new URL(page.url()).searchParams.get('report'));
  await choose(page, page.locator('main'), 'Project', 'Nairobi CBD');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText(/^Run on /)).toBeVisible();

  // The figures are those the API computes for the same scope.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const projects = await page.request.get('/api/projects/platforms?platformName=integration', {
    headers: { authorization: `Bearer ${token}` },
  });
  const projectId = ((await projects.json()) as { data: { id: number; name: string }[] }).data.find(
    (p) => p.name === 'Nairobi CBD',
  )?.id;
  const answer = await page.request.post(`/api/integration/reports/run/${reportId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { projectId },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const run = ((await answer.json()) as { data: ReportRun }).data;
  expect(run.metrics).toHaveLength(4);
  for (const result of run.metrics) {
    const table = page.getByRole('table', { name: result.title, exact: true });
    await expect(table.getByRole('row')).toHaveCount(Math.max(1, result.rows.length) + 1);
    for (const line of result.rows) {
      const group = String(line.group ?? '');
      const value = line.value;
      const cells = [group, typeof value === 'number' ? number(value) : String(value ?? '')];
      const shown = table.getByRole('row').filter({ hasText: group }).first();
      for (const text of cells) await expect(shown).toContainText(text);
    }
  }
  const saturation = run.metrics[3];
  if (saturation?.rows.some((r) => typeof r.value === 'number')) {
    await expect(page.getByRole('table', { name: 'PBO saturation' })).toContainText('%');
  }

  // Sorting a column reorders the rows.
  const counts = page.getByRole('table', { name: run.metrics[1]?.title ?? '', exact: true });
  await counts
    .getByRole('button', { name: /^Sort by / })
    .last()
    .click();
  await expect(counts.getByRole('columnheader').last()).toHaveAttribute('aria-sort', 'ascending');

  // Charts: drawn, with a summary as their name and their figures as a table.
  const charts = page.getByRole('region', { name: 'Charts' });
  await expect(charts.locator('canvas')).toHaveCount(2);
  await expect(charts.getByRole('img', { name: /^Column chart/ })).toBeVisible();
  await expect(charts.getByRole('img', { name: /^Pie chart/ })).toBeVisible();
  const column = charts.getByRole('img', { name: /^Column chart/ });
  await column.hover({ position: { x: 120, y: 200 } });
  const figures = page.getByRole('table', { name: /^Figures of the chart Column/ });
  await expect(figures).toBeAttached();
  const firstGroup = run.visualizations[0]?.series[0]?.data[0];
  if (firstGroup) await expect(figures).toContainText(firstGroup.name);
  const png = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download the chart Column.* as PNG$/ }).click();
  expect((await png).suggestedFilename()).toBe(`${name}-1.png`);

  // The run as a spreadsheet (a sheet per metric, the figures as numbers) and as a PDF.
  const sheet = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  const xlsx = await sheet;
  expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^${name}-.+\\.xlsx$`));
  const workbook = unzip(await bytesOf(xlsx));
  const sheetNames = [
    ...(workbook.get('xl/workbook.xml') ?? '').matchAll(/<sheet [^>]*name="([^"]+)"/g),
  ].map((m) => m[1]);
  expect(sheetNames.length).toBeGreaterThanOrEqual(4);
  const pbo = run.metrics[1]?.rows.find((r) => typeof r.value === 'number' && r.value > 0)?.value;
  const sheets = [...workbook.entries()].filter(([file]) => file.startsWith('xl/worksheets/'));
  expect(sheets.some(([, xml]) => xml.includes(`<v>${String(pbo)}</v>`))).toBe(true);
  const document = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export PDF' }).click();
  const pdf = await document;
  expect(pdf.suggestedFilename()).toMatch(new RegExp(`^${name}-.+\\.pdf$`));
  expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

  // The list now knows when it last ran.
  await page.getByRole('button', { name: '← All reports' }).click();
  await expect(list.getByRole('row', { name: new RegExp(name) })).not.toContainText('Never');

  // The same in French.
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.goto(`/reports?report=${reportId}`);
  await choose(page, page.locator('main'), 'Projet', 'Nairobi CBD');
  await page.getByRole('button', { name: 'Exécuter', exact: true }).click();
  await expect(page.getByText(/^Exécuté le /)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Graphique Colonnes/ })).toBeVisible();
  await page.getByRole('button', { name: '← Tous les rapports' }).click();
  await expect(page.getByRole('button', { name: 'Nouveau rapport KPI' })).toBeVisible();
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le rapport KPI' });
  await expect(edit.getByLabel('Nom du rapport')).toHaveValue(name);
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.reload();

  // Duplicate, then delete both.
  await page.getByRole('button', { name: `Duplicate ${name}` }).click();
  await expect(list.getByRole('row', { name: new RegExp(`${name} \\(copy\\)`) })).toBeVisible();
  for (const target of [`${name} (copy)`, name]) {
    await page.getByRole('button', { name: `Delete ${target}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Report '${target}' deleted.`)).toBeVisible();
  }
  await expect(list.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  csp.expectNone();
});

test('a report shared with a project is listed read-only for its users, and run by them', async ({
  page,
}) => {
  await signIn(page, 'planner@example.com', 'planner1234');
  await expectOnProjects(page);
  await page.goto('/reports');
  const mine = page.getByRole('table', { name: 'Your reports' });
  await mine.getByRole('button', { name: 'Share Cable metres by capacity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Cable metres by capacity' });
  await choose(page, dialog, 'Shared with the users of', 'Nairobi CBD');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Report shared with the users of Nairobi CBD', { exact: false }),
  ).toBeVisible();
  await expect(mine.getByRole('row', { name: /Cable metres by capacity/ })).toContainText(
    'Shared with Nairobi CBD',
  );

  // The field user of CBD-01 sees it, by its author, and can run it but not change it.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'field@example.com', 'field1234');
  await expectOnProjects(page);
  await page.goto('/reports');
  const row = page
    .getByRole('table', { name: 'Your reports' })
    .getByRole('row', { name: /Cable metres by capacity/ });
  await expect(row).toContainText('Shared by Grace Wanjiku');
  await expect(row.getByRole('button', { name: 'Edit Cable metres by capacity' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete Cable metres by capacity' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Run Cable metres by capacity' }).click();
  await expect(page.getByRole('heading', { name: 'Cable metres by capacity' })).toBeVisible();
  // No project chosen yet on this browser: the report asks for one.
  await choose(page, page.locator('main'), 'Project', 'Nairobi CBD');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('table').filter({ hasText: 'CBD-01' }).first()).toBeVisible();
});
