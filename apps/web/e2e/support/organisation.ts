import { expect, type Page } from '@playwright/test';

/** A column of the Organisation screen (Subsidiaries, Clients, Main projects, Projects). */
export const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Creates a row in a column through its New … dialog, and sees the server's word for it. */
export async function createIn(page: Page, columnName: string, newLabel: string, name: string) {
  await column(page, columnName).getByRole('button', { name: newLabel }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`'${name}' created.`)).toBeVisible();
  await expect(dialog).toBeHidden();
}
