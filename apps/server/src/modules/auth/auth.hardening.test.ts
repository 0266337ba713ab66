import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { User } from '@integration/contracts';
import { linkToken, nthMail } from '../../test/outbox.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 14's findings on sign-in, tokens and people: each answered before with a 500 or a leak. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginMaxPerEmail: 5 });
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers = {}, remoteAddress = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers, remoteAddress });
const profile = (token: string) =>
  t.app.inject({ url: '/api/users/profile', headers: bearer(token) });

describe('tokens (findings 13 and 16)', () => {
  it('refuses a validly signed token whose sub is not a user id with 401', async () => {
    for (const claims of [
      { sub: 'admin' },
      { sub: '1 OR 1=1' },
      { sub: '0x1' },
      { sub: '99999999999' },
      { sub: 1 },
      { sub: '1', tv: 'x' },
      { unlock: 'admin@example.com' },
    ]) {
      const answer = await profile(t.app.jwt.sign(claims));
      expect(answer.statusCode, JSON.stringify(claims)).toBe(401);
    }
  });

  it('signs a token out for good, and only that token', async () => {
    const first = await t.login('viewer@example.com', 'viewer1234');
    const second = await t.login('viewer@example.com', 'viewer1234');
    const out = await post('/auth/logout', {}, bearer(first));
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe('Signed out.');
    expect((await profile(first)).statusCode).toBe(401);
    expect((await profile(second)).statusCode).toBe(200);
  });

  it('closes the WebSockets of a token signed out, and of every token before a new password', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const connect = async (token: string) => {
      const socket = io(url, {
        path: '/api/ws',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, closed: new Promise<string>((r) => socket.once('disconnect', r)) };
    };
    const [outToken, keptToken] = [
      await t.login('viewer@example.com', 'viewer1234'),
      await t.login('viewer@example.com', 'viewer1234'),
    ];
    const signedOut = await connect(outToken);
    const kept = await connect(keptToken);
    await post('/auth/logout', {}, bearer(outToken));
    expect(await signedOut.closed).toBe('io server disconnect');
    expect(kept.socket.connected).toBe(true);

    const changed = await post(
      '/auth/setpassword',
      { password: 'lantern-new-1', currentPassword: 'viewer1234' },
      bearer(keptToken),
    );
    expect(changed.statusCode).toBe(200);
    expect(await kept.closed).toBe('io server disconnect');
    // The new token opens a socket again.
    const again = await connect(changed.json<{ access_token: string }>().access_token);
    expect(again.socket.connected).toBe(true);
    for (const s of [signedOut, kept, again]) s.socket.close();
  });
});

describe('setting a password with a session (finding 16)', () => {
  it('asks for the current password, and a wrong one changes nothing', async () => {
    const token = await t.login('planner@example.com', 'planner1234');
    const missing = await post('/auth/setpassword', { password: 'taken-over-1' }, bearer(token));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("'currentPassword' is required.");
    const wrong = await post(
      '/auth/setpassword?locale=fr',
      { password: 'taken-over-1', currentPassword: 'guess-1234' },
      bearer(token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Le mot de passe actuel n’est pas le bon.');
    expect((await profile(token)).statusCode).toBe(200);
    await t.login('planner@example.com', 'planner1234');
  });
});

describe('password reset mails (finding 7)', () => {
  it('sends at most three an hour to one email, answering every request alike', async () => {
    const before = (await t.outbox()).length;
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await post('/auth/reset', { email: 'field@example.com' }));
    const unknown = await post('/auth/reset', { email: 'nobody@example.com' });
    for (const answer of [...answers, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(unknown.json());
    }
    await nthMail(t, before + 3);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.outbox()).length).toBe(before + 3);
  });
});

describe('failed sign-ins (finding 17)', () => {
  const attempt = (password: string, ip: string) =>
    post('/auth/login', { email: 'admin@example.com', password, platform: 'integration' }, {}, ip);

  it('slow down progressively with Retry-After, and mail the owner a link that unlocks', async () => {
    const before = (await t.outbox()).length;
    let answer = await attempt('wrong-1', '10.8.0.1');
    expect(answer.statusCode).toBe(401);
    answer = await attempt('wrong-2', '10.8.0.2');
    expect(answer.statusCode).toBe(401);
    // The third failure makes the next attempt wait one second, the fourth two…
    answer = await attempt('wrong-3', '10.8.0.3');
    expect(answer.statusCode).toBe(401);
    const waiting = await attempt('admin1234', '10.8.0.4');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    for (const n of [4, 5]) {
      await new Promise((r) => setTimeout(r, 1_050 * 2 ** (n - 4)));
      expect((await attempt(`wrong-${n}`, `10.8.1.${n}`)).statusCode).toBe(401);
    }
    const slower = await attempt('admin1234', '10.8.0.5');
    expect(slower.statusCode).toBe(429);
    expect(Number(slower.headers['retry-after'])).toBe(4);

    // The fifth failure (loginMaxPerEmail here) mailed the owner a link that opens sign-in again.
    const mail = await nthMail(t, before + 1);
    expect(mail).toContain('To: admin@example.com');
    const token = linkToken(mail, '/auth/unlock');
    expect((await post('/auth/unlock', { token: 'not-a-valid-link' })).statusCode).toBe(400);
    const unlocked = await post('/auth/unlock', { token });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await attempt('admin1234', '10.8.0.6')).statusCode).toBe(200);
  }, 20_000);

  it('treat an unknown email the same, but mail nobody', async () => {
    const before = (await t.outbox()).length;
    const unknown = (password: string) =>
      post('/auth/login', { email: 'ghost@example.com', password, platform: 'integration' });
    for (let i = 0; i < 3; i++) expect((await unknown(`wrong-${i}`)).statusCode).toBe(401);
    const waiting = await unknown('x-1234567');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('the list of people (finding 15)', () => {
  const list = async (token: string) =>
    (await t.app.inject({ url: '/api/users/integration', headers: bearer(token) })).json<{
      data: User[];
    }>().data;

  it('shows admins everyone, and a planner only the people of their own projects', async () => {
    const everyone = await list(await t.login('admin@example.com', 'admin1234'));
    const mine = await list(await t.login('planner@example.com', 'planner1234'));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(everyone.length);
    expect(mine.map((u) => u.email)).toContain('planner@example.com');
    const outside = everyone.filter((u) => !mine.some((m) => m.id === u.id));
    expect(outside.length).toBeGreaterThan(0);
  });
});
