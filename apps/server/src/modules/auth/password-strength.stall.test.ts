import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkToken, nthMail } from '../../test/outbox.ts';
import { whileProbingHealth } from '../../test/stall-probe.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

/** A reset link of the user, as the mail brings it. */
async function resetToken(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  await post('/auth/reset', { email });
  return linkToken(await nthMail(t, before + 1), '/auth/setpassword');
}

it('judges passwords off the main thread: hostile ones hold no one else', async () => {
  const token = await resetToken('field@example.com');
  // The worker starts on first use (its dictionary takes a moment): measured warm.
  await post('/auth/setpassword', { token, password: 'x'.repeat(12) });
  // Each of these costs zxcvbn hundreds of milliseconds (l33t substitutions, long runs).
  const hostile = [
    'p@$$w0rd'.repeat(12),
    '4@8({[</369&#!1/|0$5+7%2/'.repeat(4),
    '1!1!1!1!1!1|'.repeat(8),
    '0123456789'.repeat(9) + 'x',
  ];
  const { result, report } = await whileProbingHealth(t.app, () =>
    Promise.all(hostile.map((password) => post('/auth/setpassword', { token, password }))),
  );
  expect(result.every((r) => r.statusCode === 400 || r.statusCode === 200)).toBe(true);
  expect(report.worstMs).toBeLessThan(1000);
}, 60_000);
