import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';
import { closeSockets, connect, listeningApp, place, until } from './realtime.fixtures.ts';

/**
 * Issue 25, finding 7: a socket lives no longer than the token it was opened with. With
 * JWT_EXPIRES_IN of 6 s, the socket is closed within a second of the token's expiry.
 */

let t: TestApp;
let url: string;
const ids = { nairobiCbd: 0, cbd01: 0 };

beforeAll(async () => {
  ({ t, url } = await listeningApp({ jwtExpiresIn: '6s' }));
  ids.nairobiCbd = await idByName(t.db, 'projects', 'Nairobi CBD');
  ids.cbd01 = await idByName(t.db, 'clusters', 'CBD-01');
}, 300_000);
afterAll(() => t.close());
afterEach(closeSockets);

/** The expiry of a JWT, in milliseconds since the epoch. */
const expiryOf = (token: string) => {
  const payload = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
  ) as { exp: number };
  return payload.exp * 1000;
};

describe('a socket whose token expires', () => {
  it('is disconnected within a second of the expiry, and its location:share is not taken', async () => {
    const token = await t.login('field@example.com', 'field1234');
    const field = await connect(url, token);
    expect(await place(field, ids.nairobiCbd, ids.cbd01)).toBe(true);
    let closedAt = 0;
    field.socket.once('disconnect', () => (closedAt = Date.now()));

    const expiry = expiryOf(token);
    expect(expiry - Date.now()).toBeGreaterThan(300);
    expect(await until(() => !field.socket.connected, expiry - Date.now() + 2000)).toBe(true);
    expect(closedAt).toBeGreaterThanOrEqual(expiry - 50);
    expect(closedAt - expiry).toBeLessThan(1000);

    // A new socket with the expired token is refused; a fresh sign-in connects again.
    await expect(connect(url, token)).rejects.toThrow('UNAUTHORIZED');
    const fresh = await connect(url, await t.login('field@example.com', 'field1234'));
    expect(await place(fresh, ids.nairobiCbd, ids.cbd01)).toBe(true);
  }, 20_000);
});
