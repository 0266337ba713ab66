import { expect, it } from 'vitest';
import { PerUserLimit } from './per-user-limit.ts';

it('refuses a user a run beyond the limit while others run, and frees the slot when one ends', async () => {
  const limit = new PerUserLimit(2);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const first = limit.run(1, () => held);
  const second = limit.run(1, () => held);
  await expect(limit.run(1, async () => 'third')).rejects.toMatchObject({
    statusCode: 429,
    messageKey: 'limits.busy',
  });
  // Another user is not held by the first one's runs.
  await expect(limit.run(2, async () => 'other')).resolves.toBe('other');
  release();
  await Promise.all([first, second]);
  await expect(limit.run(1, async () => 'again')).resolves.toBe('again');
});

it('frees the slot when the work fails', async () => {
  const limit = new PerUserLimit(1);
  await expect(limit.run(1, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await expect(limit.run(1, async () => 'ok')).resolves.toBe('ok');
});
