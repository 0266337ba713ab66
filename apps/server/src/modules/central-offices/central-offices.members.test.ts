import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CentralOffice } from '@integration/contracts';
import {
  addUsers,
  admin,
  del,
  freshOffice,
  get,
  idOf,
  ids,
  officesOf,
  planner,
  post,
  removeUser,
  useCentralOfficesApp,
  userIds,
  viewer,
} from './central-offices.fixtures.ts';

useCentralOfficesApp();

describe('POST /api/centraloffices/centraloffice/update/:id (add users)', () => {
  it('adds users, and the CO’s project becomes visible to them', async () => {
    const office = await freshOffice('CO Assign');
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(403);

    const response = await addUsers(office.id, [ids.field, ids.viewer]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'Users of the central office updated.',
    });
    expect(userIds(response.json<{ data: CentralOffice }>().data)).toEqual(
      [ids.field, ids.viewer].sort(),
    );
    expect(
      (await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id)?.users.map((u) => u.email),
    ).toEqual(expect.arrayContaining(['field@example.com', 'viewer@example.com']));
    expect((await get(`/api/projects/${ids.nairobiCbd}`, viewer)).statusCode).toBe(200);
  });

  it('changes nothing for users already present', async () => {
    const office = await freshOffice('CO Twice');
    await addUsers(office.id, [ids.field]);
    const again = await addUsers(office.id, [ids.field, ids.field]);
    expect(again.statusCode).toBe(200);
    expect(userIds(again.json<{ data: CentralOffice }>().data)).toEqual([ids.field]);
    const listed = (await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id);
    expect(listed?.users.map((u) => u.id)).toEqual([ids.field]);
  });

  it('refuses unknown users with 400 naming them, and adds nobody', async () => {
    const office = await freshOffice('CO Unknowns');
    const response = await addUsers(office.id, [ids.field, 999998, 999999]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 400,
      error: 'VALIDATION_ERROR',
      message: 'These users do not exist or are not on this platform: 999998, 999999.',
    });
    expect((await officesOf(ids.nairobiCbd)).find((o) => o.id === office.id)?.users).toEqual([]);
  });

  it('refuses a user who is not on this platform', async () => {
    const outsider = await idOf(
      sql`INSERT INTO users (email, name, role) VALUES ('outsider@example.com', 'Out Sider', 'planner')
          RETURNING id`,
      'outsider',
    );
    const office = await freshOffice('CO Outsider');
    const response = await addUsers(office.id, [outsider]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `These users do not exist or are not on this platform: ${outsider}.`,
    );
  });

  it('refuses a body without users, or with malformed ids, with 400 naming the field', async () => {
    const missing = await post(
      `/api/centraloffices/centraloffice/update/${ids.nairobiCentral}`,
      {},
      admin,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("'users' is required.");
    const malformed = await addUsers(ids.nairobiCentral, ['abc']);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'users.0'");
  });

  it('answers an admin 404 for a missing CO, and 400 for a malformed id', async () => {
    const missing = await addUsers(999999, [ids.field]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'NOT_FOUND',
      message: 'Central office 999999 was not found.',
    });
    const malformed = await post(
      '/api/centraloffices/centraloffice/update/abc',
      { users: [] },
      admin,
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("'id'");
  });

  it('is for admins only', async () => {
    const response = await addUsers(ids.nairobiCentral, [ids.field], planner);
    expect(response.statusCode).toBe(403);
    const central = (await officesOf(ids.nairobiCbd)).find((o) => o.id === ids.nairobiCentral);
    expect(central?.users.map((u) => u.id)).toEqual([ids.planner]);
  });
});

describe('DELETE /api/centraloffices/centraloffice/:id/removeUser/:userId', () => {
  it('removes a member, who then no longer sees the project', async () => {
    const office = await freshOffice('CO Leave', ids.kilimani);
    await addUsers(office.id, [ids.viewer, ids.field]);
    expect((await get(`/api/projects/${ids.kilimani}`, viewer)).statusCode).toBe(200);

    const response = await removeUser(office.id, ids.viewer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: true,
      message: 'User removed from the central office.',
    });
    expect(userIds(response.json<{ data: CentralOffice }>().data)).toEqual([ids.field]);
    expect((await get(`/api/projects/${ids.kilimani}`, viewer)).statusCode).toBe(403);
  });

  it('answers 404 for a user who is not a member', async () => {
    const response = await removeUser(ids.nairobiCentral, ids.field);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      status: false,
      statusCode: 404,
      error: 'NOT_FOUND',
      message: `User ${ids.field} is not assigned to this central office.`,
    });
    const fr = await del(
      `/api/centraloffices/centraloffice/${ids.nairobiCentral}/removeUser/${ids.field}?locale=fr`,
      admin,
    );
    expect(fr.json().message).toBe(`L'utilisateur ${ids.field} n'est pas affecté à ce central.`);
  });

  it('answers an admin 404 for a missing CO, and 400 for malformed ids', async () => {
    const missing = await removeUser(999999, ids.field);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Central office 999999 was not found.');
    const badUser = await del(
      `/api/centraloffices/centraloffice/${ids.nairobiCentral}/removeUser/me`,
      admin,
    );
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toContain("'userId'");
  });

  it('is for admins only', async () => {
    const response = await removeUser(ids.nairobiCentral, ids.planner, planner);
    expect(response.statusCode).toBe(403);
    const central = (await officesOf(ids.nairobiCbd)).find((o) => o.id === ids.nairobiCentral);
    expect(central?.users.map((u) => u.id)).toEqual([ids.planner]);
  });
});
