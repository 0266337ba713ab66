import { expect, test, type Browser, type Page } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import { pickPath } from './support/hierarchy.ts';
import {
  button,
  clickAt,
  expectAllSaved,
  metres,
  NAIROBI,
  offset,
  savedElements,
  waitForMap,
} from './support/map.ts';
import { column, createIn } from './support/organisation.ts';
import { freshDatabase, startOwnServer, type OwnServer } from './support/own-server.ts';
import { shootScreens } from './support/screens.ts';
import { latestMailTo, linkIn } from './support/server.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

// Issue 28: a real deployment starts empty. A server of its own, on an empty database with
// SEED_DEMO=0 (a fresh PostgreSQL database with PostGIS in the PostgreSQL pass, a fresh data
// directory for the embedded one), where the first admin builds the organisation through the
// screens and a planner they invite draws the first elements. With SCREENS_DIR set, each
// screen passed is also pictured there at a desktop's and a phone's size (support/screens.ts).
test.describe.configure({ timeout: 240_000 });
// A control that never becomes usable fails the step, not the whole test's four minutes.
test.use({ actionTimeout: 30_000 });

const PORT = Number(process.env.E2E_PORT ?? 3210) + 5;
const OPERATOR = { email: 'operator@camusat.example', password: 'first-admin-2024' };
const PLANNER = { email: 'wanjiru.kamau@camusat.example', name: 'Wanjiru Kamau' };
const ORGANISATION = {
  Subsidiary: 'Camusat Kenya',
  Client: 'Zuku',
  'Main project': 'Nairobi South FTTH',
  Project: 'South C',
};
const OFFICE = 'CO South C';
const CLUSTER = 'SC-01';

let server: OwnServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const database = process.env.DATABASE_URL ? await freshDatabase('e2e_from_nothing') : null;
  dropDatabase = database?.drop;
  server = await startOwnServer(PORT, {
    // Unset on the embedded pass: PGlite in the server's fresh data directory.
    DATABASE_URL: database?.url,
    REDIS_URL: undefined,
    SEED_DEMO: '0',
    ADMIN_EMAIL: OPERATOR.email,
    ADMIN_PASSWORD: OPERATOR.password,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await dropDatabase?.();
});

/** A browser of its own (the operator's, then the planner's), on this test's server. */
async function browserOn(browser: Browser) {
  const context = await browser.newContext({
    baseURL: server?.origin,
    viewport: { width: 1440, height: 900 },
  });
  return { context, page: await context.newPage() };
}

test('the first admin builds the organisation on an empty database, and an invited planner draws the first elements', async ({
  browser,
}) => {
  const operator = await browserOn(browser);
  const page = operator.page;

  // The first sign-in: nothing exists, and the Project page says where to begin.
  await signIn(page, OPERATOR.email, OPERATOR.password);
  await expectOnProjects(page);
  await expect(page.getByText('No project yet')).toBeVisible();
  await shootScreens(page, '01-projects-empty');
  await page.getByRole('link', { name: 'Set up the organisation' }).click();
  await expect(page).toHaveTitle('Integration | Organisation');
  await shootScreens(page, '02-organisation-empty');

  // Subsidiary, client, main project and project, each opened as soon as it is made.
  await page.getByRole('button', { name: 'Create your first subsidiary' }).click();
  const first = page.getByRole('dialog', { name: 'New subsidiary' });
  await shootScreens(page, '03-new-subsidiary');
  await first.getByLabel('Name').fill(ORGANISATION.Subsidiary);
  await first.getByLabel('Country').fill('Kenya');
  await first.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`'${ORGANISATION.Subsidiary}' created.`)).toBeVisible();
  await expect(
    column(page, 'Subsidiaries').getByRole('button', {
      name: ORGANISATION.Subsidiary,
      exact: true,
    }),
  ).toHaveAttribute('aria-current', 'true');
  await createIn(page, 'Clients', 'New client', ORGANISATION.Client);
  await createIn(page, 'Main projects', 'New main project', ORGANISATION['Main project']);
  await column(page, 'Projects').getByRole('button', { name: 'New project' }).click();
  const newProject = page.getByRole('dialog', {
    name: `New project in ${ORGANISATION['Main project']}`,
  });
  await shootScreens(page, '04-new-project');
  await newProject.getByLabel('Name').fill(ORGANISATION.Project);
  await newProject.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`'${ORGANISATION.Project}' created.`)).toBeVisible();
  await expect(column(page, 'Projects').getByRole('listitem')).toContainText(ORGANISATION.Project);
  await shootScreens(page, '05-organisation-built');

  // The Project page lists it; its central office and cluster on their own screens.
  await page.getByRole('link', { name: 'Projects' }).click();
  await expectOnProjects(page);
  await expect(
    page.getByRole('table', { name: 'Projects' }).getByRole('row', { name: /South C/ }),
  ).toContainText(`${ORGANISATION.Client}${ORGANISATION['Main project']}`);
  await shootScreens(page, '06-projects-first');
  await page.getByRole('link', { name: 'Manage central offices' }).click();
  await expect(page).toHaveTitle('Integration | Manage Co');
  await pickPath(page, ORGANISATION);
  await page.getByLabel('CO name').fill(OFFICE);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`Central office '${OFFICE}' created.`)).toBeVisible();
  await shootScreens(page, '07-central-office');
  await page.goto('/co/cluster');
  await expect(page).toHaveTitle('Integration | Cluster');
  await pickPath(page, { ...ORGANISATION, 'Central office': OFFICE });
  await page.getByLabel('Cluster name').fill(CLUSTER);
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await expect(page.getByText(`Cluster '${CLUSTER}' created.`)).toBeVisible();
  await shootScreens(page, '08-cluster');

  // The planner is invited by mail, then given the cluster.
  await page.goto('/project');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveTitle('Integration | Users');
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await shootScreens(page, '09-invite');
  await invite.getByLabel(/^Email/).fill(PLANNER.email);
  await invite.getByLabel(/^Name/).fill(PLANNER.name);
  await expect(invite.getByRole('combobox', { name: 'Role' })).toHaveValue('Planner');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`an invitation was sent to ${PLANNER.email}`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(PLANNER.email) })).toContainText('Invited');
  await shootScreens(page, '10-users');
  await page.goto('/co/cluster');
  await pickPath(page, { ...ORGANISATION, 'Central office': OFFICE });
  await page.getByRole('button', { name: `Configure ${CLUSTER}` }).click();
  const configure = page.getByRole('dialog', { name: `Configure cluster ${CLUSTER}` });
  await configure.getByRole('combobox', { name: 'User', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(PLANNER.name) }).click();
  await configure.getByRole('button', { name: 'Add user' }).click();
  await expect(configure.getByRole('row', { name: new RegExp(PLANNER.name) })).toBeVisible();
  await shootScreens(page, '11-cluster-members');
  await operator.context.close();

  // The planner, on another computer, follows the mailed link and chooses a password.
  const planner = await browserOn(browser);
  const mail = await latestMailTo(PLANNER.email, server?.dataDir);
  await planner.page.goto(linkIn(mail).replace(/^https?:\/\/[^/]+/, ''));
  await expect(planner.page).toHaveTitle('Integration | Set Password');
  await shootScreens(planner.page, '12-set-password');
  await planner.page.getByLabel(/^New password/).fill('south-c-planner');
  await planner.page.getByLabel(/^Confirm password/).fill('south-c-planner');
  await planner.page.getByRole('button', { name: 'Save password' }).click();
  await expectOnProjects(planner.page);
  // Signed in by setting it; the next day, with the password alone.
  await planner.page.getByRole('button', { name: 'Logout' }).click();
  await signIn(planner.page, PLANNER.email, 'south-c-planner');
  await expectOnProjects(planner.page);
  await expect(
    planner.page.getByRole('table', { name: 'Projects' }).getByRole('row', { name: /South C/ }),
  ).toBeVisible();
  await shootScreens(planner.page, '13-planner-projects');
  await planner.page
    .getByRole('button', { name: `Choose a cluster of ${ORGANISATION.Project}` })
    .click();
  await shootScreens(planner.page, '14-choose-cluster');
  await planner.page.getByRole('button', { name: `Open the map of cluster ${CLUSTER}` }).click();
  await expect(planner.page).toHaveTitle('Integration | Map');
  await waitForMap(planner.page);
  await shootScreens(planner.page, '15-map-first-open');
  await drawFirstElements(planner.page);
  await shootScreens(planner.page, '16-map-drawn');

  // After a reload they are all there, where they were drawn.
  await planner.page.reload();
  await waitForMap(planner.page);
  for (const name of ['SC pole 1', 'SC PBO 1']) {
    await planner.page.getByRole('combobox', { name: 'Search elements' }).fill(name);
    await expect(planner.page.getByRole('option', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await planner.page.keyboard.press('Escape');
  // Read with the planner's own sign-in, as the server has them.
  const [token, projectId, clusterId] = await planner.page.evaluate(() =>
    ['token', 'projectID', 'clusterID'].map((key) => localStorage.getItem(key) ?? ''),
  );
  const saved = await savedElements(planner.context.request, {
    token: token ?? '',
    user: null,
    projectId: Number(projectId),
    clusterId: Number(clusterId),
  });
  expect(saved).toHaveLength(3);
  const pole = saved.find((e) => e.name === 'SC pole 1');
  const pbo = saved.find((e) => e.name === 'SC PBO 1');
  const cable = saved.find((e) => e.networkElement.type === 'Cable');
  expect(metres(pole?.coordinates as LatLng, POLE)).toBeLessThan(1.5);
  expect(metres(pbo?.coordinates as LatLng, PBO)).toBeLessThan(1.5);
  // The cable runs from the pole to the PBO-FAT, its ends on them.
  const ends = cable?.coordinates as LatLng[];
  expect(ends).toHaveLength(2);
  expect(metres(ends[0] as LatLng, pole?.coordinates as LatLng)).toBeLessThan(0.5);
  expect(metres(ends[1] as LatLng, pbo?.coordinates as LatLng)).toBeLessThan(0.5);
  await planner.context.close();
});

/** Where the planner draws: central Nairobi, 30 m apart, clear of the panels and toasts. */
const POLE = offset(-30, 10);
const PBO = offset(0, 10);

/**
 * The planner draws a pole and a PBO-FAT, names them, and runs a cable from one to the other.
 * A new project's empty cluster opens at the project's zoom over the map's default place: the
 * planner first goes to the street where the network starts (the map has no place search, so
 * its address, which keeps the view, is how a colleague's link would bring them there).
 */
async function drawFirstElements(page: Page) {
  await page.evaluate(
    ({ lat, lng, zoom }) => (window.location.hash = `#${zoom}/${lat}/${lng}`),
    NAIROBI,
  );
  await expect(page).toHaveURL(new RegExp(`#${NAIROBI.zoom}/`));
  for (const [type, at, name] of [
    ['Pole', POLE, 'SC pole 1'],
    ['PBO-FAT', PBO, 'SC PBO 1'],
  ] as const) {
    await page.getByRole('combobox', { name: 'Point type' }).click();
    await page.getByRole('option', { name: type, exact: true }).click();
    await button(page, 'Marker').click();
    await clickAt(page, at);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  await button(page, 'Polyline').click();
  await expect(button(page, 'Polyline')).toHaveAttribute('aria-pressed', 'true');
  await clickAt(page, POLE);
  await clickAt(page, PBO);
  await clickAt(page, PBO);
  await expect(button(page, 'Edit Line')).toHaveAttribute('aria-pressed', 'true');
  await expectAllSaved(page);
}
