import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { whileProbingHealth } from './stall-probe.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

// The probe itself must see a stall, or every "under a second" built on it proves nothing. With
// the stall probes (one file at a time, after the rest): a quiet probe is only quiet on a quiet
// machine.
it('sees the server held by a blocked event loop, and a quiet one answering at once', async () => {
  const quiet = await whileProbingHealth(t.app, () => new Promise((r) => setTimeout(r, 500)));
  expect(quiet.report.probes).toBeGreaterThan(3);
  expect(quiet.report.worstMs).toBeLessThan(1000);

  const blocked = await whileProbingHealth(t.app, async () => {
    const until = Date.now() + 1500;
    while (Date.now() < until);
  });
  expect(blocked.report.worstMs).toBeGreaterThan(1200);
  expect(blocked.report.overOneSecond).toBeGreaterThan(0);
}, 30_000);
