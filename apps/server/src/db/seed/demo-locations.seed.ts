import { sql } from 'drizzle-orm';
import type { Queryable } from '../database.ts';
import { DEMO_ORGANISATION } from './demo-organisation.ts';

/**
 * Where each demo project is, so an empty cluster of it opens in its own town (Mombasa's in
 * Mombasa, not at Nairobi's coordinates). Sets only locations not yet set: idempotent, and
 * it fills in a demo database seeded before projects had a location.
 */
export async function seedDemoLocations(db: Queryable): Promise<void> {
  for (const s of DEMO_ORGANISATION) {
    for (const c of s.clients) {
      for (const mp of c.mainProjects) {
        for (const p of mp.projects) {
          await db.rows(sql`
            UPDATE projects SET location = ST_SetSRID(ST_MakePoint(${p.location.lng}, ${p.location.lat}), 4326)
            FROM main_projects m JOIN clients cl ON cl.id = m.client_id
            WHERE projects.main_project_id = m.id AND m.name = ${mp.name} AND cl.name = ${c.name}
              AND projects.name = ${p.name} AND projects.location IS NULL`);
        }
      }
    }
  }
}
