// The end-to-end tests drive the system Chromium; without it `npm test` must fail loudly
// rather than skip the browser tests.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    [
      '',
      `Chromium was not found at ${path}; the end-to-end tests need it.`,
      'Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu)',
      'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
      '(Do not use `npx playwright install`: it downloads a browser, which this project avoids.)',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
