import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { effectiveSettings } from '../../modules/routing/road-rules.ts';
import { roadsRepository } from '../../modules/routing/roads.repository.ts';
import { twoWheelerGraph } from '../../modules/routing/two-wheeler-graph.ts';
import { search } from '../../modules/routing/graph-search.ts';
import { idByName } from '../../test/seeded.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { demoGridRoads, seedDemoRoads } from './demo-roads.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo road network', () => {
  it("is CBD-01's street grid, split at every crossing and connected, when demo-osm is missing", async () => {
    const nairobi = await idByName(t.db, 'projects', 'Nairobi CBD');
    await t.db.rows(sql`DELETE FROM roads WHERE project_id = ${nairobi}`);
    await seedDemoRoads(t.db, '/nowhere/roads.geojson');
    expect(await roadsRepository.count(t.db, nairobi)).toBe(demoGridRoads().length);
    const { graph } = twoWheelerGraph(
      await roadsRepository.edges(t.db, nairobi),
      effectiveSettings(null),
    );
    expect(graph.nodeCount).toBe(144);
    const all = search(graph, 'forward', [{ node: 0, cost: 0 }]);
    expect(all.settled).toBe(144);
    // Seeding again changes nothing.
    await seedDemoRoads(t.db, '/nowhere/roads.geojson');
    expect(await roadsRepository.count(t.db, nairobi)).toBe(264);
  });
});
