import { sql } from 'drizzle-orm';
import type { InfrastructureElement } from './infrastructure-graph.ts';
import type { RoadNetworkSummary, RoutingRules } from '@integration/contracts';
import type { ElementPage } from './routing-protocol.ts';
import type { RoadPage } from './road-ways.ts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';

/** A road as written: WKT geometry in WGS84 and its tags. */
export interface RoadRow {
  wkt: string;
  highway: string;
  name: string | null;
  oneway: -1 | 0 | 1;
  access: string | null;
  osmId: number | null;
  lengthM: number;
}

/** A road as the graph reads it. */
export interface RoadEdgeRow {
  highway: string;
  oneway: number;
  access: string | null;
  speedKmh: number | null;
  coordinates: [number, number][];
}

export interface NetworkStamp {
  roadsChangedAt: string | null;
  settingsChangedAt: string | null;
  overrides: Partial<RoutingRules> | null;
}

/** Rows per INSERT: PGlite holds one statement's parameters in memory. */
const BATCH = 2_000;
/**
 * Vertices per page of roads read for a graph: a page of long streets bounded by rows alone was
 * one PGlite statement of seconds (600 streets of 300 vertices held /api/health 2.2 s).
 */
const PAGE_VERTICES = 20_000;

/** Roads, routing settings and the network elements the infrastructure profile follows: SQL only. */
export const roadsRepository = {
  async insert(db: Queryable, projectId: number, rows: readonly RoadRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      await db.rows(sql`
        INSERT INTO roads (project_id, geom, highway, name, oneway, access, osm_id, length_m)
        SELECT ${projectId}, ST_GeomFromText(r.wkt, 4326), r.highway, r.name, r.oneway, r.access,
               r."osmId", r."lengthM"
        FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          AS r(wkt text, highway text, name text, oneway smallint, access text, "osmId" bigint,
               "lengthM" double precision)`);
    }
  },

  /**
   * One batch of rows as JSON (built by the routing worker: road-import.service.ts), written
   * pending: an import's roads carry their length negated, and no reader sees them (every query
   * here asks `length_m > 0`) until `publishPending` makes them the network's. A crash leaves
   * pending rows only, which the next import of the project removes.
   */
  async insertPending(db: Queryable, projectId: number, batch: string): Promise<void> {
    await db.rows(sql`
      INSERT INTO roads (project_id, geom, highway, name, oneway, access, osm_id, length_m)
      SELECT ${projectId}, ST_GeomFromText(r.wkt, 4326), r.highway, r.name, r.oneway, r.access,
             r."osmId", -r."lengthM"
      FROM jsonb_to_recordset(${batch}::jsonb)
        AS r(wkt text, highway text, name text, oneway smallint, access text, "osmId" bigint,
             "lengthM" double precision)`);
  },

  /** Removes up to `limit` pending rows of the project; answers how many went. */
  async dropPending(db: Queryable, projectId: number, limit: number): Promise<number> {
    const rows = await db.rows<{ id: number }>(sql`
      DELETE FROM roads WHERE id IN (
        SELECT id FROM roads WHERE project_id = ${projectId} AND length_m < 0 LIMIT ${limit})
      RETURNING 1 AS id`);
    return rows.length;
  },

  /** Removes up to `limit` of the project's roads (a replace); answers how many went. */
  async dropVisible(db: Queryable, projectId: number, limit: number): Promise<number> {
    const rows = await db.rows<{ id: number }>(sql`
      DELETE FROM roads WHERE id IN (
        SELECT id FROM roads WHERE project_id = ${projectId} AND length_m > 0 LIMIT ${limit})
      RETURNING 1 AS id`);
    return rows.length;
  },

  /** Makes up to `limit` pending rows the network's; answers how many. */
  async publishPending(db: Queryable, projectId: number, limit: number): Promise<number> {
    const rows = await db.rows<{ id: number }>(sql`
      UPDATE roads SET length_m = -length_m WHERE id IN (
        SELECT id FROM roads WHERE project_id = ${projectId} AND length_m < 0 LIMIT ${limit})
      RETURNING 1 AS id`);
    return rows.length;
  },

  /** Road segments of the project (vertices less one, a road): what the network cap counts. */
  async segments(db: Queryable, projectId: number): Promise<number> {
    const row = await db.one<{ n: number }>(sql`
      SELECT coalesce(sum(ST_NPoints(geom) - 1), 0)::float8 AS n
      FROM roads WHERE project_id = ${projectId} AND length_m > 0`);
    return row?.n ?? 0;
  },

  /**
   * The project's roads after `afterId`, at most `limit` of them and about PAGE_VERTICES
   * vertices (the first road whole, however long), in id order, as one row: their
   * geometries in one WKB and their tags in arrays (a graph build reads every road: pages keep
   * each query short on the embedded database, and compact for the routing worker).
   */
  async wayPage(
    db: Queryable,
    projectId: number,
    afterId: number,
    limit: number,
  ): Promise<{ last: number; page: RoadPage } | null> {
    const row = await db.one<{
      last: number | null;
      wkb: Uint8Array | null;
      highway: string[] | null;
      oneway: number[] | null;
      access: (string | null)[] | null;
      speed: (number | null)[] | null;
    }>(sql`
      SELECT max(id)::float8 AS last, ST_AsBinary(ST_Collect(geom ORDER BY id)) AS wkb,
             array_agg(highway ORDER BY id) AS highway, array_agg(oneway ORDER BY id) AS oneway,
             array_agg(access ORDER BY id) AS access,
             array_agg(speed_kmh::float8 ORDER BY id) AS speed
      FROM (SELECT * FROM (
              SELECT id, geom, highway, oneway, access, speed_kmh,
                     sum(ST_NPoints(geom)) OVER (ORDER BY id) - ST_NPoints(geom) AS before
              FROM (SELECT id, geom, highway, oneway, access, speed_kmh FROM roads
                    WHERE project_id = ${projectId} AND length_m > 0 AND id > ${afterId}
                    ORDER BY id LIMIT ${limit}) candidates) counted
            WHERE before < ${PAGE_VERTICES}) page`);
    if (!row?.wkb || row.last === null) return null;
    return {
      last: row.last,
      page: {
        wkb: row.wkb,
        highway: row.highway ?? [],
        oneway: row.oneway ?? [],
        access: row.access ?? [],
        speedKmh: row.speed ?? [],
      },
    };
  },

  /** The clusters' poles, manholes and cables after `afterId`, as wayPage does for roads. */
  async elementPage(
    db: Queryable,
    clusterIds: readonly number[],
    afterId: number,
    limit: number,
  ): Promise<{ last: number; page: ElementPage } | null> {
    const row = await db.one<{
      last: number | null;
      ids: number[] | null;
      types: ElementPage['types'] | null;
      wkb: Uint8Array | null;
    }>(sql`
      SELECT max(id) AS last, array_agg(id ORDER BY id) AS ids, array_agg(type ORDER BY id) AS types,
             ST_AsBinary(ST_Collect(geom ORDER BY id)) AS wkb
      FROM (SELECT id, type, geom FROM network_elements
            WHERE cluster_id = ANY(${intArray(clusterIds)}::int[]) AND deleted_at IS NULL
              AND type IN ('Pole', 'Manhole', 'Cable') AND id > ${afterId}
            ORDER BY id LIMIT ${limit}) page`);
    if (!row?.wkb || row.last === null) return null;
    return { last: row.last, page: { ids: row.ids ?? [], types: row.types ?? [], wkb: row.wkb } };
  },

  async clear(db: Queryable, projectId: number): Promise<number> {
    const rows = await db.rows<{ id: number }>(
      sql`DELETE FROM roads WHERE project_id = ${projectId} AND length_m > 0 RETURNING 1 AS id`,
    );
    return rows.length;
  },

  /** Marks the network changed: cached graphs of the project are rebuilt on their next use. */
  async touchRoads(db: Queryable, projectId: number): Promise<void> {
    await db.rows(sql`
      INSERT INTO routing_settings (project_id, roads_changed_at) VALUES (${projectId}, now())
      ON CONFLICT (project_id) DO UPDATE SET roads_changed_at = now()`);
  },

  async summary(db: Queryable, projectId: number): Promise<RoadNetworkSummary> {
    const row = await db.one<{
      edges: number;
      metres: number | null;
      west: number | null;
      south: number | null;
      east: number | null;
      north: number | null;
      changed: string | null;
    }>(sql`
      SELECT count(*)::int AS edges, sum(length_m) AS metres,
             ST_XMin(ST_Extent(geom)) AS west, ST_YMin(ST_Extent(geom)) AS south,
             ST_XMax(ST_Extent(geom)) AS east, ST_YMax(ST_Extent(geom)) AS north,
             (SELECT to_char(roads_changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              FROM routing_settings WHERE project_id = ${projectId}) AS changed
      FROM roads WHERE project_id = ${projectId} AND length_m > 0`);
    const classes = await db.rows<{ highway: string; n: number }>(sql`
      SELECT highway, count(*)::int AS n FROM roads WHERE project_id = ${projectId} AND length_m > 0
      GROUP BY highway ORDER BY n DESC, highway`);
    const edges = row?.edges ?? 0;
    return {
      edges,
      kilometres: Math.round((row?.metres ?? 0) / 10) / 100,
      classes: Object.fromEntries(classes.map((c) => [c.highway, c.n])),
      extent:
        edges &&
        row &&
        row.west !== null &&
        row.south !== null &&
        row.east !== null &&
        row.north !== null
          ? ([row.west, row.south, row.east, row.north].map((n) => Math.round(n * 1e7) / 1e7) as [
              number,
              number,
              number,
              number,
            ])
          : null,
      builtAt: edges ? (row?.changed ?? null) : null,
    };
  },

  async count(db: Queryable, projectId: number): Promise<number> {
    const row = await db.one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM roads WHERE project_id = ${projectId} AND length_m > 0`,
    );
    return row?.n ?? 0;
  },

  async edges(db: Queryable, projectId: number): Promise<RoadEdgeRow[]> {
    return db.rows<RoadEdgeRow>(sql`
      SELECT highway, oneway, access, speed_kmh AS "speedKmh",
             (ST_AsGeoJSON(geom, 7)::json) -> 'coordinates' AS coordinates
      FROM roads WHERE project_id = ${projectId} AND length_m > 0 ORDER BY id`);
  },

  async stamp(db: Queryable, projectId: number): Promise<NetworkStamp> {
    const row = await db.one<{
      roads: string | null;
      settings: string;
      speeds: Record<string, number>;
      excluded: string[];
      costs: RoutingRules['costPerMetre'];
    }>(sql`
      SELECT roads_changed_at::text AS roads, settings_changed_at::text AS settings,
             speeds_kmh AS speeds, excluded_classes AS excluded, cost_per_metre AS costs
      FROM routing_settings WHERE project_id = ${projectId}`);
    if (!row) return { roadsChangedAt: null, settingsChangedAt: null, overrides: null };
    return {
      roadsChangedAt: row.roads,
      settingsChangedAt: row.settings,
      overrides: { speedsKmh: row.speeds, excludedClasses: row.excluded, costPerMetre: row.costs },
    };
  },

  async saveSettings(db: Queryable, projectId: number, s: RoutingRules): Promise<void> {
    await db.rows(sql`
      INSERT INTO routing_settings (project_id, speeds_kmh, excluded_classes, cost_per_metre)
      VALUES (${projectId}, ${JSON.stringify(s.speedsKmh)}::jsonb,
              ${JSON.stringify(s.excludedClasses)}::jsonb, ${JSON.stringify(s.costPerMetre)}::jsonb)
      ON CONFLICT (project_id) DO UPDATE SET
        speeds_kmh = EXCLUDED.speeds_kmh, excluded_classes = EXCLUDED.excluded_classes,
        cost_per_metre = EXCLUDED.cost_per_metre, settings_changed_at = now()`);
  },

  async clusterIdsOfProject(db: Queryable, projectId: number): Promise<number[]> {
    const rows = await db.rows<{ id: number }>(sql`
      SELECT c.id FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId} ORDER BY c.id`);
    return rows.map((r) => r.id);
  },

  /** What changes when any pole, manhole or cable of the clusters changes (or is removed). */
  async infrastructureStamp(db: Queryable, clusterIds: readonly number[]): Promise<string> {
    const row = await db.one<{ stamp: string }>(sql`
      SELECT count(*) FILTER (WHERE deleted_at IS NULL) || '/' ||
             coalesce(max(greatest(updated_at, deleted_at))::text, '-') AS stamp
      FROM network_elements
      WHERE cluster_id = ANY(${intArray(clusterIds)}::int[])
        AND type IN ('Pole', 'Manhole', 'Cable')`);
    return row?.stamp ?? '0';
  },

  async infrastructure(
    db: Queryable,
    clusterIds: readonly number[],
  ): Promise<InfrastructureElement[]> {
    return db.rows(sql`
      SELECT id, type, (ST_AsGeoJSON(geom, 7)::json) -> 'coordinates' AS coordinates
      FROM network_elements
      WHERE cluster_id = ANY(${intArray(clusterIds)}::int[]) AND deleted_at IS NULL
        AND type IN ('Pole', 'Manhole', 'Cable')
      ORDER BY id`);
  },
};
