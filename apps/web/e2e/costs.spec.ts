import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PriceBook } from '@integration/contracts';
import { demoCluster, openMap, type Workspace } from './support/map.ts';
import { ADMIN } from './support/server.ts';
import { expectNoSidewaysScroll, expectOnProjects, signIn } from './support/ui.ts';

// CBD-01's bill counts its 780 homes' network; the map renders in software.
test.describe.configure({ timeout: 120_000 });

const headers = (ws: Workspace) => ({ authorization: `Bearer ${ws.token}` });

/**
 * The demo project's price book without its splice prices, whatever was seeded, so the test
 * prices splices itself; the book as it was is put back afterwards.
 */
async function withoutSplicePrices(request: APIRequestContext, ws: Workspace) {
  const path = `/api/design/projects/${ws.projectId}/prices`;
  const book = (
    (await (await request.get(path, { headers: headers(ws) })).json()) as {
      data: PriceBook;
    }
  ).data;
  const put = async (entries: PriceBook['entries']) => {
    const answer = await request.post(path, {
      headers: headers(ws),
      data: { currency: book.currency, entries },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await put(book.entries.filter((e) => e.item !== 'splice'));
  return { currency: book.currency, restore: () => put(book.entries) };
}

/** An amount shown on screen ("KES 1,234.50") as a number. */
const amount = (text: string) => Number(/[\d,]+\.\d\d/.exec(text)?.[0].replace(/,/g, '') ?? NaN);

/** The Cost figure at the top of the bill. */
async function cost(page: Page) {
  const text = await page.getByRole('group', { name: 'Cost', exact: true }).innerText();
  return amount(text.split('\n').find((l) => /\d/.test(l)) ?? '');
}

/** A line of the bill by its item's name (its first cell). */
const lineOf = (table: Locator, item: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: item, exact: true }) });

test('prices the splices of CBD-01 from the price book, downloads the bill, and reads it in French', async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request);
  const book = await withoutSplicePrices(request, ws);
  try {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectOnProjects(page);
    await page.getByRole('link', { name: 'Bill of materials of Nairobi CBD' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bill of materials' })).toBeVisible();
    await expect(page).toHaveTitle('Integration | Bill of materials');

    // The project's bill, then CBD-01's.
    await page.getByRole('combobox', { name: 'Cluster' }).click();
    await page.getByRole('option', { name: 'CBD-01', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`clusterId=${ws.clusterId}`));
    // The project's bill stays on screen (named so) until CBD-01's is counted.
    const bill = page.getByRole('region', { name: 'Bill of materials: CBD-01' });
    await expect(bill).toHaveAttribute('aria-busy', 'false');
    const table = bill.getByRole('table', { name: 'Lines of the bill' });
    const splices = lineOf(table, 'Splice');
    await expect(splices).toContainText('no price');
    await expect(page.getByText(/^\d+ lines? ha(s|ve) no price/)).toBeVisible();
    const before = await cost(page);
    const quantity = Number(
      (await splices.getByRole('cell').nth(3).innerText()).replace(/[^\d.]/g, ''),
    );
    expect(quantity).toBeGreaterThan(0);

    // The note leads to the price book: a splice at 300.
    await page.getByRole('button', { name: 'Add them to the price book' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price book: Nairobi CBD' });
    await expect(dialog.getByLabel('Currency')).toHaveValue(book.currency);
    await dialog.getByRole('button', { name: 'Add a price' }).click();
    const item = dialog.getByRole('combobox', { name: /^Item, row \d+$/ }).last();
    const row = /\d+/.exec((await item.getAttribute('aria-label')) ?? '')?.[0];
    await item.click();
    await page.getByRole('option', { name: 'Splice', exact: true }).click();
    await expect(item).toHaveValue('Splice');
    // Saving without a price is refused beside the row.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a price.')).toBeVisible();
    await dialog.getByRole('textbox', { name: `Unit price, row ${row}` }).fill('300');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Price book saved.')).toBeVisible();

    // The line is priced at quantity × 300, and the cost grew by as much.
    const total = (quantity * 300).toLocaleString('en', { minimumFractionDigits: 2 });
    await expect(splices.getByRole('cell').nth(4)).toHaveText(/^KES\s300\.00 each$/);
    await expect(splices.getByRole('cell').nth(5)).toHaveText(new RegExp(`^KES\\s${total}$`));
    await expect.poll(() => cost(page)).toBeCloseTo(before + quantity * 300, 2);

    // The bill as a workbook, named by the server (an XLSX is a zip: it starts with 'PK').
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download XLSX' }).click();
    const download = await started;
    expect(download.suggestedFilename()).toBe('Bill of materials CBD-01.xlsx');
    expect((await readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');

    // In French, the same bill.
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nomenclature' })).toBeVisible();
    const tableau = page.getByRole('table', { name: 'Lignes de la nomenclature' });
    await expect(lineOf(tableau, 'Épissure').getByRole('cell').nth(4)).toHaveText(
      /^300,00\sKES \/ u$/,
    );
    await expect(page.getByRole('group', { name: 'Coût', exact: true })).toBeVisible();
  } finally {
    await book.restore();
  }
});

test("opens the open cluster's bill from the map, readable on a phone", async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request);
  await openMap(page, ws, null);
  await page.getByRole('link', { name: 'Bill of materials' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/project/costs\\?projectId=${ws.projectId}&clusterId=${ws.clusterId}$`),
  );
  await expect(page.getByRole('combobox', { name: 'Cluster' })).toHaveValue('CBD-01');
  await expect(page.getByRole('region', { name: 'Bill of materials: CBD-01' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lines of the bill' })).toBeVisible();

  // On a phone each line is a card, and nothing pushes the page sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Lines of the bill' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: /^Splice(?! closure)/ })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Price book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price book: Nairobi CBD' });
  await expect(dialog.getByRole('combobox', { name: 'Item, row 1', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('shows a field crew the price book without letting them change it', async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request);
  await signIn(page, 'field@example.com', 'field1234');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.goto(`/project/costs?projectId=${ws.projectId}&clusterId=${ws.clusterId}`);
  await page.getByRole('button', { name: 'Price book' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price book: Nairobi CBD' });
  await expect(
    dialog.getByText("Only the project's planners and the admins change its prices."),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Add a price' })).toHaveCount(0);
});
