import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eServerEnv } from './e2e/support/server-env.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
// A fresh data directory per run: the embedded database starts from the demo seed, and
// the tests read the mails the server writes to its outbox there.
export const e2eDataDir =
  process.env.E2E_DATA_DIR ??
  path.join(os.tmpdir(), `integration-e2e-${process.pid}-${Date.now()}`);
process.env.E2E_DATA_DIR = e2eDataDir;

/**
 * On PostgreSQL (CI's second pass, after the API suite has run every route there) the end-to-end
 * pass keeps the specs where the database's own behaviour reaches the screen: concurrent edits and
 * their conflicts, live edits across two server instances (PostgreSQL only), GIS files through
 * PostGIS, and fibres (prepared statements there). The others show what the API suite has already
 * checked on PostgreSQL, so they run once, in the embedded pass: layout, legibility, phones,
 * sign-in, roles, templates, one-instance live edits, routes, the organisation, QR tags and scans,
 * reports, and plain editing.
 */
const EMBEDDED_ONLY_SPECS = [
  'auth.spec.ts',
  'create-route.spec.ts',
  'realtime.spec.ts',
  'map-legibility.spec.ts',
  'map-phone.spec.ts',
  'map-reading.spec.ts',
  'map-roles.spec.ts',
  'map-gone.spec.ts',
  'phone.spec.ts',
  'workspace.spec.ts',
  'templates.spec.ts',
  'field-crews.spec.ts',
  'organisation.spec.ts',
  'qr.spec.ts',
  'qr-scan.spec.ts',
  'reports.spec.ts',
  'map.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  testIgnore: process.env.DATABASE_URL ? EMBEDDED_ONLY_SPECS : [],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx ../server/src/main.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    // E2E_REUSE=1 runs against a server already listening on E2E_PORT (while developing).
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    env: e2eServerEnv(port, e2eDataDir),
  },
});
