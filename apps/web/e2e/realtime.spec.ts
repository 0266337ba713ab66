import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import {
  button,
  clickAt,
  clickMarker,
  createElements,
  drag,
  emptyCluster,
  expectAllSaved,
  NAIROBI,
  offset,
  openMap,
  savedElements,
  saveNow,
  type Workspace,
} from './support/map.ts';

// Issue 19: the map is live. Two people, each in their own browser context, on one server.
// Note: the same with two server instances sharing Redis is proven at socket level by the
// server's tests (apps/server/src/modules/realtime): the embedded database (PGlite) lives in
// one process, so a second server here could not share it.

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 180_000 });

const FIELD = { email: 'field@example.com', password: 'field1234' };
const WRITES = '**/api/networkelements/pole/**';

/** Closed at the end, so that nobody stays "online" for the tests that follow. */
async function people(browser: Browser, n: number, options = {}) {
  const contexts: BrowserContext[] = [];
  for (let i = 0; i < n; i++) contexts.push(await browser.newContext(options));
  const pages = await Promise.all(contexts.map((c) => c.newPage()));
  return { pages, close: () => Promise.all(contexts.map((c) => c.close())) };
}

/** A toolbar mode on (its button toggles: a marker just drawn already turned Edit Marker on). */
async function mode(page: Page, name: string) {
  const toggle = button(page, name);
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
}

/** The search lists an element by name: what a user sees of a marker without pixels. */
async function searchFor(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Search elements' }).fill(name);
  return page.getByRole('option', { name: new RegExp(name) });
}

test('edits made by one person appear on the other map without a reload', async ({
  browser,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [shared, doomed] = await createElements(request, ws, 'pole', [
    { coordinates: offset(40, 0), name: 'Shared pole' },
    { coordinates: offset(-40, 0), name: 'Doomed pole' },
  ]);
  const { pages, close } = await people(browser, 2);
  const [alice, bob] = pages as [Page, Page];
  try {
    await openMap(alice, ws);
    await openMap(bob, ws);

    // Alice draws a pole; Bob sees it within a second of its save.
    await alice.getByRole('combobox', { name: 'Point type' }).click();
    await alice.getByRole('option', { name: 'Pole', exact: true }).click();
    await button(alice, 'Marker').click();
    const created = alice.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/pole\/create/.test(r.url()),
    );
    await clickAt(alice, offset(0, 40));
    const dialog = alice.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Drawn by Alice');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await created;
    await expectAllSaved(alice);
    const drawnAt = Date.now();
    await expect(await searchFor(bob, 'Drawn by Alice')).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - drawnAt).toBeLessThan(1_500);
    await bob.keyboard.press('Escape');

    // Bob moves the shared pole while his saves cannot get through; Alice moves it too.
    await bob.route(WRITES, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
    );
    await mode(bob, 'Edit Marker');
    await clickMarker(bob, shared?.coordinates as LatLng);
    const bobsPlace = offset(40, 30);
    await drag(bob, shared?.coordinates as LatLng, bobsPlace);
    await expect(bob.getByRole('status', { name: 'Save status' })).toHaveText(
      'Offline: 1 change(s) waiting',
    );
    await mode(alice, 'Edit Marker');
    await clickMarker(alice, shared?.coordinates as LatLng);
    await drag(alice, shared?.coordinates as LatLng, offset(60, -20));
    await expectAllSaved(alice);
    // Alice's change reached Bob and left his unsaved edit alone: still waiting, and still
    // where he put it (the search frames the element where Bob's copy has it).
    await bob.waitForTimeout(1_500);
    await expect(bob.getByRole('status', { name: 'Save status' })).toHaveText(
      'Offline: 1 change(s) waiting',
    );
    // Bob's save meets Alice's version: the conflict is his to settle.
    await bob.unroute(WRITES);
    await saveNow(bob);
    const conflict = bob.getByRole('dialog', { name: 'Someone else changed this element' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('version 2');
    await expect(conflict).toContainText(String(bobsPlace.lat).slice(0, 7));
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    await expectAllSaved(bob);
    const kept = (await savedElements(request, ws)).find((e) => e.id === shared?.id);
    expect(kept?.version).toBe(3);
    expect((kept?.coordinates as LatLng).lat).toBeCloseTo(bobsPlace.lat, 5);
    // Alice deletes the doomed pole; it leaves Bob's map.
    await expect(await searchFor(bob, 'Doomed pole')).toBeVisible();
    await bob.keyboard.press('Escape');
    await mode(alice, 'Delete');
    await clickMarker(alice, doomed?.coordinates as LatLng);
    await alice
      .getByRole('dialog', { name: 'Delete pole Doomed pole?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectAllSaved(alice);
    const deletedAt = Date.now();
    await bob.getByRole('combobox', { name: 'Search elements' }).fill('Doomed pole');
    await expect(bob.getByRole('option', { name: /Doomed pole/ })).toHaveCount(0, {
      timeout: 2_000,
    });
    expect(Date.now() - deletedAt).toBeLessThan(2_000);
  } finally {
    await close();
  }
});

/** Signs in through the API and keeps the session where the app reads it. */
async function signInAs(request: APIRequestContext, page: Page, who: typeof FIELD, ws: Workspace) {
  const login = await request.post('/api/auth/login', {
    data: { ...who, platform: 'integration' },
  });
  expect(login.status()).toBe(200);
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: unknown;
  };
  await page.goto('/auth/login');
  await page.evaluate(
    ([t, u, p]) => {
      localStorage.setItem('token', t as string);
      localStorage.setItem('user', JSON.stringify(u));
      localStorage.setItem('projectID', String(p));
    },
    [token, user, ws.projectId],
  );
}

test("a field user shares their position from the scan page; the planner's map shows it until they stop", async ({
  browser,
  request,
}) => {
  const ws = await emptyCluster(request);
  const where = offset(-30, 20);
  const { pages, close } = await people(browser, 1);
  const fieldContext = await browser.newContext({
    geolocation: { latitude: where.lat, longitude: where.lng, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const [planner] = pages as [Page];
  const field = await fieldContext.newPage();
  try {
    await openMap(planner, ws);
    await signInAs(request, field, FIELD, ws);
    await field.goto('/qr/scan');
    await field.getByRole('button', { name: 'Share my location' }).click();
    await expect(field.getByRole('status', { name: 'Sharing your location' })).toBeVisible();

    const marker = planner.getByRole('button', { name: /^Brian Otieno, live location/ });
    await expect(marker).toBeVisible();
    await marker.click();
    const card = planner.getByRole('group', { name: 'Live location of Brian Otieno' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'Call +254 712 000 202' })).toHaveAttribute(
      'href',
      'tel:+254712000202',
    );
    await expect(card).toContainText(/Updated/);
    await expect(card).toContainText('±12 m');

    // The layer checkbox hides and shows the live locations.
    const layer = planner.getByRole('checkbox', { name: 'Live locations' });
    await layer.uncheck();
    await expect(marker).toBeHidden();
    await layer.check();
    await expect(marker).toBeVisible();

    // A map opened after the position was sent lists it too (GET /locations/project/{id}).
    const { pages: late, close: closeLate } = await people(browser, 1);
    try {
      await openMap(late[0] as Page, ws);
      await expect(
        (late[0] as Page).getByRole('button', { name: /^Brian Otieno, live location/ }),
      ).toBeVisible();
    } finally {
      await closeLate();
    }

    // A reload does not silently end sharing: it resumes while the browser still allows it…
    await field.reload();
    await expect(field.getByRole('status', { name: 'Sharing your location' })).toBeVisible();
    await expect(marker).toBeVisible();
    // …and says it stopped, with a one-tap "Share again", when the browser would ask again.
    // (Permission withdrawn while the page is away: a running watch would report a refusal.)
    await field.goto('about:blank');
    await fieldContext.clearPermissions();
    await field.goto('/qr/scan');
    const stopped = field.getByRole('alert').filter({ hasText: 'Location sharing stopped' });
    await expect(stopped).toBeVisible();
    await expect(marker).toBeHidden();
    await fieldContext.grantPermissions(['geolocation']);
    await stopped.getByRole('button', { name: 'Share again' }).click();
    await expect(field.getByRole('status', { name: 'Sharing your location' })).toBeVisible();
    await expect(marker).toBeVisible();

    await field.getByRole('button', { name: 'Stop' }).click();
    await expect(field.getByRole('button', { name: 'Share my location' })).toBeVisible();
    await expect(marker).toBeHidden();
  } finally {
    await fieldContext.close();
    await close();
  }
});

test('a refused location permission is said plainly', async ({ browser, request }) => {
  const ws = await emptyCluster(request);
  // No permission granted: headless Chromium refuses geolocation.
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openMap(page, ws);
    await page.getByRole('button', { name: 'Share my location' }).click();
    await expect(page.getByRole('alert')).toContainText('Location permission was refused');
    await expect(page.getByRole('button', { name: 'Share my location' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the map says who else is on the cluster', async ({ browser, request }) => {
  const ws = await emptyCluster(request);
  const { pages, close } = await people(browser, 1);
  const other = await browser.newContext();
  try {
    const [admin] = pages as [Page];
    await openMap(admin, ws);
    // Someone else (the planner of the demo, Grace) opens the same cluster.
    const grace = await other.newPage();
    await signInAs(request, grace, { email: 'planner@example.com', password: 'planner1234' }, ws);
    await grace.evaluate((c) => localStorage.setItem('clusterID', String(c)), ws.clusterId);
    await grace.goto(`/project/map#${NAIROBI.zoom}/${NAIROBI.lat}/${NAIROBI.lng}`);
    const here = admin.getByRole('button', { name: /^2 people here: Grace Wanjiku, .* \(you\)$/ });
    await expect(here).toBeVisible({ timeout: 20_000 });
    await here.click();
    await expect(admin.getByText('Grace Wanjiku', { exact: true })).toBeVisible();
    await other.close();
    await expect(admin.getByRole('button', { name: /^1 person here/ })).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await other.close().catch(() => undefined);
    await close();
  }
});
