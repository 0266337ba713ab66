import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from './support/server.ts';
import { NAIROBI_CBD, NAIROBI_CBD_FR, pickPath } from './support/hierarchy.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

/** A prefix no earlier run used (8 characters at most), so reruns on one database do not clash. */
const uniquePrefix = (letter: string) =>
  `${letter}${Date.now().toString(36).slice(-6).toUpperCase()}`;

async function openCbd01(
  page: Page,
  path: Record<string, string> = NAIROBI_CBD,
  office = 'Central office',
  cluster = 'Cluster',
) {
  await pickPath(page, { ...path, [office]: 'CO Nairobi Central', [cluster]: 'CBD-01' });
}

test('a planner creates a tag template with details, adds tags, prints and exports it, and deletes it', async ({
  page,
}) => {
  const prefix = uniquePrefix('E');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.getByRole('link', { name: 'QR tags' }).click();
  await expect(page).toHaveTitle('Integration | QR list of tags');
  await openCbd01(page);
  const templates = page.getByRole('table', { name: 'Tag templates of the cluster' });
  await expect(templates.getByRole('row', { name: /Poles CBD-01/ })).toBeVisible();

  // /qr/generateQR opens the Tag Generation modal.
  await page.goto('/qr/generateQR');
  await expect(page).toHaveTitle('Integration | generate QR');
  await openCbd01(page);
  // …as soon as the cluster it is for is known.
  const modal = page.getByRole('dialog', { name: 'Generate QR tags' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('List name').fill('Street poles');
  await modal.getByLabel('Number of tags').fill('4');
  await modal.getByLabel('Prefix').fill(prefix);
  await modal.getByRole('combobox', { name: 'Element type' }).click();
  await page.getByRole('option', { name: 'Pole', exact: true }).click();

  // Adding a detail without its type says so (SPEC §5).
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByText('Please select an attribute type.')).toBeVisible();
  await modal.getByRole('combobox', { name: 'Info' }).click();
  await page.getByRole('option', { name: 'Attribute' }).click();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await modal.getByRole('combobox', { name: 'Property of detail 1' }).click();
  await page.getByRole('option', { name: 'Owner' }).click();
  await expect(modal.getByLabel('Value of detail 1')).toHaveValue('Safaricom');
  await modal.getByRole('combobox', { name: 'Info' }).click();
  await page.getByRole('option', { name: 'Free Text' }).click();
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(modal.getByRole('table', { name: 'Tag details' }).getByText('N/A')).toBeVisible();
  // Long, as crews write them: a sheet of 21 prints it all, small labels of 65 cannot.
  const long =
    'Mind the high voltage. Call NOC 0700 000 000 before opening the box. '.repeat(2) +
    'Key at the kiosk.';
  await modal.getByLabel('Value of detail 2').fill(long);
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Tag Updated Successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/qr$/);
  const row = templates.getByRole('row', { name: /Street poles/ });
  await expect(row).toContainText(prefix);
  await expect(row).toContainText('0 of 4 scanned');

  // Edit: prefilled, and Add More Tags.
  await page.getByRole('button', { name: 'Edit Street poles' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tag template' });
  await expect(edit.getByLabel('List name')).toHaveValue('Street poles');
  await expect(edit.getByLabel('Prefix')).toHaveValue(prefix);
  await expect(edit.getByLabel('Next number')).toHaveValue('5');
  await edit.getByLabel('Extra tags').fill('2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('0 of 6 scanned');
  await page.getByRole('button', { name: 'Show the tags of Street poles' }).click();
  const tags = page.getByRole('table', { name: 'Tags of Street poles' });
  await expect(tags.getByRole('row')).toHaveCount(7);
  await expect(tags.getByRole('link', { name: `${prefix}00006` })).toBeVisible();

  // The PDF of labels, then the spreadsheet: both downloaded under the template's name.
  await page.getByRole('button', { name: 'Generate the PDF of Street poles' }).click();
  const labels = page.getByRole('dialog', { name: 'Labels of Street poles' });
  // The links point to this test server's localhost: said before printing.
  const linkWarning = labels.getByRole('alert').filter({ hasText: 'Phones will not open' });
  await expect(linkWarning).toContainText(/http:\/\/localhost:\d+/);
  const notFitting = labels.getByRole('alert').filter({ hasText: 'does not fit' });
  await expect(notFitting).toHaveCount(0);
  await labels.getByRole('radio', { name: /65 small labels/ }).check();
  await expect(notFitting).toContainText(long);
  const pdfDownload = page.waitForEvent('download');
  await labels.getByRole('button', { name: 'Generate PDF' }).click();
  const pdf = await pdfDownload;
  expect(pdf.suggestedFilename()).toMatch(/^Street poles-.+\.pdf$/);
  const pdfBytes = await readFile(await pdf.path());
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Export the spreadsheet of Street poles' }).click();
  const exportAnyway = page.getByRole('dialog', { name: 'Export the spreadsheet anyway?' });
  await expect(exportAnyway.getByRole('alert')).toContainText('a phone that scans the label');
  const sheetDownload = page.waitForEvent('download');
  await exportAnyway.getByRole('button', { name: 'Export anyway' }).click();
  const sheet = await sheetDownload;
  expect(sheet.suggestedFilename()).toMatch(/^Street poles-.+\.xlsx$/);
  const sheetBytes = await readFile(await sheet.path());
  expect(sheetBytes.subarray(0, 2).toString()).toBe('PK');

  // A scanned tag of the demo leads to its element, shown and selected on the map.
  await page.getByRole('button', { name: 'Show the tags of Poles CBD-01' }).click();
  await page
    .getByRole('table', { name: 'Tags of Poles CBD-01' })
    .getByRole('button', { name: 'NBO-POL-0001 (map)' })
    .click();
  await expect(page).toHaveURL(/\/project\/map\?element=\d+/);
  // Framed on it at street zoom (the address keeps the view: #zoom/lat/lng).
  await expect(page).toHaveURL(/#18(\.\d+)?\/-1\.\d+\/36\.\d+/, { timeout: 30_000 });
  await page.goBack();

  await page.getByRole('button', { name: 'Delete Street poles' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("Tag 'Street poles' deleted successfully.")).toBeVisible();
  await expect(templates.getByRole('row', { name: /Street poles/ })).toHaveCount(0);
});

test('the same in French: a template created and refused with the server message', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.goto('/qr');
  await expect(page.getByRole('heading', { name: 'Liste des étiquettes QR' })).toBeVisible();
  await openCbd01(page, NAIROBI_CBD_FR, 'Central', 'Cluster');
  // Element types in French, as the map names them.
  await expect(page.getByRole('row', { name: /Poles CBD-01/ })).toContainText('Poteau');
  await page.getByRole('button', { name: "Nouveau modèle d'étiquettes" }).click();
  const modal = page.getByRole('dialog', { name: 'Générer des étiquettes QR' });
  await modal.getByLabel('Nom de la liste').fill('Poteaux');
  await modal.getByLabel("Nombre d'étiquettes").fill('2');
  // A prefix already used by the demo's poles: the server names the clash, in French.
  await modal.getByLabel('Préfixe').fill('POL');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(
    page.getByText(
      "Échec de l'ajout ou de la mise à jour de l'étiquette : Ces codes sont déjà utilisés par d'autres étiquettes : POL00001, POL00002. Choisissez un autre préfixe.",
    ),
  ).toBeVisible();
  await expect(modal).toBeVisible();
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});
