import { expect, test } from '@playwright/test';
import { ADMIN } from './support/server.ts';
import { NAIROBI_CBD, NAIROBI_CBD_FR, pickPath, unique } from './support/hierarchy.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

test('an admin creates a CO, assigns and removes a user, creates and configures a cluster, then deletes both', async ({
  page,
}) => {
  const coName = unique('CO E2E');
  const clusterName = unique('E2E');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);

  await page.goto('/co');
  await expect(page).toHaveTitle('Integration | Manage Co');
  await pickPath(page, NAIROBI_CBD);
  await page.getByLabel('CO name').fill(coName);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Central office '${coName}' created.`)).toBeVisible();
  const coRow = page
    .getByRole('table', { name: 'Central offices' })
    .getByRole('row', { name: coName });
  await expect(coRow).toContainText('0');

  // Users panel: add Grace, see her, remove her.
  await page.getByRole('button', { name: `Manage the users of ${coName}` }).click();
  const panel = page.getByRole('table', { name: `Users of ${coName}` });
  await page.getByRole('combobox', { name: 'User', exact: true }).click();
  await page.getByRole('option', { name: /Grace Wanjiku/ }).click();
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(panel.getByRole('row', { name: /Grace Wanjiku/ })).toBeVisible();
  await expect(coRow.getByRole('cell').nth(2)).toHaveText('1');
  await panel.getByRole('button', { name: 'Remove Grace Wanjiku' }).click();
  await expect(panel.getByRole('row', { name: /Grace Wanjiku/ })).toHaveCount(0);
  await expect(coRow.getByRole('cell').nth(2)).toHaveText('0');

  // Clusters: create one under the new CO.
  await page.goto('/co/cluster');
  await expect(page).toHaveTitle('Integration | Cluster');
  await pickPath(page, { ...NAIROBI_CBD, 'Central office': coName });
  await page.getByLabel('Cluster name').fill(clusterName);
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await expect(page.getByText(`Cluster '${clusterName}' created.`)).toBeVisible();
  const clusterRow = page
    .getByRole('table', { name: 'Clusters' })
    .getByRole('row', { name: clusterName });
  await expect(clusterRow).toContainText('In progress');

  // Configure: the phase is saved as soon as it is chosen; then the naming convention.
  await page.getByRole('button', { name: `Configure ${clusterName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Configure cluster ${clusterName}` });
  await dialog.getByRole('combobox', { name: 'Project phase' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByText('Cluster updated.').first()).toBeVisible();
  await expect(clusterRow).toContainText('Completed');
  await dialog.getByLabel('Prefix').fill('E2E');
  await dialog.getByLabel('Pattern').fill('{prefix}/{type}/{seq:3}');
  await expect(dialog.getByText('E2E/PBO/001')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save naming convention' }).click();
  await expect(page.getByText('Cluster updated.').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The CO now holds a cluster, so deleting it is refused and nothing is lost.
  await page.goto('/co');
  await pickPath(page, NAIROBI_CBD);
  await page.getByRole('button', { name: `Delete ${coName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(new RegExp(`still has 1 cluster\\(s\\): ${clusterName}`)),
  ).toBeVisible();

  // Delete the cluster, then the CO.
  await page.goto('/co/cluster');
  await pickPath(page, { ...NAIROBI_CBD, 'Central office': coName });
  await page.getByRole('button', { name: `Delete ${clusterName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Cluster '${clusterName}' deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: clusterName })).toHaveCount(0);

  await page.goto('/co');
  await pickPath(page, NAIROBI_CBD);
  await page.getByRole('button', { name: `Delete ${coName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Central office '${coName}' deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: coName })).toHaveCount(0);
});

test('the same in French: create and delete a CO and a cluster', async ({ page }) => {
  const coName = unique('CO FR');
  const clusterName = unique('FR');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.evaluate(() => localStorage.setItem('locale', 'fr'));

  await page.goto('/co');
  await expect(page.getByRole('heading', { name: 'Gérer les CO' })).toBeVisible();
  await pickPath(page, NAIROBI_CBD_FR);
  await page.getByLabel('Nom du CO').fill(coName);
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByText(`Central « ${coName} » créé.`)).toBeVisible();

  await page.goto('/co/cluster');
  await pickPath(page, { ...NAIROBI_CBD_FR, Central: coName });
  await page.getByLabel('Nom du cluster').fill(clusterName);
  await page.getByRole('button', { name: 'Créer le cluster' }).click();
  await expect(page.getByText(`Cluster « ${clusterName} » créé.`)).toBeVisible();
  await page.getByRole('button', { name: `Configurer ${clusterName}` }).click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Phase du projet' }).click();
  await page.getByRole('option', { name: 'Annulé' }).click();
  await expect(page.getByText('Cluster mis à jour.').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Supprimer ${clusterName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Cluster « ${clusterName} » supprimé.`)).toBeVisible();

  await page.goto('/co');
  await pickPath(page, NAIROBI_CBD_FR);
  await page.getByRole('button', { name: `Supprimer ${coName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText(`Central « ${coName} » supprimé.`)).toBeVisible();
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});

test('a planner sees only the projects they are assigned to, and cannot add COs', async ({
  page,
}) => {
  await signIn(page, 'planner@example.com', 'planner1234');
  await expectOnProjects(page);
  const projects = page.getByRole('table', { name: 'Projects' });
  await expect(projects.getByRole('row', { name: /Nairobi CBD/ })).toBeVisible();
  await expect(projects.getByRole('row', { name: /Westlands/ })).toBeVisible();
  await expect(projects.getByRole('row', { name: /Mombasa Island/ })).toHaveCount(0);
  await expect(projects.getByRole('row', { name: /Kilimani/ })).toHaveCount(0);
  await page.goto('/co');
  await expect(
    page.getByText('Only administrators can add or delete central offices'),
  ).toBeVisible();
  await expect(page.getByLabel('CO name')).toHaveCount(0);
});

test('presence: a user opening a cluster map is seen online from another browser', async ({
  browser,
}) => {
  const plannerContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const planner = await plannerContext.newPage();
  const admin = await adminContext.newPage();

  await signIn(admin, ADMIN.email, ADMIN.password);
  await expectOnProjects(admin);
  const cbdRow = admin
    .getByRole('table', { name: 'Projects' })
    .getByRole('row', { name: /Nairobi CBD/ });
  await expect(cbdRow.getByLabel(/^0 user\(s\) online/)).toBeVisible();

  await signIn(planner, 'planner@example.com', 'planner1234');
  await expectOnProjects(planner);
  await planner.getByRole('button', { name: 'Choose a cluster of Nairobi CBD' }).click();
  await planner.getByRole('button', { name: 'Open the map of cluster CBD-01' }).click();
  await expect(planner).toHaveTitle('Integration | Map');
  expect(
    await planner.evaluate(() => [
      localStorage.getItem('projectID'),
      localStorage.getItem('clusterID'),
    ]),
  ).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);

  // The admin's list refreshes by itself when someone arrives.
  await expect(cbdRow.getByLabel('1 user(s) online Grace Wanjiku')).toBeVisible();
  await admin.getByRole('button', { name: 'Choose a cluster of Nairobi CBD' }).click();
  await expect(
    admin
      .getByRole('dialog')
      .getByRole('row', { name: /CBD-01/ })
      .getByLabel('1 user(s) online Grace Wanjiku'),
  ).toBeVisible();
  await admin.keyboard.press('Escape');

  // Closing the tab leaves within seconds.
  await plannerContext.close();
  await expect(cbdRow.getByLabel(/^0 user\(s\) online/)).toBeVisible({ timeout: 15_000 });
  await adminContext.close();
});

test('an admin invites a user from the Users screen', async ({ page }) => {
  const email = `invited-${Date.now()}@example.com`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Integration | Users');
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByLabel(/^Email/).fill(email);
  await dialog.getByLabel(/^Name/).fill('Otieno Invited');
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`an invitation was sent to ${email}`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText('Invited');
});
