import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWeakness } from '@integration/contracts/password-strength';
import { linkToken, nthMail } from '../../test/outbox.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
}, 240_000);
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers });

/** A reset link of the user, as the mail brings it. */
async function resetToken(email: string): Promise<string> {
  const before = (await t.outbox()).length;
  await post('/auth/reset', { email });
  return linkToken(await nthMail(t, before + 1), '/auth/setpassword');
}

describe('passwords easy to guess', () => {
  it('are refused when set from a reset link, saying why, and the link still works after', async () => {
    const token = await resetToken('viewer@example.com');
    const cases: [string, string][] = [
      ['        ', 'A password cannot be only spaces.'],
      ['12345678', "A password cannot be a simple sequence (like '12345678'"],
      ['aaaaaaaa', 'A password cannot be one character or a few repeated'],
      ['viewer@example.com', 'A password cannot contain your email address or your name.'],
      ['viewer-2026', 'A password cannot contain your email address or your name.'],
      ['wanjiru-99', 'A password cannot contain your email address or your name.'],
      ['password1', 'This password is one of the most common ones'],
      ['iloveyou2', 'This password is one of the most common ones'],
      ['qwertyuiop', 'A password cannot be a simple sequence'],
    ];
    for (const [password, message] of cases) {
      const response = await post('/auth/setpassword', { token, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message, password).toContain(message);
    }
    const done = await post('/auth/setpassword', { token, password: 'harbour-lantern-7' });
    expect(done.statusCode).toBe(200);
    await t.login('viewer@example.com', 'harbour-lantern-7');
  });

  it('are refused when a signed-in user changes theirs, in their language', async () => {
    const token = await t.login('planner.mombasa@example.com', 'planner1234');
    const response = await post(
      '/auth/setpassword',
      { password: 'azertyuiop', currentPassword: 'planner1234' },
      { ...bearer(token), 'x-locale': 'fr' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Un mot de passe ne peut pas être une simple suite');
    // Unchanged: the old password still signs in.
    await t.login('planner.mombasa@example.com', 'planner1234');
  });

  it("are refused as a new user's temporary password", async () => {
    const response = await post(
      '/users',
      {
        email: 'ouma.weak@example.com',
        name: 'Ouma Achieng',
        role: 'viewer',
        password: 'ouma.weak1',
      },
      bearer(admin),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'A password cannot contain your email address or your name.',
    );
    const strong = await post(
      '/users',
      {
        email: 'ouma.strong@example.com',
        name: 'Ouma Achieng',
        role: 'viewer',
        password: 'temporary-1',
      },
      bearer(admin),
    );
    expect(strong.statusCode).toBe(201);
  });
});

describe('passwordWeakness (the rules the web app shows too)', () => {
  it('names the trivial kinds and lets good passwords through', () => {
    const owner = { email: 'jane.doe@example.com', name: 'Jane Doe' };
    expect(passwordWeakness('short', owner)).toBe('short');
    expect(passwordWeakness(' '.repeat(12), owner)).toBe('blank');
    expect(passwordWeakness('abababab', owner)).toBe('repeated');
    expect(passwordWeakness('87654321', owner)).toBe('sequence');
    expect(passwordWeakness('JANE.DOE@example.com!', owner)).toBe('personal');
    expect(passwordWeakness('Password1!', owner)).toBe('common');
    for (const good of ['temporary-1', 'harbour-lantern-7', 'Kilimani-2026', 'N3w-password!']) {
      expect(passwordWeakness(good, owner), good).toBeNull();
    }
  });
});
