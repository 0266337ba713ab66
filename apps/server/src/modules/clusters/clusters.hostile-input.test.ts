import { describe, expect, it } from 'vitest';
import {
  admin,
  cluster,
  create,
  DEFAULT_PATTERN,
  ids,
  list,
  update,
  useClustersApp,
} from './clusters.fixtures.ts';

// Issue 14, findings 5 and 14: text PostgreSQL cannot store, and ids that are only loosely
// integers, are refused by the schema (400 naming the field) and nothing is written.

useClustersApp();

const HOSTILE_TEXT = ['NUL \u0000 inside', 'lone \ud800 high', 'lone \udc00 low'];
const LOOSE_IDS = ['1', ' 1 ', true, '0x1', 1.5, 2 ** 31, 0, -1];

const messageOf = (answer: { json: () => unknown }) =>
  (answer.json() as { message: string }).message;

describe('hostile input to the cluster routes', () => {
  it('refuses a cluster name PostgreSQL cannot store, and makes no cluster', async () => {
    for (const name of HOSTILE_TEXT) {
      const answer = await create({ centralOfficeId: ids.nairobiCentral, name });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(messageOf(answer)).toMatch(/'name' holds a character that cannot be stored/);
    }
    const names = (await list(`/api/clusters/co/${ids.nairobiCentral}`, admin)).map((c) => c.name);
    expect(names.filter((n) => /NUL|lone/.test(n))).toEqual([]);
  });

  it('refuses such text in a naming convention, which stays as it was', async () => {
    for (const bad of HOSTILE_TEXT) {
      const answer = await update(ids.cbd01, {
        namingConvention: { prefix: 'NBO', pattern: `{prefix}-${bad}-{seq}` },
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(messageOf(answer)).toMatch(/'namingConvention\.pattern' holds a character/);
    }
    expect((await cluster(ids.cbd01)).namingConvention.pattern).toBe(DEFAULT_PATTERN);
  });

  it.each(LOOSE_IDS.map((v) => [JSON.stringify(v), v]))(
    'refuses a body id of %s',
    async (_, loose) => {
      const made = await create({ centralOfficeId: loose, name: 'Loose id' });
      expect(made.statusCode, made.body).toBe(400);
      expect(messageOf(made)).toMatch(/centralOfficeId/);
      const added = await update(ids.cbd01, { users: [loose] });
      expect(added.statusCode, added.body).toBe(400);
      expect(messageOf(added)).toMatch(/users\.0/);
    },
  );
});
