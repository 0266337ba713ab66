import { sql } from 'drizzle-orm';
import type { AttributeValue, ElementAck, ElementTypeName } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { ELEMENT_JSON, FROM_ELEMENTS, historyFrom } from './element-json.sql.ts';

const intArray = (ids: number[]) => `{${ids.join(',')}}`;

/** The row facts that writes check before changing an element. */
export interface ElementFacts {
  id: number;
  type: ElementTypeName;
  clusterId: number;
  projectId: number;
  templateId: number;
  name: string;
  version: number;
  deleted: boolean;
}

export interface NewElementRow {
  id: number;
  clusterId: number;
  type: ElementTypeName;
  templateId: number;
  name: string;
  geojson: string;
  attributes: Record<string, AttributeValue>;
}

export interface ElementChange {
  id: number;
  name: string | null;
  templateId: number | null;
  geojson: string | null;
  attributes: Record<string, AttributeValue>;
}

/** What a write statement answers per row; the service completes it into an ElementAck. */
export type AckRow = Pick<ElementAck, 'id' | 'name' | 'version' | 'updatedById' | 'updatedAt'>;

export interface RingProblem {
  index: number;
  reason: string;
  lat: number | null;
  lng: number | null;
}

export const elementsRepository = {
  /** Every live element of a type in a cluster, as one JSON array text. */
  async clusterJson(db: Queryable, clusterId: number, type: ElementTypeName): Promise<string> {
    const row = await db.one<{ json: string }>(sql`
      SELECT coalesce(json_agg(${ELEMENT_JSON} ORDER BY e.id), '[]')::text AS json
      FROM ${FROM_ELEMENTS}
      WHERE e.cluster_id = ${clusterId} AND e.type = ${type} AND e.deleted_at IS NULL`);
    return row?.json ?? '[]';
  },

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

  /** Facts about elements, locked until the transaction ends so checks stay true. */
  factsForUpdate: (db: Queryable, ids: number[]) =>
    db.rows<ElementFacts>(sql`
      SELECT e.id, e.type, e.cluster_id AS "clusterId", co.project_id AS "projectId",
             e.template_id AS "templateId", e.name, e.version, e.deleted_at IS NOT NULL AS deleted
      FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE e.id = ANY(${intArray(ids)}::int[])
      FOR UPDATE OF e`),

  /** Zone outlines PostGIS finds invalid (self-intersections…), with where. */
  ringProblems: (db: Queryable, rings: { index: number; geojson: string }[]) =>
    rings.length
      ? db.rows<RingProblem>(sql`
          SELECT r.index, v.reason, ST_Y(v.location) AS lat, ST_X(v.location) AS lng
          FROM jsonb_to_recordset(${JSON.stringify(rings)}::jsonb) AS r(index int, geojson text)
          CROSS JOIN LATERAL ST_IsValidDetail(ST_SetSRID(ST_GeomFromGeoJSON(r.geojson), 4326)) v
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

  /** Identity values for new rows, so results can be answered in request order. */
  async nextIds(db: Queryable, count: number): Promise<number[]> {
    const rows = await db.rows<{ id: number }>(sql`
      SELECT nextval(pg_get_serial_sequence('network_elements', 'id'))::int AS id
      FROM generate_series(1, ${count})`);
    return rows.map((r) => r.id);
  },

  /**
   * One statement for the whole batch: the rows (cables with their geodesic length), their
   * history entries, and the short answers.
   */
  insert: (db: Queryable, rows: NewElementRow[], userId: number) =>
    db.rows<AckRow>(sql`
      WITH ins AS (
        INSERT INTO network_elements
          (id, cluster_id, type, template_id, name, geom, attributes, length_m, created_by, updated_by)
        OVERRIDING SYSTEM VALUE
        SELECT r.id, r."clusterId", r.type, r."templateId", r.name, g.geom, r.attributes,
               CASE WHEN r.type = 'Cable' THEN ST_Length(g.geom::geography) END, ${userId}, ${userId}
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(id int, "clusterId" int, type text, "templateId" int, name text, geojson text, attributes jsonb)
        CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(r.geojson), 4326) AS geom) g
        RETURNING *
      ), history AS (${historyFrom('ins', 'create', userId)})
      SELECT id, name, version, updated_by AS "updatedById", iso_time(now()) AS "updatedAt" FROM ins`),

  update: (db: Queryable, changes: ElementChange[], userId: number) =>
    db.rows<AckRow>(sql`
      WITH upd AS (
        UPDATE network_elements e SET
          name = coalesce(r.name, e.name),
          template_id = coalesce(r."templateId", e.template_id),
          geom = coalesce(g.geom, e.geom),
          attributes = e.attributes || r.attributes,
          length_m = CASE WHEN e.type = 'Cable' THEN ST_Length(coalesce(g.geom, e.geom)::geography) END,
          version = e.version + 1,
          updated_by = ${userId},
          updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
          AS r(id int, name text, "templateId" int, geojson text, attributes jsonb)
        CROSS JOIN LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(r.geojson), 4326) AS geom) g
        WHERE e.id = r.id
        RETURNING e.*
      ), history AS (${historyFrom('upd', 'update', userId)})
      SELECT id, name, version, updated_by AS "updatedById", iso_time(now()) AS "updatedAt" FROM upd`),

  /** Deletes (keeping the rows) or restores elements, with their history entries. */
  setDeleted: (db: Queryable, ids: number[], deleted: boolean, userId: number) =>
    db.rows<AckRow>(sql`
      WITH upd AS (
        UPDATE network_elements SET
          deleted_at = ${deleted ? sql`now()` : sql`NULL`},
          version = version + 1, updated_by = ${userId}, updated_at = now()
        WHERE id = ANY(${intArray(ids)}::int[])
        RETURNING *
      ), history AS (${historyFrom('upd', deleted ? 'delete' : 'restore', userId)})
      SELECT id, name, version, updated_by AS "updatedById", iso_time(now()) AS "updatedAt" FROM upd`),

  history: (db: Queryable, id: number) =>
    db.rows(sql`
      SELECT h.id, h.action, iso_time(h.at) AS at,
             CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name) END AS user,
             lag(s.state) OVER (ORDER BY h.id) AS before, s.state AS after
      FROM element_history h
      CROSS JOIN LATERAL (SELECT jsonb_build_object(
        'name', h.name, 'version', h.version, 'clusterId', h.cluster_id, 'templateId', h.template_id,
        'geometry', ST_AsGeoJSON(h.geom)::jsonb, 'attributes', h.attributes, 'deleted', h.deleted) AS state) s
      LEFT JOIN users u ON u.id = h.user_id
      WHERE h.element_id = ${id}
      ORDER BY h.id`),
};
