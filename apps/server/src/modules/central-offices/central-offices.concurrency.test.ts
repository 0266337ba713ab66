import { describe, expect, it } from 'vitest';
import {
  addUsers,
  admin,
  create,
  freshOffice,
  ids,
  officesOf,
  post,
  remove,
  useCentralOfficesApp,
} from './central-offices.fixtures.ts';

useCentralOfficesApp();

/** Runs a request after a delay: the rounds below stagger them 0–10 ms to try interleavings. */
const later = <T>(ms: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
const stagger = (round: number) => (round % 6) * 2;

describe('two admins at once', () => {
  const ROUNDS = 20;

  it('lets only one of two COs named alike in one project be created', async () => {
    const [first, second] = await Promise.all([
      create({ projectId: ids.nairobiCbd, name: 'CO Race' }),
      create({ projectId: ids.nairobiCbd, name: 'co race' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(
      (await officesOf(ids.nairobiCbd)).filter((o) => o.name.toLowerCase() === 'co race'),
    ).toHaveLength(1);
  });

  // Either the cluster comes first (the CO is kept, 409), or the delete does (the create
  // finds no CO, 404). A 500 is a server error nobody can act on.
  it('answers 409 or 404, never 500, when a CO is deleted while a cluster is created in it', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const office = await freshOffice(`CO Busy ${round}`);
      const [cluster, deleted] = await Promise.all([
        later(stagger(round), () =>
          post(
            '/api/clusters/cluster/create',
            { centralOfficeId: office.id, name: 'BUSY-01' },
            admin,
          ),
        ),
        remove(office.id),
      ]);
      outcomes.push(`create ${cluster.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['create 200, delete 409', 'create 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });

  it('answers 200 or 404, never 500, when users are added to a CO being deleted', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const office = await freshOffice(`CO Leaving ${round}`);
      const [added, deleted] = await Promise.all([
        later(stagger(round), () => addUsers(office.id, [ids.field])),
        remove(office.id),
      ]);
      outcomes.push(`add ${added.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['add 200, delete 200', 'add 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });
});
