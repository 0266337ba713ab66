import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import {
  button,
  clickMarker,
  createElements,
  drag,
  emptyCluster,
  expectAllSaved,
  metres,
  offset,
  openMap,
  savedElements,
  saveNow,
  type Workspace,
} from './support/map.ts';

// Issue 14, finding 4: an edit of an element someone else deleted meanwhile answered 500,
// and the editor sent it again forever. It is refused for good now: the editor drops the
// element, says so, and goes on with the rest.

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

const WRITES = '**/api/networkelements/pole/**';
const isEdit = (r: Request) =>
  r.method() === 'POST' && /\/api\/networkelements\/pole\/(\d+|edit\/multiple)$/.test(r.url());

/** Deletes an element through the API, as another person or tool would. */
async function deleteElsewhere(request: APIRequestContext, ws: Workspace, id: number) {
  const response = await request.delete(`/api/networkelements/pole/${id}`, {
    headers: { authorization: `Bearer ${ws.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Every edit the page sends from now on. */
function editsSent(page: Page) {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (isEdit(r)) sent.push(r);
  });
  return sent;
}

test('settles an edit of an element deleted meanwhile: gone from the map, told, never sent again', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [pole] = await createElements(request, ws, 'pole', [
    { coordinates: offset(-40, 0), name: 'Doomed pole' },
    { coordinates: offset(40, 0), name: 'Other pole' },
  ]);
  await openMap(page, ws);
  const edits = editsSent(page);
  // The edit leaves the page just after someone else deleted the pole.
  await page.route(WRITES, async (route) => {
    if (isEdit(route.request())) await deleteElsewhere(request, ws, pole?.id ?? 0);
    await route.continue();
  });
  await button(page, 'Edit Marker').click();
  await clickMarker(page, pole?.coordinates as LatLng);
  await drag(page, pole?.coordinates as LatLng, offset(-40, 30));

  await expect(
    page.getByText(
      'Doomed pole was deleted by someone else meanwhile: your change to it could not be saved.',
    ),
  ).toBeVisible();
  await expectAllSaved(page);
  expect(edits).toHaveLength(1);
  expect((await edits[0]?.response())?.status()).toBe(404);
  // Gone from the map: the search finds the other pole only.
  await page.getByRole('combobox', { name: 'Search elements' }).fill('pole');
  await expect(page.getByRole('option', { name: 'Other pole · Pole' })).toBeVisible();
  await expect(page.getByRole('option', { name: /Doomed pole/ })).toHaveCount(0);
  // Nothing is sent again, however long one waits (retries start at 1 s and double).
  await page.waitForTimeout(4_000);
  expect(edits).toHaveLength(1);
  expect((await savedElements(request, ws)).map((e) => e.name)).toEqual(['Other pole']);
});

test('drops the gone element from a batch of edits and saves the others', async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  const [doomed, kept] = await createElements(request, ws, 'pole', [
    { coordinates: offset(-40, 0), name: 'Doomed pole' },
    { coordinates: offset(40, 0), name: 'Kept pole' },
  ]);
  await openMap(page, ws);
  // Both edits wait while the server cannot be reached; meanwhile one pole is deleted.
  await page.route(WRITES, (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('connectionrefused'),
  );
  await button(page, 'Edit Marker').click();
  for (const pole of [doomed, kept]) {
    await clickMarker(page, pole?.coordinates as LatLng);
    await drag(page, pole?.coordinates as LatLng, offset(pole === doomed ? -40 : 40, 30));
  }
  const status = page.getByRole('status', { name: 'Save status' });
  await expect(status).toHaveText('Offline: 2 change(s) waiting');
  await deleteElsewhere(request, ws, doomed?.id ?? 0);

  await page.unroute(WRITES);
  const edits = editsSent(page);
  await saveNow(page);
  await expect(
    page.getByText(
      'Doomed pole was deleted by someone else meanwhile: your change to it could not be saved.',
    ),
  ).toBeVisible();
  await expectAllSaved(page);
  // One batch refused naming the gone pole, then the kept one alone.
  await expect.poll(() => edits.length).toBeGreaterThanOrEqual(2);
  const statuses = await Promise.all(edits.map(async (r) => (await r.response())?.status()));
  expect(statuses).toEqual([400, 200]);
  const saved = await savedElements(request, ws);
  expect(saved.map((e) => e.name)).toEqual(['Kept pole']);
  expect(metres(saved[0]?.coordinates as LatLng, offset(40, 30))).toBeLessThan(1.5);
  await page.waitForTimeout(3_000);
  expect(edits).toHaveLength(2);
});
