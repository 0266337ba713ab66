import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let planner: string;
let field: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
  field = await t.login('field@example.com', 'field1234');
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });

describe('GET /api/users/profile', () => {
  it('answers status and user at the top level', async () => {
    const response = await get('/api/users/profile', field);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      user: { email: 'field@example.com', role: 'field', name: 'Brian Otieno', passwordset: true },
    });
  });

  it('needs a token', async () => {
    const response = await get('/api/users/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      status: false,
      statusCode: 401,
      error: 'UNAUTHORIZED',
    });
  });
});

describe('GET /api/platforms/user', () => {
  it('lists the user’s platforms with name and url', async () => {
    const response = await get('/api/platforms/user', planner);
    expect(response.statusCode).toBe(200);
    const { platforms } = response.json<{ platforms: { name: string; url: string }[] }>();
    expect(platforms.map((p) => p.name)).toEqual(['integration', 'ticketing', 'materials']);
    expect(platforms[0]).toEqual({ name: 'integration', url: 'http://localhost:3000' });
  });

  it('shows the field user only theirs', async () => {
    const { platforms } = (await get('/api/platforms/user', field)).json<{
      platforms: { name: string }[];
    }>();
    expect(platforms.map((p) => p.name)).toEqual(['integration', 'ticketing']);
  });
});

describe('GET /api/users/integration', () => {
  it('lists the people of a planner’s projects, and everyone for admins, without secrets', async () => {
    const response = await get('/api/users/integration', planner);
    expect(response.statusCode).toBe(200);
    const users = response.json<{ data: Record<string, unknown>[] }>().data;
    // The admin is assigned to none of the planner's projects: not theirs to see.
    expect(users.map((u) => u.email).sort()).toEqual(['field@example.com', 'planner@example.com']);
    const all = (await get('/api/users/integration', admin)).json<{ data: { email: string }[] }>();
    expect(all.data.map((u) => u.email)).toEqual(
      expect.arrayContaining(['admin@example.com', 'planner@example.com', 'field@example.com']),
    );
    for (const user of users) {
      expect(user).not.toHaveProperty('passwordHash');
      expect(user).not.toHaveProperty('password_hash');
    }
  });

  it('is refused to a field user', async () => {
    const response = await get('/api/users/integration', field);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
  });
});

describe('GET /api/users/:id', () => {
  const idOf = async (token: string) =>
    (await get('/api/users/profile', token)).json<{ user: { id: number } }>().user.id;

  it('answers a user to an admin, and a user to themselves', async () => {
    const fieldId = await idOf(field);
    expect((await get(`/api/users/${fieldId}`, admin)).json().data.email).toBe('field@example.com');
    expect((await get(`/api/users/${fieldId}`, field)).statusCode).toBe(200);
  });

  it('refuses another user’s record with 403 whether or not it exists', async () => {
    const adminId = await idOf(admin);
    expect((await get(`/api/users/${adminId}`, field)).statusCode).toBe(403);
    expect((await get('/api/users/999999', field)).statusCode).toBe(403);
  });

  it('answers 404 to an admin for an unknown id, 400 for a malformed one', async () => {
    expect((await get('/api/users/999999', admin)).json()).toMatchObject({
      statusCode: 404,
      error: 'NOT_FOUND',
      message: 'User 999999 was not found.',
    });
    const malformed = await get('/api/users/abc', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });
});

describe('POST /api/users (invite)', () => {
  const invite = (payload: object, token = admin) =>
    t.app.inject({ method: 'POST', url: '/api/users', payload, headers: bearer(token) });

  it('creates a user with passwordset false and mails them a link', async () => {
    const response = await invite({
      email: 'new.planner@example.com',
      name: 'New Planner',
      role: 'planner',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ passwordset: false, role: 'planner' });
    expect(response.json().data.platforms.map((p: { name: string }) => p.name)).toEqual([
      'integration',
    ]);
    const mails = await t.outbox();
    expect(mails.some((m) => m.includes('To: new.planner@example.com'))).toBe(true);
  });

  it('lets a temporary password sign in, with passwordset false', async () => {
    await invite({
      email: 'temp@example.com',
      name: 'Temp',
      role: 'viewer',
      password: 'harbour-lantern-3',
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: 'temp@example.com',
        password: 'harbour-lantern-3',
        platform: 'integration',
      },
    });
    expect(response.json()).toMatchObject({ status: true, passwordset: false });
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    const response = await invite({ email: 'PLANNER@example.com', name: 'Dup', role: 'planner' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'A user with the email PLANNER@example.com already exists.',
    );
  });

  it('refuses a bad role naming the field, and non-admins with 403', async () => {
    const bad = await invite({ email: 'x@example.com', name: 'X', role: 'superuser' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'role' must be one of: admin, planner, field, viewer.");
    expect(
      (await invite({ email: 'y@example.com', name: 'Y', role: 'viewer' }, planner)).statusCode,
    ).toBe(403);
  });
});

describe('API conventions', () => {
  it('answers GET /api/health without a token', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      data: { db: process.env.DATABASE_URL ? 'postgres' : 'pglite', version: expect.any(String) },
    });
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    const response = await get('/api/nothing-here', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: false, statusCode: 404, error: 'NOT_FOUND' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/users/profile', '/api/platforms/user']),
    );
  });
});
