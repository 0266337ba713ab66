import { writeFile } from 'node:fs/promises';
import { create as createQr } from 'qrcode';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { LatLng, MapElement, QrTagView } from '@integration/contracts';
import { watchCspViolations } from './support/csp.ts';
import { ADMIN, apiLogin } from './support/server.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

// A field crew's phone: 390 × 844, fingers only, with a position.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const FIELD = { email: 'field@example.com', password: 'field1234' };
/** A 1 × 1 PNG: the photo a test attaches. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function tagOf(request: APIRequestContext, token: string, code: string) {
  const response = await request.get(`/api/qrcode/tags/${code}`, auth(token));
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: QrTagView }).data;
}

/** The poles of the demo cluster CBD-01 that no tag is linked to yet, in id order. */
async function untaggedPoles(request: APIRequestContext, token: string) {
  const { template } = await tagOf(request, token, 'POL00001');
  const response = await request.get(
    `/api/networkelements/pole/cluster/${template.clusterId}`,
    auth(token),
  );
  const poles = ((await response.json()) as { data: MapElement[] }).data;
  // The seed links its scanned tags to the first poles by id: stay well clear of them.
  return { clusterId: template.clusterId, poles: poles.sort((a, b) => a.id - b.id).slice(20) };
}

/** A few metres north-east of a point, as a phone's fix is. */
const near = (at: LatLng, metres = 3) => ({
  latitude: at.lat + metres / 111_320,
  longitude: at.lng + metres / 111_320,
  accuracy: 6,
});

async function standAt(context: BrowserContext, at: LatLng) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(near(at));
}

async function attachPhoto(page: Page) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Take or attach photos' }).tap();
  await (await chooser).setFiles({ name: 'pole.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'New photo 1' })).toBeVisible();
}

const waitingBadge = (page: Page) =>
  page.getByRole('status').filter({ hasText: /waiting to be sent/ });

test('a field crew scans a tag by its code, links the nearest pole with a photo, then scans one offline that is sent when the network returns', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await apiLogin(request, FIELD.email, FIELD.password);
  const { poles } = await untaggedPoles(request, token);
  const [first, second] = poles as [MapElement, MapElement];
  await standAt(context, first.coordinates as LatLng);

  await signIn(page, FIELD.email, FIELD.password);
  await expectOnProjects(page);
  await page.goto('/qr/scan');
  await expect(page).toHaveTitle('Integration | Scan tag');
  await expect(page.getByRole('button', { name: 'Scan with the camera' })).toBeVisible();
  await page.getByLabel('Tag code').fill('pol00010');
  await page.getByRole('button', { name: 'Find tag' }).tap();

  // The tag: its code large, its template, type, cluster and details.
  await expect(page).toHaveURL(/\/t\/POL00010$/);
  await expect(page.getByRole('heading', { name: 'POL00010', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Template Poles CBD-01' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Element type Pole' })).toBeVisible();
  await expect(page.getByRole('row', { name: 'Cluster CBD-01' })).toBeVisible();
  const details = page.getByRole('table', { name: 'Tag details' });
  await expect(details.getByRole('row', { name: 'Height 9 m' })).toBeVisible();
  await expect(page.getByText('Your position: within 6 m')).toBeVisible();

  // The code heading on one line at 390 px, never wrapped mid-code.
  const heading = page.getByRole('heading', { name: 'POL00010', level: 1 });
  const lines = await heading.evaluate((h) => {
    const style = getComputedStyle(h);
    return h.getBoundingClientRect().height / parseFloat(style.lineHeight || style.fontSize);
  });
  expect(lines).toBeLessThan(1.5);

  // The nearest pole first, with its distance and direction (the crew stands north-east of
  // it), on a small map too; each choice big enough for a thumb.
  await expect(page.getByRole('img', { name: /^Map of your position and the/ })).toBeVisible();
  const choices = page.getByRole('radio');
  await expect(choices.first()).toHaveAccessibleName(
    new RegExp(`^${first.name} [3-5] m SW No tag yet$`),
  );
  await expect(choices.nth(1)).toHaveAccessibleName(/ \d+ m (N|NE|E|SE|S|SW|W|NW) /);
  expect((await choices.first().boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await choices.first().tap();
  await expect(choices.first()).toBeChecked();
  await attachPhoto(page);
  const confirm = page.getByRole('button', { name: 'Confirm scan' });
  expect((await confirm.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await confirm.tap();

  const tag = (code: string) => page.getByRole('region', { name: code });
  await expect(tag('POL00010').getByText(`Linked to ${first.name}`)).toBeVisible();
  await expect(tag('POL00010').getByText('Scanned', { exact: true })).toBeVisible();
  await expect(tag('POL00010').getByRole('img', { name: 'Photo 1 of the tag' })).toBeVisible();
  const scanned = await tagOf(request, token, 'POL00010');
  expect(scanned).toMatchObject({ scanned: true, element: { id: first.id } });
  expect(scanned.photos).toHaveLength(1);
  expect(scanned.position?.accuracy).toBe(6);
  // A wrong picture is taken back: the bin, then a second tap to confirm.
  await tag('POL00010').getByRole('button', { name: 'Delete photo 1' }).tap();
  await tag('POL00010').getByRole('button', { name: 'Confirm: delete photo 1' }).tap();
  await expect(tag('POL00010').getByRole('img', { name: 'Photo 1 of the tag' })).toBeHidden();
  expect((await tagOf(request, token, 'POL00010')).photos).toHaveLength(0);

  // The next pole: the page loads with network, the signal drops at the pole.
  await context.setGeolocation(near(second.coordinates as LatLng));
  await page.getByLabel('Tag code').fill('POL00011');
  await page.getByRole('button', { name: 'Find tag' }).tap();
  await expect(page.getByRole('heading', { name: 'POL00011', level: 1 })).toBeVisible();
  await expect(choices.first()).toContainText(second.name);
  await context.setOffline(true);
  await choices.first().tap();
  await attachPhoto(page);
  const confirmedAt = Date.now();
  await page.getByRole('button', { name: 'Confirm scan' }).tap();
  await expect(waitingBadge(page)).toHaveText('1 scan waiting to be sent');
  await expect(page.getByText(`Linked to ${second.name} on`)).toBeVisible();

  // Back in coverage but the server unreachable: a reload loses nothing.
  await page.route('**/api/qrcode/tags/*/scan', (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'POL00011', level: 1 })).toBeVisible();
  await expect(waitingBadge(page)).toHaveText('1 scan waiting to be sent');
  expect((await tagOf(request, token, 'POL00011')).scanned).toBe(false);

  // The network returns: the browser's `online` sends it, once, with its original time.
  await context.setOffline(true);
  await page.unroute('**/api/qrcode/tags/*/scan');
  await context.setOffline(false);
  await expect(waitingBadge(page)).toBeHidden();
  await expect(tag('POL00011').getByText(`Linked to ${second.name}`)).toBeVisible();
  await expect(tag('POL00011').getByRole('img', { name: 'Photo 1 of the tag' })).toBeVisible();
  // One toast for the one scan sent.
  await expect(page.getByText(`Tag POL00011 linked to ${second.name}.`)).toHaveCount(1);
  const late = await tagOf(request, token, 'POL00011');
  expect(late).toMatchObject({ scanned: true, element: { id: second.id } });
  expect(late.photos).toHaveLength(1);
  expect(Math.abs(Date.parse(late.scannedAt ?? '') - confirmedAt)).toBeLessThan(5_000);
  // Both scans are on the server.
  expect((await tagOf(request, token, 'POL00010')).element?.id).toBe(first.id);
});

test('a scan the server refuses waits for the user with its message, until discarded', async ({
  page,
  context,
  request,
}) => {
  const token = await apiLogin(request, FIELD.email, FIELD.password);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const { clusterId, poles } = await untaggedPoles(request, token);
  // A pole of our own, half-way along a street, deleted once the crew has it in the list.
  const base = poles[2]?.coordinates as LatLng;
  const at = { lat: base.lat + 0.0003, lng: base.lng + 0.0003 };
  const created = await request.post('/api/networkelements/pole/create', {
    ...auth(admin),
    data: { clusterId, coordinates: at, name: `E2E doomed pole ${Date.now()}` },
  });
  expect(created.status(), await created.text()).toBe(200);
  const doomed = ((await created.json()) as { data: MapElement }).data;
  await standAt(context, at);

  await signIn(page, FIELD.email, FIELD.password);
  await expectOnProjects(page);
  await page.goto('/t/POL00013');
  const choice = page.getByRole('radio').first();
  await expect(choice).toContainText(doomed.name);
  const gone = await request.delete(`/api/networkelements/pole/${doomed.id}`, auth(admin));
  expect(gone.status(), await gone.text()).toBe(200);
  await choice.tap();
  await page.getByRole('button', { name: 'Confirm scan' }).tap();

  const attention = page.getByRole('list', { name: 'Scans refused by the server' });
  await expect(attention.getByRole('listitem')).toContainText(`POL00013 → ${doomed.name}`);
  await expect(page.getByText('1 scan needs your attention')).toBeVisible();
  await expect(waitingBadge(page)).toBeHidden();
  // Still there after a reload: never dropped silently.
  await page.reload();
  await expect(attention.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Discard the scan of POL00013' }).tap();
  await expect(attention).toBeHidden();
  expect((await tagOf(request, token, 'POL00013')).scanned).toBe(false);
});

test('a signed-out user opening a tag link signs in and lands on the tag', async ({ page }) => {
  // The link as printed on the label: upper case, /T/.
  await page.goto('/T/POL00012');
  await expect(page).toHaveTitle('Integration | Login');
  await signIn(page, FIELD.email, FIELD.password);
  await expect(page).toHaveURL(/\/T\/POL00012$/i);
  await expect(page).toHaveTitle('Integration | Tag');
  await expect(page.getByRole('heading', { name: 'POL00012', level: 1 })).toBeVisible();
  await expect(page.getByText('This tag has not been scanned yet.')).toBeVisible();
});

test('an unknown code says so', async ({ page }) => {
  await signIn(page, FIELD.email, FIELD.password);
  await expectOnProjects(page);
  await page.goto('/t/NOPE99999');
  await expect(page.getByRole('alert')).toContainText(/NOPE99999/);
});

/**
 * A video of a label's QR for Chromium's fake camera: Y4M (YUV 4:2:0), the code black on
 * white, a few identical frames (Chromium loops the file).
 */
async function qrVideo(path: string, text: string) {
  const { size, data } = createQr(text, { errorCorrectionLevel: 'M' }).modules;
  const [width, height, scale] = [320, 240, 6];
  const left = (width - size * scale) / 2;
  const top = (height - size * scale) / 2;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < size * scale; y++) {
    for (let x = 0; x < size * scale; x++) {
      const dark = data[Math.floor(y / scale) * size + Math.floor(x / scale)];
      if (dark) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

test('the camera reads a label and opens its tag, with the decoder served by our own server', async ({
  baseURL,
}, testInfo) => {
  // The link as the labels print it: upper case, so the QR is in alphanumeric mode.
  const video = testInfo.outputPath('label.y4m');
  await qrVideo(video, `${baseURL}/T/POL00016`.toUpperCase());
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    // Under the policy the server sends: compiling WebAssembly needs 'wasm-unsafe-eval'.
    const csp = await watchCspViolations(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await signIn(page, FIELD.email, FIELD.password);
    await expectOnProjects(page);
    await page.goto('/qr/scan');
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(page.getByRole('dialog', { name: "Scan the tag's QR code" })).toBeVisible();
    await expect(page).toHaveURL(/\/t\/POL00016$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'POL00016', level: 1 })).toBeVisible();
    // This browser has no BarcodeDetector: ZXing's WebAssembly came from us, not a CDN.
    expect(requests.filter((url) => url.endsWith('.wasm'))).toEqual([
      expect.stringMatching(new RegExp(`^${baseURL}/assets/zxing_reader-[\\w-]+\\.wasm$`)),
    ]);
    expect(requests.filter((url) => !url.startsWith(baseURL ?? ''))).toEqual([]);
    csp.expectNone();
  } finally {
    await browser.close();
  }
});

test('the Content-Security-Policy lets the QR decoder compile', async ({ request }) => {
  const page = await request.get('/qr/scan');
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
});

// Screenshots for review (SHOTS=1): a tag with its nearby list, and a scanned tag with photos.
test('screenshots of the scan page', async ({ browser, request }) => {
  test.skip(!process.env.SHOTS, 'SHOTS=1 takes the screenshots');
  const token = await apiLogin(request, FIELD.email, FIELD.password);
  const { poles } = await untaggedPoles(request, token);
  const at = (poles[5] as MapElement).coordinates as LatLng;
  const sizes = {
    phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    desktop: { viewport: { width: 1440, height: 900 } },
  };
  for (const [name, options] of Object.entries(sizes)) {
    const context = await browser.newContext({
      ...options,
      permissions: ['geolocation'],
      geolocation: near(at),
    });
    const page = await context.newPage();
    await signIn(page, FIELD.email, FIELD.password);
    await expectOnProjects(page);
    await page.goto(name === 'phone' ? '/t/POL00020' : '/t/POL00021');
    await expect(page.getByRole('radio').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/scan-${name}-tag.png` });
    await page.getByRole('radio').first().click();
    await page.getByRole('radio').nth(2).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/scan-${name}-nearby.png` });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Confirm scan' }).click();
    await expect(waitingBadge(page)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `/tmp/shots/scan-${name}-waiting.png` });
    await context.setOffline(false);
    await page.goto('/t/POL00002');
    await expect(page.getByRole('img', { name: 'Photo 1 of the tag' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/scan-${name}-scanned.png`, fullPage: true });
    await page.goto('/qr/scan');
    await expect(page.getByRole('button', { name: 'Find tag' })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/scan-${name}-find.png` });
    await context.close();
  }
});
