import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createElements, demoCluster, offset, openMap } from './support/map.ts';
import { unique } from './support/hierarchy.ts';

// The map renders in software (SwiftShader), and each check of CBD-01 walks its 780 homes.
test.describe.configure({ timeout: 180_000 });

/** A check runs again after a change: give it room on a busy machine. */
const RECHECK = { timeout: 30_000 };

async function openProblems(page: Page) {
  const entry = page.getByRole('button', { name: /^Problems/ });
  // The badge's counts are in its name once the first check has run.
  await expect(entry).toHaveAccessibleName(/^Problems: \d+ errors?, \d+ warnings?$/, RECHECK);
  await entry.click();
  const panel = page.getByRole('region', { name: 'Problems' });
  await expect(panel).toBeVisible();
  return panel;
}

async function chooseRule(page: Page, option: RegExp) {
  await page
    .getByRole('region', { name: 'Problems' })
    .getByRole('combobox', { name: 'Rule' })
    .click();
  await page.getByRole('option', { name: option }).click();
}

async function setLongestDrop(page: Page, metres: string) {
  const panel = page.getByRole('region', { name: 'Problems' });
  await panel.getByRole('button', { name: 'Thresholds' }).click();
  const form = page.getByRole('dialog', { name: 'Design thresholds' });
  const field = form.getByLabel('Longest drop');
  // The project's values are shown before they are changed.
  await expect(form.getByLabel('Loss budget warning')).toHaveValue('90 %');
  await field.fill(metres);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
}

test("lists CBD-01's problems, tunes the drop length threshold, and selects a problem's elements", async ({
  page,
  request,
}) => {
  await openMap(page, await demoCluster(request), null);
  const panel = await openProblems(page);
  await expect(panel.getByText(/^\d+ errors?, \d+ warnings?$/)).toBeVisible();
  await expect(panel.getByText(/^checked at /)).toBeVisible();
  const list = panel.getByRole('list', { name: 'Problems found' });
  // The demo's cables ending near, not on, their closures.
  await expect(
    list.getByRole('button', { name: /Cable NBO-CBL-\d+ (starts|ends) on no enclosure/ }).first(),
  ).toBeVisible();
  await expect(list.getByRole('img', { name: 'Warning' }).first()).toBeVisible();

  // A bad value is refused beside its field, nothing saved.
  await panel.getByRole('button', { name: 'Thresholds' }).click();
  const form = page.getByRole('dialog', { name: 'Design thresholds' });
  await form.getByLabel('Longest drop').fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Between 1 and 100,000.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  // Drops over 10 m: every drop of the demo is an error, the list a hundred at a time.
  await setLongestDrop(page, '10');
  await chooseRule(page, /^Drop length \([1-9][\d,]*\)$/);
  const drops = list.getByRole('button', { name: /^Error ?Drop NBO-CBL-\d+ to NBO-BLD-\d+ is/ });
  await expect(drops.first()).toBeVisible(RECHECK);
  await expect(drops.first()).toContainText('over the 10 m allowed');
  await expect(page.getByRole('button', { name: /^Problems: [1-9][\d,]* errors?/ })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(100);
  // The saved thresholds' toast sits over the panel's foot for 3 s: wait, as a user would.
  await expect(page.getByText('Design thresholds saved.')).toBeHidden(RECHECK);
  await panel.getByRole('button', { name: 'Show 100 more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(200);
  // The list as a workbook (an XLSX is a zip: it starts with 'PK').
  const started = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export XLSX' }).click();
  const download = await started;
  expect(download.suggestedFilename()).toMatch(/CBD-01.*\.xlsx$/);
  expect((await readFile(await download.path())).subarray(0, 2).toString('latin1')).toBe('PK');

  // A problem chosen: its drop and its home selected on the map, their details a click away.
  const first = drops.first();
  const [, drop, home] = /Drop (NBO-CBL-\d+) to (NBO-BLD-\d+)/.exec(
    (await first.textContent()) ?? '',
  ) ?? [null, '', ''];
  await first.click();
  await expect(first).toHaveAttribute('aria-current', 'true');
  await expect(panel.getByText(`Selected on the map: ${drop}, ${home}`)).toBeVisible();
  await panel.getByRole('button', { name: `Details of ${drop}` }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(drop) });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Back to 300 m: the drop problems are gone, without a reload.
  await setLongestDrop(page, '300');
  await expect(panel.getByText('No problem matches these filters.')).toBeVisible(RECHECK);
  await chooseRule(page, /^All rules/);
  await expect(drops).toHaveCount(0);
});

test('follows live edits from others and the saves of the editor, without a reload', async ({
  page,
  request,
}) => {
  const ws = await demoCluster(request);
  await openMap(page, ws, null);
  const panel = await openProblems(page);
  await chooseRule(page, /^Geometry \(/);
  const name = unique('Loose');
  const starts = (cable: string) =>
    panel.getByRole('button', { name: new RegExp(`Cable ${cable} starts on no enclosure`) });
  await expect(panel.getByText(/^checked at /)).toBeVisible();
  await expect(starts(name)).toHaveCount(0);

  // Another user's cable (through the API), its ends on nothing: the panel follows it live.
  const spot = offset(900, -650);
  const [cable] = await createElements(request, ws, 'cable', [
    { coordinates: [spot, offset(60, 0, spot)], name },
  ]);
  await expect(starts(name)).toBeVisible(RECHECK);
  await expect(
    panel.getByRole('button', { name: new RegExp(`Cable ${name} ends on no enclosure`) }),
  ).toBeVisible();

  // Renamed here, in its details: once saved, the problem names it anew.
  await starts(name).click();
  await panel.getByRole('button', { name: `Details of ${name}` }).click();
  const detail = page.getByRole('dialog', { name: new RegExp(name) });
  const renamed = unique('Renamed');
  await detail.getByLabel('Name', { exact: true }).fill(renamed);
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(detail).toBeHidden();
  await expect(starts(renamed)).toBeVisible(RECHECK);
  await expect(starts(name)).toHaveCount(0);

  // Deleted by another user: gone from the list.
  const gone = await request.delete(`/api/networkelements/cable/${cable?.id}`, {
    headers: { authorization: `Bearer ${ws.token}` },
  });
  expect(gone.status()).toBe(200);
  await expect(starts(renamed)).toHaveCount(0, RECHECK);
});
