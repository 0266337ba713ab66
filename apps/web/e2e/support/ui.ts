import { expect, type Page } from '@playwright/test';

/** Signs in through the login screen, in whatever language the page is in. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel(/^(Email|Adresse e-mail)/).fill(email);
  await page.getByLabel(/^(Password|Mot de passe)/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Se connecter)$/ }).click();
}

export async function expectOnProjects(page: Page) {
  await expect(page).toHaveURL(/\/project$/);
  await expect(page).toHaveTitle('Integration | Project');
}

/**
 * Nothing pushes the page sideways on a phone: its laid-out width, read again until the layout
 * has settled (right after a resize a table may still be giving way to cards).
 */
export async function expectNoSidewaysScroll(page: Page, width = 390) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}
