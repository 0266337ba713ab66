import { sql, type SQL } from 'drizzle-orm';
import type { AttributeValue, ElementTypeName } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';
import { ELEMENT_JSON, FROM_ELEMENTS } from './element-json.sql.ts';

/** One element's facts, for single-element checks (restore, history). */
export interface ElementFacts {
  id: number;
  type: ElementTypeName;
  clusterId: number;
  projectId: number;
  templateId: number;
  version: number;
  deleted: boolean;
  name: string;
}

/** What a write checks per item: the live element of the asked type, or null. */
export interface LiveFacts {
  clusterId: number;
  templateId: number;
  version: number;
}

/** The facts of an element whose current version was just copied into the history. */
export interface ArchivedFacts extends LiveFacts {
  name: string;
}

/** A new element as the insert statement takes it (short keys: one JSON for the batch). */
export interface NewElementRow {
  /** cluster id */
  c: number;
  /** template id */
  t: number;
  /** name */
  n: string;
  /** geometry as hex EWKB */
  g: string;
  /** stored attributes */
  a: Record<string, AttributeValue>;
  /** the client's key for the element, if it sent one */
  k?: string;
}

/** An element an earlier create with the same client key made, as a create answers it. */
export interface CreatedBefore {
  clientKey: string;
  id: number;
  name: string;
  version: number;
  clusterId: number;
  templateId: number;
  updatedById: number | null;
  updatedAt: string;
}

/** A change to an element; absent fields are left as they are (and cost no JSON). */
export interface ElementChange {
  id: number;
  /** the version the change applies to (it fails if the element moved on) */
  v: number;
  /** name */
  n?: string;
  /** template id */
  t?: number;
  /** geometry as hex EWKB */
  g?: string;
  /** attributes given, merged over the stored ones */
  a?: Record<string, AttributeValue>;
}

export interface RingProblem {
  index: number;
  reason: string;
  lat: number | null;
  lng: number | null;
}

/**
 * The superseded versions of the rows an UPDATE changed (`o`, read beside the target `e`),
 * copied into element_history by the same statement: who made that version, when, how.
 */
const ARCHIVE_OLD = sql.raw(`o.id, o.version, o.last_action, o.updated_by, o.updated_at, o.name,
  o.cluster_id, o.template_id, o.geom, o.attributes, o.deleted_at`);
const archive = (cte: string) =>
  sql.raw(`INSERT INTO element_history
    (element_id, version, action, user_id, at, name, cluster_id, template_id, geom, attributes, deleted)
  SELECT id, version, last_action, updated_by, updated_at, name, cluster_id, template_id, geom,
         attributes, deleted_at IS NOT NULL
  FROM ${cte}`);

/**
 * The element of an id, looked up by primary key one id at a time (OFFSET 0 keeps the
 * planner from turning it into a join). Embedded PGlite never analyses tables by itself:
 * with statistics from when the table was small, a join of 10,000 ids was planned as a
 * nested loop over a scan and took minutes; one index probe per id does not depend on them.
 */
const byId = (id: SQL) => sql`SELECT * FROM network_elements WHERE id = ${id} OFFSET 0`;

/**
 * The live elements of a type among these ids, as `e`: one scan of the primary key for the
 * whole list, half the cost of one probe per id. OFFSET 0 keeps the type and deleted tests
 * outside, so that stale statistics cannot steer the planner to the (cluster, type) index
 * and through every element of the type.
 */
const liveAmong = (type: ElementTypeName, ids: number[]) => sql`
  (SELECT * FROM network_elements WHERE id = ANY(${intArray(ids)}::int[]) OFFSET 0) e
  WHERE e.type = ${type} AND e.deleted_at IS NULL`;

/** Columns of the facts found, as one JSON object of arrays (one row, not one per element). */
const FACT_ARRAYS = sql.raw(`json_build_object('i', json_agg(id), 'c', json_agg(cluster_id),
  't', json_agg(template_id), 'v', json_agg(version), 'n', json_agg(name))::text AS facts`);

/** Facts per id asked, in that order (null where none was found), from FACT_ARRAYS. */
function inRequestOrder(ids: number[], json: string | undefined): (ArchivedFacts | null)[] {
  const facts = JSON.parse(json ?? '{}') as {
    i: number[] | null;
    c: number[];
    t: number[];
    v: number[];
    n: string[];
  };
  const at = new Map<number, number>();
  facts.i?.forEach((id, k) => at.set(id, k));
  return ids.map((id) => {
    const k = at.get(id);
    return k === undefined
      ? null
      : {
          clusterId: facts.c[k] as number,
          templateId: facts.t[k] as number,
          version: facts.v[k] as number,
          name: facts.n[k] as string,
        };
  });
}

/** Cables keep their geodesic length in metres, computed by PostGIS. */
const lengthOf = (type: ElementTypeName, geom: SQL) =>
  type === 'Cable' ? sql`ST_Length((${geom})::geography)` : sql`NULL::float8`;

export const elementsRepository = {
  /**
   * Elements by id, in the order asked, as one JSON array text. Each element's JSON is
   * built by PostgreSQL and only concatenated here, in request order, never parsed.
   */
  async byIdsJson(db: Queryable, ids: number[]): Promise<string> {
    const rows = await db.rows<{ id: number; json: string }>(sql`
      SELECT e.id, (${ELEMENT_JSON})::text AS json
      FROM ${FROM_ELEMENTS}
      WHERE e.id = ANY(${intArray(ids)}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r.json]));
    return `[${ids.flatMap((id) => byId.get(id) ?? []).join(',')}]`;
  },

  /** The live (not deleted) elements among these ids, as one JSON array text, in no order. */
  async liveJson(db: Queryable, ids: number[]): Promise<string> {
    const row = await db.one<{ json: string | null }>(sql`
      SELECT json_agg(${ELEMENT_JSON})::text AS json
      FROM ${FROM_ELEMENTS}
      WHERE e.id = ANY(${intArray(ids)}::int[]) AND e.deleted_at IS NULL`);
    return row?.json ?? '[]';
  },

  /** One element's facts, deleted or not, whatever its type. */
  oneFacts: async (db: Queryable, id: number) =>
    (await elementsRepository.factsOf(db, [id]))[0] ?? undefined,

  /** Per id asked, in order: its facts, deleted or not, whatever its type, or null. One query. */
  async factsOf(db: Queryable, ids: number[]): Promise<(ElementFacts | null)[]> {
    const rows = await db.rows<ElementFacts>(sql`
      SELECT e.id, e.type, e.cluster_id AS "clusterId", co.project_id AS "projectId",
             e.template_id AS "templateId", e.version, e.deleted_at IS NOT NULL AS deleted,
             e.name
      FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE e.id = ANY(${intArray(ids)}::int[])`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  },

  /**
   * Per id asked, in order: the live element of this type, or null. No row locks: writes
   * apply to the version read here and fail (to be retried) if it moved on meanwhile.
   */
  async liveFacts(
    db: Queryable,
    type: ElementTypeName,
    ids: number[],
  ): Promise<(LiveFacts | null)[]> {
    const row = await db.one<{ facts: string }>(
      sql`SELECT ${FACT_ARRAYS} FROM ${liveAmong(type, ids)}`,
    );
    return inRequestOrder(ids, row?.facts);
  },

  /**
   * liveFacts for an update, which also copies the versions found into the history: the
   * versions the update will replace, read once for both. The update then changes only
   * those versions; if another writer moved an element on meanwhile, the write is rolled
   * back with these copies and retried. Another writer archiving the same version first
   * makes this a unique violation, which the service retries the same way.
   */
  async archiveLive(
    db: Queryable,
    type: ElementTypeName,
    ids: number[],
  ): Promise<(ArchivedFacts | null)[]> {
    const row = await db.one<{ facts: string }>(sql`
      WITH archived AS (
        INSERT INTO element_history
          (element_id, version, action, user_id, at, name, cluster_id, template_id, geom, attributes, deleted)
        SELECT e.id, e.version, e.last_action, e.updated_by, e.updated_at, e.name, e.cluster_id,
               e.template_id, e.geom, e.attributes, false
        FROM ${liveAmong(type, ids)}
        RETURNING element_id AS id, cluster_id, template_id, version, name
      )
      SELECT ${FACT_ARRAYS} FROM archived`);
    return inRequestOrder(ids, row?.facts);
  },

  /** Of these (id, version) pairs, the ids whose element is no longer at that version. */
  async movedOn(db: Queryable, items: { id: number; version: number }[]): Promise<number[]> {
    const rows = await db.rows<{ id: number }>(sql`
      SELECT r.id FROM unnest(${intArray(items.map((i) => i.id))}::int[],
                              ${intArray(items.map((i) => i.version))}::int[]) AS r(id, v)
      LEFT JOIN LATERAL (${byId(sql`r.id`)}) e ON true
      WHERE e.version IS DISTINCT FROM r.v`);
    return rows.map((r) => r.id);
  },

  /** Zone outlines PostGIS finds invalid (self-intersections…), with where. */
  ringProblems: (db: Queryable, rings: { index: number; ewkb: string }[]) =>
    rings.length
      ? db.rows<RingProblem>(sql`
          SELECT r.index, v.reason, ST_Y(v.location) AS lat, ST_X(v.location) AS lng
          FROM jsonb_to_recordset(${JSON.stringify(rings)}::jsonb) AS r(index int, ewkb text)
          CROSS JOIN LATERAL ST_IsValidDetail(r.ewkb::geometry) v
          WHERE NOT v.valid
          ORDER BY r.index`)
      : Promise.resolve([]),

  /** Reserves `count` numbers of a cluster's naming sequence for a type; answers the first. */
  async reserveSequence(
    db: Queryable,
    clusterId: number,
    type: ElementTypeName,
    count: number,
  ): Promise<number> {
    const row = await db.one<{ last: number }>(sql`
      INSERT INTO element_name_sequences (cluster_id, type, last_seq) VALUES (${clusterId}, ${type}, ${count})
      ON CONFLICT (cluster_id, type) DO UPDATE SET last_seq = element_name_sequences.last_seq + ${count}
      RETURNING last_seq AS last`);
    return (row?.last ?? count) - count + 1;
  },

  /** The elements of this type the user already created with these client keys. */
  createdBefore: (db: Queryable, type: ElementTypeName, userId: number, keys: string[]) =>
    keys.length
      ? db.rows<CreatedBefore>(sql`
          SELECT client_key AS "clientKey", id, name, version, cluster_id AS "clusterId",
                 template_id AS "templateId", updated_by AS "updatedById",
                 iso_time(updated_at) AS "updatedAt"
          FROM network_elements
          WHERE created_by = ${userId} AND type = ${type}
            AND client_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`)
      : Promise.resolve([]),

  /**
   * One statement for the whole batch: ids drawn from the table's identity sequence beside
   * each row's place in the request, the rows written (cables with their geodesic length),
   * and the ids answered in request order. A create writes no history row: version 1 is
   * the element row itself until an update supersedes it.
   */
  async insert(
    db: Queryable,
    type: ElementTypeName,
    rows: NewElementRow[],
    userId: number,
  ): Promise<{ ids: number[]; at: string }> {
    const row = await db.one<{ ids: string; at: string }>(sql`
      WITH src AS MATERIALIZED (
        SELECT nextval('network_elements_id_seq')::int AS id, r.*
        FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                        AS (c int, t int, n text, g text, a jsonb, k text))
             WITH ORDINALITY AS r(c, t, n, g, a, k, o)
      ), ins AS (
        INSERT INTO network_elements
          (id, cluster_id, type, template_id, name, geom, attributes, length_m, created_by, updated_by,
           client_key)
        OVERRIDING SYSTEM VALUE
        SELECT s.id, s.c, ${type}, s.t, s.n, s.g::geometry, s.a, ${lengthOf(type, sql`s.g::geometry`)},
               ${userId}, ${userId}, s.k
        FROM src s
      )
      SELECT json_agg(id ORDER BY o)::text AS ids, iso_time(now()) AS at FROM src`);
    return { ids: JSON.parse(row?.ids ?? '[]') as number[], at: row?.at ?? '' };
  },

  /**
   * One statement for the whole batch: each element moved to its next version if it is
   * still at the version the change was checked against (archiveLive copied that version
   * into the history). Answers how many changed, and when.
   */
  async update(
    db: Queryable,
    type: ElementTypeName,
    changes: ElementChange[],
    userId: number,
  ): Promise<{ count: number; at: string }> {
    const row = await db.one<{ count: number; at: string }>(sql`
      WITH upd AS (
        UPDATE network_elements e SET
          name = coalesce(r.n, e.name),
          template_id = coalesce(r.t, e.template_id),
          geom = coalesce(r.g::geometry, e.geom),
          attributes = coalesce(e.attributes || r.a, e.attributes),
          length_m = CASE WHEN r.g IS NULL THEN e.length_m ELSE ${lengthOf(type, sql`r.g::geometry`)} END,
          version = e.version + 1,
          updated_by = ${userId},
          updated_at = now(),
          last_action = 'update'
        -- json, not jsonb: read once, the batch need not be built into jsonb's binary form
        -- first (10,000 changes: ~10 ms less on PostgreSQL, the same on PGlite). One array
        -- per field (unnest) saved ~10 ms more on PostgreSQL but cost ~100 ms on PGlite.
        FROM json_to_recordset(${JSON.stringify(changes)}::json)
          AS r(id int, v int, n text, t int, g text, a jsonb)
        WHERE e.id = r.id AND e.version = r.v
        RETURNING 1
      )
      SELECT count(*)::int AS count, iso_time(now()) AS at FROM upd`);
    return { count: row?.count ?? 0, at: row?.at ?? '' };
  },

  /**
   * Deletes (keeping the rows) or restores elements that are still at the given versions,
   * archiving the versions they replace. Answers how many changed, and when.
   */
  async setDeleted(
    db: Queryable,
    items: { id: number; version: number }[],
    deleted: boolean,
    userId: number,
  ): Promise<{ count: number; at: string }> {
    const row = await db.one<{ count: number; at: string }>(sql`
      WITH upd AS (
        UPDATE network_elements e SET
          deleted_at = ${deleted ? sql`now()` : sql`NULL`},
          version = e.version + 1,
          updated_by = ${userId},
          updated_at = now(),
          last_action = ${deleted ? 'delete' : 'restore'}
        FROM unnest(${intArray(items.map((i) => i.id))}::int[],
                    ${intArray(items.map((i) => i.version))}::int[]) AS r(id, v)
        JOIN network_elements o ON o.id = r.id
        WHERE e.id = r.id AND e.version = r.v AND o.version = r.v
        RETURNING ${ARCHIVE_OLD}
      ), archived AS (${archive('upd')})
      SELECT count(*)::int AS count, iso_time(now()) AS at FROM upd`);
    return { count: row?.count ?? 0, at: row?.at ?? '' };
  },

  /**
   * Every version of an element, oldest first: the superseded ones from element_history,
   * then the current one from the element row; each with who made it, when, how, and the
   * state before (the previous version) and after.
   */
  history: (db: Queryable, id: number) =>
    db.rows(sql`
      WITH versions AS (
        SELECT h.version, h.action, h.user_id, h.at, h.name, h.cluster_id, h.template_id,
               h.geom, h.attributes, h.deleted
        FROM element_history h WHERE h.element_id = ${id}
        UNION ALL
        SELECT e.version, e.last_action, e.updated_by, e.updated_at, e.name, e.cluster_id,
               e.template_id, e.geom, e.attributes, e.deleted_at IS NOT NULL
        FROM network_elements e WHERE e.id = ${id}
      )
      SELECT v.version AS id, v.action, iso_time(v.at) AS at,
             CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS user,
             lag(s.state) OVER (ORDER BY v.version) AS before, s.state AS after
      FROM versions v
      CROSS JOIN LATERAL (SELECT jsonb_build_object(
        'name', v.name, 'version', v.version, 'clusterId', v.cluster_id, 'templateId', v.template_id,
        'geometry', ST_AsGeoJSON(v.geom)::jsonb, 'attributes', v.attributes, 'deleted', v.deleted) AS state) s
      LEFT JOIN users u ON u.id = v.user_id
      ORDER BY v.version`),
};
