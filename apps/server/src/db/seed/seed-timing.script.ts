// Scratch: time the seed on a fresh PGlite (not committed).
import { migrate } from '../migrate.ts';
import { openPglite } from '../pglite.ts';
import { seedDatabase } from './index.ts';
import { testSeedConfig } from '../../test/test-database.ts';
const db = await openPglite({});
await migrate(db);
const t0 = performance.now();
await seedDatabase(db, testSeedConfig());
console.log('seed ms', Math.round(performance.now() - t0));
const { traceRepository } = await import('../../modules/fibre/trace.repository.ts');
const { DEFAULT_LOSSES } = await import('@integration/contracts');
const { sql } = await import('drizzle-orm');
const c = await db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`);
const t1 = performance.now();
const b = await traceRepository.clusterBudget(db, c!.id, DEFAULT_LOSSES);
console.log('budget ms', Math.round(performance.now() - t1), 'homes', b.length, 'open', b.filter((h) => h.end !== 'olt-port').length, 'max', Math.max(...b.map((h) => h.loss1310)), 'min', Math.min(...b.map((h) => h.loss1310)));
console.log(await db.rows(sql`SELECT status, count(*) FROM fibres GROUP BY 1`));
await db.close();
