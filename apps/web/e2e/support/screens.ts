import path from 'node:path';
import type { Page } from '@playwright/test';

const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
};

/**
 * With SCREENS_DIR set, pictures of the page as it is now at a desktop's and a phone's size
 * (`<name>-desktop.png`, `<name>-phone.png`), for a person to look at; nothing otherwise.
 * The page is given its own size back afterwards.
 */
export async function shootScreens(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  const own = page.viewportSize();
  for (const [label, size] of Object.entries(SIZES)) {
    await page.setViewportSize(size);
    // Two frames: the layout of the new width is drawn (the phone's is another component).
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), animations: 'disabled' });
  }
  if (own) await page.setViewportSize(own);
}
