import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectOnProjects, signIn } from './support/ui.ts';

const PLANNER = { email: 'planner@example.com', password: 'planner1234' };

async function openTemplates(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Element templates of Nairobi CBD', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Element templates of Nairobi CBD' });
  await expect(dialog.getByRole('combobox', { name: 'Element type' })).toHaveValue('PBO-FAT');
  return dialog;
}

async function addAttribute(page: Page, dialog: Locator, name: string, type: string) {
  await dialog.getByRole('button', { name: 'Add attribute' }).click();
  const row = dialog.getByRole('group', { name: /\(new\)$/ }).last();
  await row.getByRole('textbox', { name: 'Name' }).fill(name);
  await row.getByRole('combobox', { name: 'Input type' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText("Template 'Default' saved.")).toBeVisible();
}

/** The report builder's attributes of PBO-FATs in Nairobi CBD, numbers marked. */
async function offeredToReports(page: Page): Promise<{ name: string; number: boolean }[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const projects = await page.request.get('/api/projects/platforms?platformName=integration', {
    headers: { authorization: `Bearer ${token}` },
  });
  const list = (await projects.json()) as { data: { id: number; name: string }[] };
  const id = list.data.find((p) => p.name === 'Nairobi CBD')?.id;
  const answer = await page.request.get(`/api/integration/reports/attributes/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await answer.json()) as { data: { PboFat: { name: string; number: boolean }[] } }).data
    .PboFat;
}

test('a planner adds, renames and removes attributes of the PBO-FAT template', async ({ page }) => {
  await signIn(page, PLANNER.email, PLANNER.password);
  await expectOnProjects(page);
  let dialog = await openTemplates(page);

  // Computed attributes are locked.
  const existing = dialog.getByRole('group', { name: /: Existing Users$/ });
  await expect(existing.getByRole('textbox', { name: 'Name' })).toBeDisabled();
  await expect(existing.getByRole('button', { name: 'Remove Existing Users' })).toBeDisabled();

  await addAttribute(page, dialog, 'Splitters', 'Number');
  await addAttribute(page, dialog, 'Survey note', 'Text');
  await save(page, dialog);
  await expect(dialog.getByRole('group', { name: /: Splitters$/ })).toBeVisible();
  // Offered at once to reports, as a number.
  expect(await offeredToReports(page)).toContainEqual({ name: 'Splitters', number: true });

  // Rename one, remove another.
  await dialog
    .getByRole('group', { name: /: Splitters$/ })
    .getByRole('textbox', { name: 'Name' })
    .fill('Splitter ports');
  await expect(dialog.getByText('Was Splitters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove Survey note' }).click();
  await expect(dialog.getByText('Removed when you save')).toBeVisible();
  await save(page, dialog);

  // As saved, after a reload.
  await page.reload();
  dialog = await openTemplates(page);
  await expect(dialog.getByRole('group', { name: /: Splitter ports$/ })).toBeVisible();
  await expect(dialog.getByRole('group', { name: /: Splitters$/ })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: /: Survey note$/ })).toHaveCount(0);
  const offered = await offeredToReports(page);
  expect(offered).toContainEqual({ name: 'Splitter ports', number: true });
  expect(offered.map((a) => a.name)).not.toContain('Survey note');

  // A required attribute without a default is refused by the server, in a toast.
  await addAttribute(page, dialog, 'Poles nearby', 'Number');
  await dialog
    .getByRole('group', { name: /\(new\)$/ })
    .getByRole('checkbox', { name: 'Required' })
    .check();
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(
    page.getByText(/'Poles nearby' is required, so it needs a default value/),
  ).toBeVisible();

  // Leave the template as the demo has it for the other tests.
  await dialog.getByRole('button', { name: 'Remove Poles nearby' }).click();
  await dialog.getByRole('button', { name: 'Remove Splitter ports' }).click();
  await save(page, dialog);
});

test('in French: the screen and the server refusal of a name taken', async ({ page }) => {
  await signIn(page, PLANNER.email, PLANNER.password);
  await expectOnProjects(page);
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));
  await page.reload();
  await page
    .getByRole('button', { name: "Modèles d'éléments de Nairobi CBD", exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: "Modèles d'éléments de Nairobi CBD" });
  await expect(dialog.getByRole('combobox', { name: "Type d'élément" })).toHaveValue('PBO-FAT');
  await dialog.getByRole('button', { name: 'Ajouter un attribut' }).click();
  await dialog
    .getByRole('group', { name: /\(nouveau\)$/ })
    .getByRole('textbox', { name: 'Nom' })
    .fill('capacity');
  await dialog.getByRole('button', { name: 'Enregistrer le modèle' }).click();
  await expect(
    page.getByText('Ce modèle a déjà un attribut nommé « capacity »', { exact: false }),
  ).toBeVisible();
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the templates fill the screen, one attribute field under another', async ({ page }) => {
    await signIn(page, PLANNER.email, PLANNER.password);
    await expectOnProjects(page);
    const dialog = await openTemplates(page);
    const row = dialog.getByRole('group', { name: /: Capacity$/ });
    const name = await row.getByRole('textbox', { name: 'Name' }).boundingBox();
    const type = await row.getByRole('combobox', { name: 'Input type' }).boundingBox();
    expect(name && type && type.y > name.y + name.height - 1).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('templates-phone.png') });
  });
});
