import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database.ts';

/** The coordinate systems a delivery may be written in: those PostGIS knows (GDAL's are the same). */
export const crsRepository = {
  /** The PROJ definition of an EPSG code (both databases have the table); null if none. */
  async projDefinition(db: Queryable, code: number): Promise<string | null> {
    const row = await db.one<{ proj4text: string | null }>(sql`
      SELECT proj4text FROM spatial_ref_sys
      WHERE srid = ${code} AND auth_name = 'EPSG' AND auth_srid = ${code}`);
    return row ? (row.proj4text ?? '') : null;
  },
};
