import { expect, test } from '@playwright/test';
import { column, createIn } from './support/organisation.ts';
import { ADMIN } from './support/server.ts';
import { NAIROBI_CBD, pickPath, unique } from './support/hierarchy.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

test('an admin builds an organisation from the Project page, works in it, then deletes it all by typing its name', async ({
  page,
}) => {
  // The whole journey (four levels, a CO, a cluster, the map, the deletion) in one test.
  test.setTimeout(180_000);
  const subsidiary = unique('Camusat Tanzania');
  const client = 'Vodacom Tanzania';
  const mainProject = 'Dar FTTH';
  const project = unique('Masaki');
  const office = 'CO Masaki';
  const cluster = 'MSK-01';
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);

  await page.getByRole('link', { name: 'Organisation' }).click();
  await expect(page).toHaveTitle('Integration | Organisation');

  // Subsidiary (with its country), client, main project: each new one is opened at once.
  await column(page, 'Subsidiaries').getByRole('button', { name: 'New subsidiary' }).click();
  const dialog = page.getByRole('dialog', { name: 'New subsidiary' });
  await dialog.getByLabel('Name').fill(subsidiary);
  await dialog.getByLabel('Country').fill('Tanzania');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`'${subsidiary}' created.`)).toBeVisible();
  await expect(
    column(page, 'Subsidiaries').getByRole('button', { name: subsidiary, exact: true }),
  ).toHaveAttribute('aria-current', 'true');
  await expect(column(page, 'Clients')).toContainText(`${subsidiary} has no client yet.`);
  await createIn(page, 'Clients', 'New client', client);
  await createIn(page, 'Main projects', 'New main project', 'Dar es Salaam');
  // Renamed: the Project page and the selectors of every screen read the new name.
  await column(page, 'Main projects')
    .getByRole('button', { name: 'Rename the main project Dar es Salaam' })
    .click();
  const rename = page.getByRole('dialog', { name: 'Rename the main project “Dar es Salaam”' });
  await rename.getByLabel('Name').fill(mainProject);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`'${mainProject}' saved.`)).toBeVisible();
  await expect(
    column(page, 'Main projects').getByRole('button', { name: mainProject, exact: true }),
  ).toHaveAttribute('aria-current', 'true');

  // The project with its ConfigureProject settings: map zoom 12, prices in Tanzanian shillings.
  await column(page, 'Projects').getByRole('button', { name: 'New project' }).click();
  const projectDialog = page.getByRole('dialog', { name: `New project in ${mainProject}` });
  await projectDialog.getByLabel('Name').fill(project);
  await expect(projectDialog.getByLabel('Map zoom')).toHaveValue('10');
  await projectDialog.getByLabel('Map zoom').fill('12');
  await projectDialog.getByRole('combobox', { name: 'Currency' }).fill('TZS');
  await page.getByRole('option', { name: /^TZS/ }).click();
  await projectDialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`'${project}' created.`)).toBeVisible();
  await expect(column(page, 'Projects').getByRole('listitem')).toContainText(
    'Zoom 12 · TZS · 0 elements',
  );

  // A name already taken in the same parent, whatever its case, is refused beside the field.
  await column(page, 'Clients').getByRole('button', { name: 'New client' }).click();
  const again = page.getByRole('dialog');
  await again.getByLabel('Name').fill(client.toUpperCase());
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(
    again.getByText(`A client named '${client.toUpperCase()}' already exists in this subsidiary.`),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // The Project page lists it at once, and ConfigureProject reads its settings back.
  await page.getByRole('link', { name: 'Projects' }).click();
  await expectOnProjects(page);
  const projects = page.getByRole('table', { name: 'Projects' });
  await expect(projects.getByRole('row', { name: new RegExp(project) })).toContainText(
    `${client}${mainProject}`,
  );
  await page.getByRole('button', { name: `Configure ${project}` }).click();
  const configure = page.getByRole('dialog', { name: `Configure the project “${project}”` });
  await expect(configure.getByLabel('Map zoom')).toHaveValue('12');
  await expect(configure.getByRole('combobox', { name: 'Currency' })).toHaveValue(
    /^TZS · Tanzanian Shilling$/,
  );
  await configure.getByRole('button', { name: 'Cancel' }).click();

  // A central office and a cluster in it, on their own screens, then its map.
  const path = {
    Subsidiary: subsidiary,
    Client: client,
    'Main project': mainProject,
    Project: project,
  };
  await page.getByRole('link', { name: 'Manage central offices' }).click();
  await pickPath(page, path);
  await page.getByLabel('CO name').fill(office);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Central office '${office}' created.`)).toBeVisible();
  await page.goto('/co/cluster');
  await pickPath(page, { ...path, 'Central office': office });
  await page.getByLabel('Cluster name').fill(cluster);
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await expect(page.getByText(`Cluster '${cluster}' created.`)).toBeVisible();
  await page.goto('/project');
  await page.getByRole('button', { name: `Choose a cluster of ${project}` }).click();
  await page.getByRole('button', { name: `Open the map of cluster ${cluster}` }).click();
  await expect(page).toHaveTitle('Integration | Map');

  // Deleting the subsidiary says what goes with it, and needs its name typed exactly.
  await page.goto('/project/organisation');
  await column(page, 'Subsidiaries')
    .getByRole('button', { name: `Delete the subsidiary ${subsidiary}` })
    .click();
  const remove = page.getByRole('dialog', { name: `Delete the subsidiary “${subsidiary}”?` });
  await remove.getByRole('button', { name: 'Delete' }).click();
  await expect(
    remove.getByText(
      `Deleting “${subsidiary}” also deletes 1 client, 1 main project, 1 project, 1 central office, and 1 cluster, in one go.`,
    ),
  ).toBeVisible();
  const everything = remove.getByRole('button', { name: 'Delete everything' });
  await expect(everything).toBeDisabled();
  const typed = remove.getByLabel(`Type ${subsidiary} to confirm`);
  await typed.fill(subsidiary.toLowerCase());
  await expect(everything).toBeDisabled();
  await typed.fill(subsidiary);
  await expect(everything).toBeEnabled();
  await everything.click();
  await expect(page.getByText(`'${subsidiary}' deleted.`)).toBeVisible();
  await expect(remove).toBeHidden();

  // Gone from every list.
  await expect(column(page, 'Subsidiaries').getByRole('button', { name: subsidiary })).toHaveCount(
    0,
  );
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('table', { name: 'Changes to the organisation' });
  await expect(
    history.getByRole('row', { name: new RegExp(`^${subsidiary} Deleted`) }),
  ).toContainText('with 1 client, 1 main project, 1 project, 1 central office, and 1 cluster');
  await expect(history.getByRole('row', { name: new RegExp(`^${project} Created`) })).toContainText(
    'zoom 12',
  );
  await page.goto('/project');
  await expect(projects.getByRole('row', { name: new RegExp(project) })).toHaveCount(0);
  await page.goto('/co');
  await page.getByRole('combobox', { name: 'Subsidiary', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Camusat Kenya' })).toBeVisible();
  await expect(page.getByRole('option', { name: subsidiary })).toHaveCount(0);
});

test('a central office with a cluster goes with it once its name is typed, on Manage CO', async ({
  page,
}) => {
  const office = unique('CO Typed');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.goto('/co');
  await pickPath(page, NAIROBI_CBD);
  await page.getByLabel('CO name').fill(office);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Central office '${office}' created.`)).toBeVisible();
  await page.goto('/co/cluster');
  await pickPath(page, { ...NAIROBI_CBD, 'Central office': office });
  await page.getByLabel('Cluster name').fill('TYPED-01');
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await expect(page.getByText(`Cluster 'TYPED-01' created.`)).toBeVisible();

  await page.goto('/co');
  await pickPath(page, NAIROBI_CBD);
  await page.getByRole('button', { name: `Delete ${office}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the central office “${office}”?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    dialog.getByText(`Deleting “${office}” also deletes 1 cluster, in one go.`),
  ).toBeVisible();
  await expect(dialog.getByText(/still has 1 cluster\(s\): TYPED-01/)).toBeVisible();
  await dialog.getByLabel(`Type ${office} to confirm`).fill(office);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByText(`Central office '${office}' deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: office })).toHaveCount(0);
});

test('a planner sees no organisation controls', async ({ page }) => {
  await signIn(page, 'planner@example.com', 'planner1234');
  await expectOnProjects(page);
  await expect(page.getByRole('table', { name: 'Projects' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Organisation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Configure / })).toHaveCount(0);
  await page.goto('/project/organisation');
  await expect(page.getByText('Only administrators can change the organisation.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^New / })).toHaveCount(0);
});
