import { expect, test } from '@playwright/test';
import { ADMIN } from './support/server.ts';
import { pickPath } from './support/hierarchy.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

test('Manage CO and Cluster open on the project and cluster chosen on the Project page, and can change it', async ({
  page,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);

  // A project chosen on the Project page…
  await page.getByRole('button', { name: 'Choose a cluster of Mombasa Island' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  // …is where Manage CO opens, its central offices listed without a question.
  await page.getByRole('link', { name: 'Manage central offices' }).click();
  await expect(page).toHaveTitle('Integration | Manage Co');
  await expect(page.getByRole('combobox', { name: 'Subsidiary', exact: true })).toHaveValue(
    'Camusat East Africa',
  );
  await expect(page.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue(
    'Liquid Telecom',
  );
  await expect(page.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(
    'Mombasa Island',
  );
  const offices = page.getByRole('table', { name: 'Central offices' });
  await expect(offices.getByRole('row', { name: /CO Mombasa Island/ })).toBeVisible();

  // The choice can be changed there.
  await pickPath(page, {
    Subsidiary: 'Camusat Kenya',
    Client: 'Safaricom',
    'Main project': 'Nairobi FTTH',
    Project: 'Nairobi CBD',
  });
  await expect(offices.getByRole('row', { name: /CO Nairobi Central/ })).toBeVisible();
  await expect(offices.getByRole('row', { name: /CO Mombasa Island/ })).toHaveCount(0);

  // Opening a cluster makes its CO the one the Cluster screen opens on.
  await page.goto('/project');
  await page.getByRole('button', { name: 'Choose a cluster of Mombasa Island' }).click();
  await page.getByRole('button', { name: 'Open the map of cluster MSA-02' }).click();
  await expect(page).toHaveURL(/\/project\/map/);
  await page.goto('/co/cluster');
  await expect(page.getByRole('combobox', { name: 'Central office', exact: true })).toHaveValue(
    'CO Mombasa Island',
  );
  const clusters = page.getByRole('table', { name: 'Clusters' });
  await expect(clusters.getByRole('row', { name: /MSA-01/ })).toBeVisible();
  await expect(clusters.getByRole('row', { name: /MSA-02/ })).toBeVisible();
});
