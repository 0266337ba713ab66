import { expect, type Page } from '@playwright/test';

/** Chooses, in order, each level of the cascading selectors: { 'Subsidiary': 'Camusat Kenya', ... }. */
export async function pickPath(
  page: Page,
  path: Record<string, string>,
  scope = page.locator('body'),
) {
  for (const [label, option] of Object.entries(path)) {
    const select = scope.getByRole('combobox', { name: label, exact: true });
    const choice = page.getByRole('option', { name: option, exact: true });
    await expect(select).toBeEnabled();
    // Note: on a busy machine the list was seen to close again as the page settled, leaving
    // the click waiting for an option that was gone: open it again, as a person would.
    await expect(async () => {
      if (!(await choice.isVisible())) await select.click();
      await choice.click({ timeout: 5_000 });
      await expect(select).toHaveValue(option, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
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
