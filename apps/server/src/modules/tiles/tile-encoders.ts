import { sql } from 'drizzle-orm';
import { TILE_EXTENT } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import type { MvtWorkerHost } from './mvt-worker-host.ts';
import type { TileId } from './tile-coordinates.ts';
import { tileFeatures } from './tile-features.sql.ts';

/** Writes one tile of a project as Mapbox Vector Tile bytes (empty: no feature). */
export type TileEncoder = (db: Queryable, projectId: number, tile: TileId) => Promise<Uint8Array>;

const asBytes = (value: unknown): Uint8Array =>
  value instanceof Uint8Array ? value : new Uint8Array(0);

/** PostgreSQL: ST_AsMVT, one layer per type, the layers' bytes concatenated (a tile is its layers). */
export const postgisTileEncoder: TileEncoder = async (db, projectId, tile) => {
  const row = await db.one<{ tile: unknown }>(sql`
    SELECT string_agg(q.mvt, ''::bytea ORDER BY q.type) AS tile FROM (
      SELECT f.type, ST_AsMVT(f, f.type, ${TILE_EXTENT}, 'geom', 'fid') AS mvt
      FROM (${tileFeatures(projectId, tile)}) f GROUP BY f.type) q`);
  return asBytes(row?.tile);
};

/** The tile's rows as one JSON text (PGlite hands one text over far faster than rows). */
export async function tileRowsJson(
  db: Queryable,
  projectId: number,
  tile: TileId,
): Promise<string> {
  const row = await db.one<{ rows: string | null }>(sql`
    SELECT json_agg(json_build_array(f.id, f.type, f.name, f.cluster, f.phase, f.capacity,
             f."cableType", f.color, f.pattern, ST_AsGeoJSON(f.geom, 0)::json) ORDER BY f.type, f.id)::text AS rows
    FROM (${tileFeatures(projectId, tile)}) f`);
  return row?.rows ?? '[]';
}

/** PGlite: the same rows, written by the server (mvt-writer.ts) in its tile thread. */
export const serverTileEncoder =
  (host: MvtWorkerHost): TileEncoder =>
  async (db, projectId, tile) => {
    const json = await tileRowsJson(db, projectId, tile);
    return json === '[]' ? new Uint8Array(0) : host.encode(json);
  };
