import { loadConfig } from '../../config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { linkToken, nthMail } from '../../test/outbox.ts';
import { createTestApp, bearer, type TestApp } from '../../test/test-app.ts';
import { usersRepository } from '../users/users.repository.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, query = '', remoteAddress = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/login${query}`,
    payload: payload as object,
    remoteAddress,
  });

describe('POST /api/auth/login', () => {
  it('signs in with the fields the spec reads at the top level', async () => {
    const response = await login({
      email: 'admin@example.com',
      password: 'admin1234',
      platform: 'integration',
    });
    expect(response.statusCode).toBe(200);
    const json = response.json();
    expect(json).toMatchObject({
      status: true,
      message: 'Signed in successfully.',
      passwordset: true,
    });
    expect(json.user).toMatchObject({ email: 'admin@example.com', role: 'admin' });
    expect(json.user).not.toHaveProperty('passwordHash');
    expect(typeof json.access_token).toBe('string');
    const profile = await t.app.inject({
      url: '/api/users/profile',
      headers: bearer(json.access_token),
    });
    expect(profile.json().user.email).toBe('admin@example.com');
  });

  it('treats the email case-insensitively', async () => {
    const response = await login({
      email: 'Planner@Example.com',
      password: 'planner1234',
      platform: 'integration',
    });
    expect(response.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown email the same 401 and message', async () => {
    const wrong = await login({
      email: 'planner@example.com',
      password: 'nope-nope',
      platform: 'integration',
    });
    const unknown = await login({
      email: 'nobody@example.com',
      password: 'nope-nope',
      platform: 'integration',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      status: false,
      error: 'INVALID_CREDENTIALS',
      message: 'Incorrect email or password.',
    });
  });

  it('localises the failure with ?locale=fr', async () => {
    const response = await login(
      { email: 'nobody@example.com', password: 'x', platform: 'integration' },
      '?locale=fr',
    );
    expect(response.json().message).toBe('Adresse e-mail ou mot de passe incorrect.');
  });

  it('refuses a user without access to the platform with a 403 of its own', async () => {
    const id = await usersRepository.upsert(t.db, {
      email: 'ticketing-only@example.com',
      name: 'Ticketing Only',
      role: 'viewer',
      passwordHash: await hashPassword('ticket1234'),
      passwordSet: true,
    });
    await usersRepository.addPlatforms(t.db, id, ['ticketing']);
    const response = await login({
      email: 'ticketing-only@example.com',
      password: 'ticket1234',
      platform: 'integration',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      error: 'PLATFORM_FORBIDDEN',
      message: 'Your account does not have access to the integration platform.',
    });
  });

  it.each([
    [{ password: 'x', platform: 'integration' }, "'email' is required."],
    [{ email: 'admin@example.com', platform: 'integration' }, "'password' is required."],
    [{ email: 'admin@example.com', password: 'admin1234' }, "'platform' is required."],
    [
      { email: 'not-an-email', password: 'x', platform: 'integration' },
      "'email' must be a valid email address.",
    ],
    [{ email: 42, password: 'x', platform: 'integration' }, "'email' must be a string."],
  ])('names the bad field: %j', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: false,
      statusCode: 400,
      error: 'VALIDATION_ERROR',
    });
    expect(response.json().message).toContain(message);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('login rate limit', () => {
  it('blocks an email after repeated failures, whatever the IP', async () => {
    const limited = await createTestApp({ loginMaxPerEmail: 3, loginMaxPerIp: 100 });
    try {
      const attempt = (ip: string, password = 'wrong-password') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login?locale=fr',
          remoteAddress: ip,
          payload: { email: 'field@example.com', password, platform: 'integration' },
        });
      for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
        expect((await attempt(ip)).statusCode).toBe(401);
      const blocked = await attempt('10.1.0.4', 'field1234');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(blocked.json().message).toMatch(/^Trop de tentatives de connexion/);
    } finally {
      await limited.close();
    }
  });

  it('blocks an IP after too many attempts, whatever the email', async () => {
    const limited = await createTestApp({ loginMaxPerEmail: 100, loginMaxPerIp: 2 });
    try {
      const attempt = (email: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.2.0.1',
          payload: { email, password: 'whatever-1', platform: 'integration' },
        });
      expect((await attempt('a@example.com')).statusCode).toBe(401);
      expect((await attempt('b@example.com')).statusCode).toBe(401);
      const blocked = await attempt('c@example.com');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many sign-in attempts/);
    } finally {
      await limited.close();
    }
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  it('believes only the hops it is told to: a client cannot escape the per-IP limit by writing X-Forwarded-For', async () => {
    // One nginx in front (TRUST_PROXY=1): the client is the address nginx appends, last.
    const limited = await createTestApp({ loginMaxPerEmail: 100, loginMaxPerIp: 2, trustProxy: 1 });
    try {
      const attempt = (email: string, spoofed: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '10.0.0.5',
          headers: { 'x-forwarded-for': `${spoofed}, 203.0.113.9` },
          payload: { email, password: 'whatever-1', platform: 'integration' },
        });
      expect((await attempt('a@example.com', '198.51.100.1')).statusCode).toBe(401);
      expect((await attempt('b@example.com', '198.51.100.2')).statusCode).toBe(401);
      expect((await attempt('c@example.com', '198.51.100.3')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('reads TRUST_PROXY as none, a number of proxies, their addresses, or every hop', () => {
    const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(read('0')).toBe(false);
    expect(read('')).toBe(false);
    expect(read('1')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
    expect(read('true')).toBe(true);
    expect(() => read('sometimes')).toThrow(/TRUST_PROXY must be/);
  });
});

describe('tokens', () => {
  it('refuses a missing, malformed or forged token with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer abc.def.ghi' },
      { authorization: 'Basic eA==' },
    ]) {
      const response = await t.app.inject({ url: '/api/users/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: false, error: 'UNAUTHORIZED' });
    }
  });

  it('refuses an expired token', async () => {
    // Signed as if 13 hours ago: past the 12 hours a token lasts.
    const expired = t.app.jwt.sign({ sub: '1' }, { clockTimestamp: Date.now() - 13 * 3_600_000 });
    const response = await t.app.inject({ url: '/api/users/profile', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const other = await createTestApp({ jwtSecret: 'another-secret-entirely' });
    try {
      const token = await other.login('admin@example.com', 'admin1234');
      const response = await t.app.inject({ url: '/api/users/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('password reset', () => {
  const reset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email } });
  const setPassword = (payload: object, headers = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/setpassword', payload, headers });

  const waitForMail = (count: number) => nthMail(t, count);
  const tokenIn = (mail: string) => linkToken(mail, '/auth/setpassword');

  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const before = (await t.outbox()).length;
    const unknown = await reset('nobody@example.com');
    const known = await reset('field@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await waitForMail(before + 1);
    expect(mail).toContain('To: field@example.com');
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.outbox()).length).toBe(before + 1);
  });

  it('goes from the outbox mail to a new password and a sign-in with it, once', async () => {
    const before = (await t.outbox()).length;
    await reset('planner@example.com');
    const token = tokenIn(await waitForMail(before + 1));

    const tooShort = await setPassword({ token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toBe('Password must be at least 8 characters long.');

    const done = await setPassword({ token, password: 'new-harbour-pass' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: true, passwordset: true });
    expect(typeof done.json().access_token).toBe('string');

    const again = await setPassword({ token, password: 'another-pass-1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'INVALID_RESET_TOKEN' });

    const old = await login({
      email: 'planner@example.com',
      password: 'planner1234',
      platform: 'integration',
    });
    expect(old.statusCode).toBe(401);
    await t.login('planner@example.com', 'new-harbour-pass');
  });

  it('refuses an expired reset token', async () => {
    const before = (await t.outbox()).length;
    await reset('field@example.com');
    const token = tokenIn(await waitForMail(before + 1));
    await t.db.rows(sql`UPDATE password_resets SET expires_at = now() - interval '1 minute'`);
    const response = await setPassword({ token, password: 'field-new-pass' }, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired/);
  });

  it('lets a signed-in user set a password and signs out their older tokens', async () => {
    const oldToken = await t.login('field@example.com', 'field1234');
    // In the same second: revocation goes by the credentials' version, not the clock.
    const response = await setPassword(
      { password: 'harbour-pass-2', currentPassword: 'field1234' },
      bearer(oldToken),
    );
    expect(response.statusCode).toBe(200);
    const fresh = response.json().access_token as string;
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: bearer(fresh) })).statusCode,
    ).toBe(200);
  });

  it('refuses setpassword with neither a reset token nor a sign-in', async () => {
    const response = await setPassword({ password: 'whatever-123' });
    expect(response.statusCode).toBe(401);
  });

  it('validates the reset body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: {},
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('« email » est obligatoire.');
  });
});
