import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDataDir } from '../playwright.config.ts';
import { ADMIN, apiLogin, inviteUser, latestMailTo, linkIn } from './support/server.ts';
import { expectOnProjects, signIn } from './support/ui.ts';

test('the login screen has its title and labelled fields', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Integration | Login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show or hide the password' })).toBeVisible();
});

test('signs in and lands on /project', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Project' }),
  ).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email)).toBe(
    ADMIN.email,
  );
});

test('shows the server message on a failed sign-in', async ({ page }) => {
  await signIn(page, ADMIN.email, 'wrong-password');
  await expect(page.locator('form').getByRole('alert')).toHaveText('Incorrect email or password.');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('switches to French and sees French labels after the reload', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(
    page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Projet' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rapports' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr');
  // Back to English for the tests that follow in this browser context.
  await page.getByRole('button', { name: 'Langue' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('logs out to the login screen and cannot go back', async ({ page, request }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const loggedOut = page.waitForResponse('**/api/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveTitle('Integration | Login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The server forgot the token too: a copy of it is worth nothing.
  expect((await loggedOut).status()).toBe(200);
  const profile = await request.get('/api/users/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.status()).toBe(401);
  await page.goto('/project');
  await expect(page).toHaveTitle('Integration | Login');
});

test('/project/map while signed out goes to login', async ({ page }) => {
  await page.goto('/project/map');
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Integration | Login');
});

test('a stale token is refused and sends the user to login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
  await page.goto('/co');
  await expect(page).toHaveTitle('Integration | Login');
});

test('arriving with ?changeplatform=<token> lands on /project signed in', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, 'planner@example.com', 'planner1234');
  await page.goto(`/reports?changeplatform=${token}`);
  await expectOnProjects(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
  await expect(page.getByText('Grace Wanjiku')).toBeVisible();
});

test('the platform menu lists the other platforms and opens them with the token', async ({
  page,
  context,
}) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  await page.getByRole('button', { name: 'Platforms' }).click();
  await expect(page.getByRole('menuitem', { name: 'integration' })).toHaveCount(0);
  // The demo's other platforms live on example.com: answer locally instead of the internet.
  await context.route('https://ticketing.example.com/**', (route) =>
    route.fulfill({ body: 'ticketing' }),
  );
  const popup = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'ticketing' }).click();
  const opened = await popup;
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(new URL(opened.url()).searchParams.get('changeplatform')).toBe(token);
});

test('each shell route shows its title', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
  const titles: Record<string, string> = {
    '/project/map': 'Map',
    '/co': 'Manage Co',
    '/co/cluster': 'Cluster',
    '/qr': 'QR list of tags',
    '/qr/generateQR': 'generate QR',
    '/reports': 'Reports',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page).toHaveTitle(`Integration | ${title}`);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  }
});

test('an invited user with a temporary password must set their own first', async ({
  page,
  request,
}) => {
  const email = await inviteUser(request, { password: 'temporary-1' });
  await signIn(page, email, 'temporary-1');
  await expect(page).toHaveTitle('Integration | Set Password');
  await expect(page.getByText('The temporary password you signed in with')).toBeVisible();
  await page.getByLabel(/^Current password/).fill('not-the-temporary');
  await page.getByLabel(/^New password/).fill('my-own-password');
  await page.getByLabel(/^Confirm password/).fill('my-own-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  // In the form (a toast says it too).
  await expect(
    page
      .locator('form')
      .getByRole('alert')
      .filter({ hasText: 'The current password is not right.' }),
  ).toBeVisible();
  await page.getByLabel(/^Current password/).fill('temporary-1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expectOnProjects(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, email, 'my-own-password');
  await expectOnProjects(page);
});

test('resets a password from the mailed link and signs in with it', async ({ page, request }) => {
  const email = await inviteUser(request);
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle('Integration | Reset Password');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();

  // The invitation came first; wait for the reset mail that follows it.
  await expect
    .poll(async () => (await latestMailTo(email)).includes('Set a new password'))
    .toBe(true);
  await page.goto(linkIn(await latestMailTo(email)).replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveTitle('Integration | Set Password');
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Confirm password/).fill('short');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'at least 8 characters' })).toBeVisible();
  await page.getByLabel(/^New password/).fill('reset-password-1');
  await page.getByLabel(/^Confirm password/).fill('reset-password-1');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expectOnProjects(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await signIn(page, email, 'reset-password-1');
  await expectOnProjects(page);
});

/** An unlock link as the server mails it: a token signed with the server's own secret. */
async function unlockLink(email: string): Promise<string> {
  const secret = (await readFile(path.join(e2eDataDir, 'jwt-secret'), 'utf8')).trim();
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ unlock: email, iat: now, exp: now + 600 })}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `/auth/unlock?token=${body}.${signature}`;
}

test('the unlock link of the mail opens sign-in again, and a bad one says so', async ({ page }) => {
  await page.goto('/auth/unlock?token=not-a-real-link-token');
  await expect(page).toHaveTitle('Integration | Unlock');
  await expect(page.getByRole('alert')).toContainText('invalid or expired');
  await expect(page.getByRole('link', { name: 'Reset your password instead' })).toBeVisible();

  await page.goto(await unlockLink(ADMIN.email));
  await expect(page.getByRole('status')).toContainText('you can sign in now');
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await signIn(page, ADMIN.email, ADMIN.password);
  await expectOnProjects(page);
});
