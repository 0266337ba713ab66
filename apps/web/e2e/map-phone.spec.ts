import { expect, test, type Locator, type Page } from '@playwright/test';
import { clickAt, createElements, emptyCluster, openMap, type View } from './support/map.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

// A field crew's phone: 390 × 844, fingers only (issue 24, point 10).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

const FIELD = { email: 'field@example.com', password: 'field1234' };
const WIDTH = 390;

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`not visible: ${locator.toString()}`);
  return box;
};
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A toast is shown whole, once it has slid in: inside the screen's width. */
async function expectToastInside(page: Page, text: string | RegExp) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
  await expect(toast).toBeVisible();
  // Seen inside once is enough: on a busy machine a toast may close between two slow polls,
  // and a gone toast has no box to measure (each look is bounded, never waits for it).
  let inside = false;
  await expect
    .poll(async () => {
      const box = await toast.boundingBox({ timeout: 500 }).catch(() => null);
      if (box) inside ||= Math.round(box.x) >= 0 && Math.round(box.x + box.width) <= WIDTH;
      return inside;
    })
    .toBe(true);
}

/** The status bar's items, the map's scale and attribution: no two on top of each other. */
async function expectBottomApart(page: Page, others: Locator[] = []) {
  const bar = page.getByRole('group', { name: 'Map status' });
  await expect(bar.getByRole('status', { name: 'Save status' })).toBeVisible();
  const items = [
    bar.getByRole('status', { name: 'Save status' }),
    bar.getByRole('button', { name: /^\d+ (person|people) here/ }),
    bar.getByRole('button', { name: 'Share my location' }),
    page.locator('.maplibregl-ctrl-scale'),
    page.locator('.maplibregl-ctrl-attrib'),
    ...others,
  ];
  const boxes: Box[] = [];
  for (const item of items) if (await item.isVisible()) boxes.push(await boxOf(item));
  expect(boxes.length).toBeGreaterThanOrEqual(4);
  for (const [i, a] of boxes.entries()) {
    expect(a.x + a.width).toBeLessThanOrEqual(WIDTH);
    for (const b of boxes.slice(i + 1)) expect(overlap(a, b), JSON.stringify([a, b])).toBe(false);
  }
}

test('a field crew starts with Scan and the map, never admin buttons; toasts and the bottom bar fit the phone', async ({
  page,
  context,
}) => {
  // The platforms menu fails: its toast is the Project page's.
  await page.route('**/api/platforms/user', (route) => route.abort('failed'));
  await signIn(page, FIELD.email, FIELD.password);
  await expectOnProjects(page);
  await expectToastInside(page, /platforms/i);

  // Scan and the maps of the crew's clusters lead; nothing only an admin or planner may use.
  await expect(page.getByRole('button', { name: 'Scan a tag' })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Manage central offices' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Clusters', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open the map of cluster NYL-01' }).tap();
  await expect(page).toHaveTitle('Integration | Map');
  await expect(page.locator('[data-ready="true"]')).toBeVisible({ timeout: 90_000 });
  await expectBottomApart(page);

  // A toast on the map (a map type the address asks for that does not exist).
  await page.goto('/project/map?mapType=bogus');
  await expectToastInside(page, /Invalid map type/);

  // Scan is one tap away from the map.
  await page.getByRole('banner').getByRole('button', { name: 'Scan a tag' }).tap();
  await expect(page).toHaveTitle('Integration | Scan tag');

  // Back at work later (the app opened again): straight onto the map of the cluster.
  const later = await context.newPage();
  await later.goto('/project');
  await expect(later).toHaveTitle('Integration | Map');
  await expect(later.getByRole('banner').getByRole('button', { name: 'Scan a tag' })).toBeVisible();
});

test('Create Route on a phone: a sheet that leaves most of the map, lengths and costs in KES, no travel time, no route twice; coordinates read to 6 decimals', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ws = await emptyCluster(request);
  // Two corners of Nairobi CBD that its roads join by more than one route.
  const from = { lat: -1.286, lng: 36.82 };
  const to = { lat: -1.283, lng: 36.825 };
  await createElements(request, ws, 'cable', [{ coordinates: [from, to] }]);
  const view: View = { lat: (from.lat + to.lat) / 2, lng: (from.lng + to.lng) / 2, zoom: 16 };
  await openMap(page, ws, view);

  await page.getByRole('button', { name: 'More tools' }).tap();
  await page.getByRole('menuitem', { name: 'Create Route' }).tap();
  await clickAt(page, view, view);
  const panel = page.getByRole('region', { name: 'Create Route' });
  const list = panel.getByRole('list', { name: 'Routes' });
  await expect(list.getByRole('button').first()).toBeVisible();

  // Lengths only: a cable is laid, not travelled.
  const names = await list
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  for (const name of names) expect(name).toMatch(/^Route \d, [\d.]+ (m|km)$/);
  // The sheet and the bar below it leave most of the map in view, and overlap nothing.
  const map = await boxOf(page.getByRole('region', { name: 'Network map' }));
  const sheet = await boxOf(panel);
  expect(map.y + map.height - sheet.y).toBeLessThan(map.height / 2);
  await expectBottomApart(page, [panel]);

  // Costs in the project's currency, and never the same route twice.
  await panel.getByText('Existing infrastructure').tap();
  await expect(list.getByRole('button').first()).toHaveAccessibleName(
    /^Route 1, .+, estimated cost KES\s[\d,]+$/,
  );
  const offered = await list
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent));
  expect(new Set(offered).size).toBe(offered.length);
  // Folded, the sheet keeps one line.
  await panel.getByRole('button', { name: 'Hide the routes panel' }).tap();
  await expect(list).toBeHidden();
  expect((await boxOf(panel)).height).toBeLessThan(120);

  // The coordinates tool reads a point to at most 7 decimals, and its toast fits the screen.
  await page.getByRole('button', { name: 'More tools' }).tap();
  await page.getByRole('menuitem', { name: 'Coordinates' }).tap();
  await clickAt(page, view, view);
  await expect(page.getByTestId('measurement')).toHaveText(/^-?\d+\.\d{1,7}, -?\d+\.\d{1,7}$/);
  await page.getByRole('button', { name: 'Copy coordinates' }).tap();
  await expectToastInside(page, /Copied|copy/i);
});
