import { expect, type Page } from '@playwright/test';

/** Chooses, in order, each level of the cascading selectors: { 'Subsidiary': 'Camusat Kenya', ... }. */
export async function pickPath(
  page: Page,
  path: Record<string, string>,
  scope = page.locator('body'),
) {
  for (const [label, option] of Object.entries(path)) {
    const select = scope.getByRole('combobox', { name: label, exact: true });
    await expect(select).toBeEnabled();
    await select.click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(select).toHaveValue(option);
  }
}

export const NAIROBI_CBD = {
  Subsidiary: 'Camusat Kenya',
  Client: 'Safaricom',
  'Main project': 'Nairobi FTTH',
  Project: 'Nairobi CBD',
};

export const NAIROBI_CBD_FR = {
  Filiale: 'Camusat Kenya',
  Client: 'Safaricom',
  'Projet principal': 'Nairobi FTTH',
  Projet: 'Nairobi CBD',
};

/** A name no earlier run used, so reruns on one PostgreSQL database do not clash. */
export const unique = (base: string) => `${base} ${Date.now().toString(36).toUpperCase()}`;
