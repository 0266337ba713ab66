import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';

/** Lambert-93: the model's own coordinate system, the delivery's by default. */
export const GRACETHD_DEFAULT_CRS = 2154;

/** Whether PostGIS knows the EPSG code (both databases carry the same spatial_ref_sys). */
export async function knownCrs(db: Queryable, crs: number): Promise<boolean> {
  const row = await db.one<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM spatial_ref_sys WHERE auth_name = 'EPSG' AND auth_srid = ${crs}`,
  );
  return (row?.n ?? 0) > 0;
}
