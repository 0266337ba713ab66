import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { LatLng } from '@integration/contracts';
import { ADMIN } from './support/server.ts';
import {
  button,
  clickAt,
  emptyCluster,
  expectAllSaved,
  NAIROBI,
  offset,
  openMap,
  pixelOf,
  type View,
  waitForMap,
  type Workspace,
} from './support/map.ts';

// The map renders in software (SwiftShader): give each test room on a busy machine.
test.describe.configure({ timeout: 150_000 });

/** A demo user's workspace on a demo cluster, found by name. */
async function demoWorkspace(
  request: APIRequestContext,
  email: string,
  password: string,
  clusterName: string,
): Promise<Workspace & { location: LatLng | null }> {
  const login = await request.post('/api/auth/login', {
    data: { email, password, platform: 'integration' },
  });
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: unknown;
  };
  const headers = { authorization: `Bearer ${token}` };
  const all = (await (await request.get('/api/clusters/all', { headers })).json()) as {
    data: { id: number; name: string; projectId: number }[];
  };
  const found = all.data.find((c) => c.name === clusterName);
  if (!found) throw new Error(`${email} does not see ${clusterName}`);
  const one = (await (
    await request.get(`/api/clusters/cluster/${found.id}`, { headers })
  ).json()) as {
    data: { location: LatLng | null };
  };
  return {
    token,
    user,
    projectId: found.projectId,
    clusterId: found.id,
    location: one.data.location,
  };
}

/** The map's centre, as the address names it (#zoom/lat/lng). */
async function centre(page: Page): Promise<LatLng> {
  const [, lat, lng] = new URL(page.url()).hash.slice(1).split('/').map(Number);
  return { lat: lat ?? NaN, lng: lng ?? NaN };
}

/** What a read-only map must not offer, by the names a user sees. */
const EDITING = ['Delete', 'Edit Marker', 'Edit Line', 'Edit Zone', 'Create Route', 'Marker'];

test('a viewer: Mombasa opens in Mombasa, read-only, and a stale change can be discarded', async ({
  page,
  request,
}) => {
  const ws = await demoWorkspace(request, 'viewer@example.com', 'viewer1234', 'MSA-01');
  // The address asks for the marker tool: a read-only map ignores it.
  await page.goto('/auth/login');
  await page.evaluate(({ token, user, projectId, clusterId }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('projectID', String(projectId));
    localStorage.setItem('clusterID', String(clusterId));
  }, ws);
  await page.goto('/project/map?tool=marker');
  await waitForMap(page);

  const where = page.getByRole('navigation', { name: 'Where you are' });
  await expect(where.getByRole('link', { name: 'Mombasa Island' })).toHaveAttribute(
    'href',
    '/project',
  );
  await expect(where).toContainText('MSA-01');
  await expect(page.getByText('Read only')).toBeVisible();
  const empty = page.getByRole('status', { name: 'No elements in this cluster yet' });
  await expect(empty).toContainText('It is empty');
  // An empty cluster of Mombasa opens in Mombasa (about 440 km from Nairobi).
  await expect.poll(async () => (await centre(page)).lat, { timeout: 15_000 }).toBeLessThan(-3.9);
  const at = await centre(page);
  expect(Math.abs(at.lat - -4.04)).toBeLessThan(0.1);
  expect(Math.abs(at.lng - 39.67)).toBeLessThan(0.1);

  for (const name of [...EDITING, 'Undo', 'Redo', 'Import file']) {
    await expect(button(page, name), name).toHaveCount(0);
  }
  await expect(page.getByRole('toolbar', { name: 'Drawing tools' })).toHaveCount(0);
  for (const name of ['Get Info', 'Distance', 'Export']) {
    await expect(button(page, name), name).toBeVisible();
  }
  // A click on the map draws nothing: nothing is left unsaved.
  const box = await page.getByRole('region', { name: 'Network map' }).boundingBox();
  await page.mouse.click((box?.x ?? 0) + 600, (box?.y ?? 0) + 500);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAllSaved(page);

  // A change left in this browser by an earlier session (before the map was read-only).
  const templates = await request.get(
    `/api/networkelements/pole/templates/project/${ws.projectId}`,
    { headers: { authorization: `Bearer ${ws.token}` } },
  );
  const [template] = ((await templates.json()) as { data: { id: number }[] }).data;
  await page.evaluate(
    ({ clusterId, location, templateId }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('integration-map');
        open.onerror = () => reject(new Error('no pending store'));
        open.onsuccess = () => {
          const tx = open.result.transaction('pending', 'readwrite');
          tx.objectStore('pending').put(
            [
              {
                type: 'Pole',
                name: '',
                coordinates: location,
                attributes: [],
                templateId,
                clusterId,
                key: 'n-stale',
                fid: 1,
                id: null,
                version: null,
                status: 'create',
                rev: 1,
                style: {},
              },
            ],
            `pending-edits:${clusterId}`,
          );
          tx.oncomplete = () => resolve();
        };
      }),
    { clusterId: ws.clusterId, location: ws.location, templateId: template?.id ?? 0 },
  );
  await page.reload();
  await waitForMap(page);
  const stuck = page.getByRole('button', { name: '1 change cannot be saved' });
  await stuck.click();
  const list = page.getByRole('region', { name: 'Changes that cannot be saved' });
  // The whole reason, as the server gave it.
  await expect(list).toContainText('New Pole · New, not saved yet');
  await expect(list).toContainText('You do not have permission to do this.');
  await list.getByRole('button', { name: 'Discard the change to New Pole' }).click();
  await expect(stuck).toHaveCount(0);
  await expectAllSaved(page);
  // Gone for good: nothing is left in the browser's storage for a reload to bring back.
  await expect
    .poll(() =>
      page.evaluate(
        (clusterId) =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('integration-map');
            open.onsuccess = () => {
              const get = open.result
                .transaction('pending')
                .objectStore('pending')
                .get(`pending-edits:${clusterId}`);
              get.onsuccess = () => resolve(get.result ?? null);
            };
          }),
        ws.clusterId,
      ),
    )
    .toBeNull();
});

test.describe('on a field crew phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a field user finds, measures and reads; nothing else is offered', async ({
    page,
    request,
  }) => {
    const ws = await demoWorkspace(request, 'field@example.com', 'field1234', 'NYL-01');
    const admin = await demoWorkspace(request, ADMIN.email, ADMIN.password, 'NYL-01');
    // Somewhere of its own near Nyali, so that a rerun on the same database taps one pole.
    const home: LatLng = ws.location ?? { lat: -4.0223, lng: 39.7196 };
    const at = offset((Date.now() % 400) - 200, ((Date.now() / 400) % 400) - 200, home);
    const created = await request.post('/api/networkelements/pole/create', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { clusterId: ws.clusterId, coordinates: at, name: `Pole ${Date.now()}` },
    });
    expect(created.status(), await created.text()).toBe(200);
    const pole = ((await created.json()) as { data: { name: string } }).data;

    const view: View = { ...at, zoom: 18 };
    await openMap(page, ws, view);
    const where = page.getByRole('navigation', { name: 'Where you are' });
    await expect(where).toContainText('Nyali');
    await expect(where).toContainText('NYL-01');
    const bar = page.getByRole('toolbar', { name: 'Toolbar' });
    for (const name of ['Layers', 'Get Info', 'Distance', 'More tools']) {
      await expect(bar.getByRole('button', { name, exact: true }), name).toBeVisible();
    }
    for (const name of [...EDITING, 'Undo']) {
      await expect(button(page, name), name).toHaveCount(0);
    }
    await expect(page.getByRole('combobox', { name: 'Point type' })).toHaveCount(0);
    await bar.getByRole('button', { name: 'More tools' }).tap();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Area' })).toBeVisible();
    for (const name of [...EDITING, 'Polyline', 'Polygon', 'Rectangle', 'Redo']) {
      await expect(menu.getByRole('menuitem', { name, exact: true }), name).toHaveCount(0);
    }
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: 'Layers' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Map panel' });
    await expect(sheet.getByRole('button', { name: 'Export' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Import file' })).toHaveCount(0);
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await expect(sheet).toBeHidden();

    // Get Info shows the pole's values, read-only, with no Save.
    await bar.getByRole('button', { name: 'Get Info' }).tap();
    const tip = await pixelOf(page, at, view);
    await page.touchscreen.tap(tip.x, tip.y - 12);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name')).toHaveValue(pole.name);
    await expect(dialog.getByLabel('Name')).toHaveAttribute('readonly', '');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(dialog.getByLabel('Coordinates')).toHaveValue(/^-4\.\d{6}, 39\.\d{6}$/);
    await dialog.getByRole('button', { name: 'Close' }).first().tap();
    await expectAllSaved(page);
  });
});

test("a planner's new pole: the Name field shows the name the title shows", async ({
  page,
  request,
}) => {
  const ws = await emptyCluster(request);
  await openMap(page, ws);
  const where = page.getByRole('navigation', { name: 'Where you are' });
  await expect(where.getByRole('link', { name: 'Nairobi CBD' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'No elements in this cluster yet' })).toContainText(
    'Draw them',
  );
  await expect(page.getByText('Read only')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Point type' }).click();
  await page.getByRole('option', { name: 'Pole', exact: true }).click();
  await button(page, 'Marker').click();
  await clickAt(page, NAIROBI);
  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel('Name');
  // Until saved: empty, saying how it will be named; once saved: the server's name, as the title.
  await expect(name).toHaveAttribute('placeholder', /^Named on save: .*POL-…$/);
  await expectAllSaved(page);
  await expect(name).toHaveValue(/POL-\d{4}$/);
  const given = await name.inputValue();
  await expect(dialog.getByRole('heading')).toContainText(given);
  await expect(dialog.getByLabel('Coordinates')).toHaveValue(/^-1\.\d{6}, 36\.\d{6}$/);
  await expect(page.getByRole('status', { name: 'No elements in this cluster yet' })).toHaveCount(
    0,
  );
});
