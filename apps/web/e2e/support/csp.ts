import { expect, type Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation of the page from its first script on, so a
 * test can prove a screen (the map's WebGL workers, tiles, downloads) works under the policy
 * the server sends rather than only that it renders.
 */
export async function watchCspViolations(page: Page) {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void })
        .__reportCspViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return {
    expectNone: () => expect(violations, 'Content-Security-Policy violations').toEqual([]),
  };
}
