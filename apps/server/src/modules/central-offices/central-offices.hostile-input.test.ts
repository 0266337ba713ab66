import { describe, expect, it } from 'vitest';
import {
  addUsers,
  create,
  get,
  ids,
  officesOf,
  post,
  admin,
  useCentralOfficesApp,
} from './central-offices.fixtures.ts';

// Issue 14, findings 5 and 14: text PostgreSQL cannot store, and ids that are only loosely
// integers, are refused by the schema (400 naming the field) and nothing is written.

useCentralOfficesApp();

const HOSTILE_TEXT = ['NUL \u0000 inside', 'lone \ud800 high', 'lone \udc00 low'];
const LOOSE_IDS = ['1', ' 1 ', true, '0x1', 1.5, 2 ** 31, 0, -1];

const messageOf = (answer: { json: () => unknown }) =>
  (answer.json() as { message: string }).message;

describe('hostile input to the central office routes', () => {
  it('refuses a CO name PostgreSQL cannot store, in French too, and makes no CO', async () => {
    const before = (await officesOf(ids.nairobiCbd)).length;
    for (const name of HOSTILE_TEXT) {
      const answer = await create({ projectId: ids.nairobiCbd, name });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(messageOf(answer)).toMatch(/'name' holds a character that cannot be stored/);
      const fr = await post(
        '/api/centraloffices/centraloffice/create?locale=fr',
        { projectId: ids.nairobiCbd, name },
        admin,
      );
      expect(messageOf(fr)).toMatch(/« name » contient un caractère impossible à enregistrer/);
    }
    expect((await officesOf(ids.nairobiCbd)).length).toBe(before);
  });

  it.each(LOOSE_IDS.map((v) => [JSON.stringify(v), v]))(
    'refuses a body id of %s',
    async (_, loose) => {
      const made = await create({ projectId: loose, name: 'Loose id' });
      expect(made.statusCode, made.body).toBe(400);
      expect(messageOf(made)).toMatch(/projectId/);
      const added = await addUsers(ids.nairobiCentral, [loose]);
      expect(added.statusCode, added.body).toBe(400);
      expect(messageOf(added)).toMatch(/users\.0/);
    },
  );

  it.each(['%201%20', '0x1', '1e3', '01', '2147483648', '99999999999', '1.0'])(
    'refuses a path or query id of %s with 400',
    async (id) => {
      expect((await get(`/api/centraloffices/project/${id}`, admin)).statusCode).toBe(400);
      expect(
        (await get(`/api/projects/platforms?platformName=integration&mainProjectId=${id}`, admin))
          .statusCode,
      ).toBe(400);
    },
  );
});
