import { describe, expect, it } from 'vitest';
import {
  admin,
  create,
  freshCluster,
  ids,
  list,
  remove,
  update,
  useClustersApp,
} from './clusters.fixtures.ts';

useClustersApp();

/** Runs a request after a delay: the rounds below stagger them 0–10 ms to try interleavings. */
const later = <T>(ms: number, run: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
const stagger = (round: number) => (round % 6) * 2;

describe('two admins at once', () => {
  it('lets only one of two clusters named alike in one CO be created', async () => {
    const [first, second] = await Promise.all([
      create({ centralOfficeId: ids.nairobiCentral, name: 'RACE-01' }),
      create({ centralOfficeId: ids.nairobiCentral, name: 'race-01' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const clusters = await list(`/api/clusters/co/${ids.nairobiCentral}`, admin);
    expect(clusters.filter((c) => c.name.toLowerCase() === 'race-01')).toHaveLength(1);
  });

  it('answers 200 or 404, never 500, when users are added to a cluster being deleted', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round += 1) {
      const target = await freshCluster(`GONE-${round}`);
      const [added, deleted] = await Promise.all([
        later(stagger(round), () => update(target.id, { users: [ids.viewer] })),
        remove(target.id),
      ]);
      outcomes.push(`add ${added.statusCode}, delete ${deleted.statusCode}`);
    }
    const allowed = ['add 200, delete 200', 'add 404, delete 200'];
    expect(outcomes.filter((o) => !allowed.includes(o))).toEqual([]);
  });
});
