import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/database.ts';
import { templatesRepository } from '../../apps/server/src/modules/templates/templates.repository.ts';

/** Elements of each type in one generated cluster: 2,000 in all. */
export const SCALE_CLUSTER_MIX: Record<string, number> = {
  Zone: 1,
  FDTSRO: 1,
  SpliceClosure: 18,
  PboFat: 150,
  Manhole: 100,
  Loop: 30,
  SFU: 150,
  Pole: 400,
  Building: 400,
  Cable: 750,
};
export const SCALE_CLUSTER_SIZE = Object.values(SCALE_CLUSTER_MIX).reduce((a, b) => a + b, 0);

/** Degrees between two clusters' corners (about 1 km in Nairobi), and a cluster's side. */
const STEP = 0.009;
const SIDE = 0.008;
const WEST = 36.65;
const NORTH = -1.2;
const COLUMNS = 25;
const CLUSTERS_PER_OFFICE = 50;
/** Constants written into the statement: as parameters PostgreSQL would type them from the context. */
const raw = (value: number) => sql.raw(String(value));

export interface ScaleNetwork {
  projectId: number;
  clusters: number;
  elements: number;
  /** [west, south, east, north] of the whole project. */
  box: [number, number, number, number];
}

/**
 * A project of `clusters` clusters of SCALE_CLUSTER_SIZE elements each, as a city's network is
 * drawn (the tiles' bench: every type, cables of 12 to 144 fibres 20–400 m long), written
 * straight in SQL, a batch of clusters per statement: clusters on a grid over Nairobi, 50 to a
 * central office, each with its zone, FDT-SRO, closures, PBO-FATs, supports and premises placed
 * by a fixed hash, so every run draws the same city.
 */
export async function scaleNetwork(
  db: Database,
  name: string,
  clusters: number,
): Promise<ScaleNetwork> {
  const project = await db.one<{ id: number }>(sql`
    INSERT INTO projects (main_project_id, name)
    SELECT id, ${name} FROM main_projects ORDER BY id LIMIT 1 RETURNING id`);
  if (!project) throw new Error('scale bench: project not created');
  const projectId = project.id;
  await templatesRepository.ensureDefaults(db, [projectId]);
  const offices = Math.ceil(clusters / CLUSTERS_PER_OFFICE);
  await db.rows(sql`
    INSERT INTO central_offices (project_id, name)
    SELECT ${projectId}, 'Scale CO ' || g FROM generate_series(1, ${offices}) g`);
  await db.rows(sql`
    INSERT INTO clusters (central_office_id, name, naming_prefix)
    SELECT co.id, 'SC-' || lpad(g::text, 3, '0'), 'SC' || g
    FROM generate_series(1, ${clusters}) g
    JOIN LATERAL (SELECT id FROM central_offices WHERE project_id = ${projectId}
                  ORDER BY id OFFSET (g - 1) / ${CLUSTERS_PER_OFFICE} LIMIT 1) co ON true`);
  const mix = Object.entries(SCALE_CLUSTER_MIX);
  const types = sql.raw(
    `(VALUES ${mix.map(([type, n]) => `('${type}', ${n})`).join(', ')}) AS t(type, n)`,
  );
  const BATCH = 25;
  for (let first = 0; first < clusters; first += BATCH) {
    await db.rows(sql`
      WITH c AS (
        SELECT c.id, c.naming_prefix AS prefix, row_number() OVER (ORDER BY c.id) - 1 + ${first} AS k
        FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
        WHERE co.project_id = ${projectId} ORDER BY c.id OFFSET ${first} LIMIT ${BATCH}
      ), placed AS (
        SELECT c.id, c.prefix, ${raw(WEST)} + (c.k % ${raw(COLUMNS)}) * ${raw(STEP)} AS x0,
               ${raw(NORTH)} - (c.k / ${raw(COLUMNS)}) * ${raw(STEP)} AS y0, c.k
        FROM c
      ), spots AS (
        SELECT p.id AS cluster_id, p.prefix, t.type, g,
               p.x0 + ((g * 7919 + p.k * 104729 + length(t.type) * 31) % 997) / 997.0 * ${raw(SIDE)} AS x,
               p.y0 - ((g * 3571 + p.k * 7727 + length(t.type) * 17) % 991) / 991.0 * ${raw(SIDE)} AS y,
               p.x0, p.y0
        FROM placed p, ${types}, generate_series(1, t.n) g
      ), shaped AS (
        SELECT s.*, CASE
          WHEN s.type = 'Zone' THEN ST_MakeEnvelope(s.x0, s.y0 - ${raw(SIDE)}, s.x0 + ${raw(SIDE)}, s.y0, 4326)
          WHEN s.type = 'Cable' THEN ST_SetSRID(ST_MakeLine(ARRAY[
            ST_MakePoint(s.x, s.y),
            ST_MakePoint(s.x + ((s.g * 13) % 21 - 10) * 0.00012, s.y + ((s.g * 7) % 21 - 10) * 0.00009),
            ST_MakePoint(s.x + ((s.g * 13) % 21 - 10) * 0.00018, s.y + ((s.g * 7) % 21 - 10) * 0.00020)]), 4326)
          ELSE ST_SetSRID(ST_MakePoint(s.x, s.y), 4326) END AS geom
        FROM spots s
      )
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, length_m)
      SELECT s.cluster_id, s.type, tp.id, s.prefix || '-' || s.type || '-' || lpad(s.g::text, 4, '0'), s.geom,
             CASE WHEN s.type = 'Cable'
               THEN jsonb_build_object('Capacity', (ARRAY['12', '24', '48', '96', '144'])[1 + s.g % 5])
               ELSE '{}'::jsonb END,
             CASE WHEN s.type = 'Cable' THEN ST_Length(s.geom::geography) END
      FROM shaped s
      LEFT JOIN element_templates tp
        ON tp.project_id = ${projectId} AND tp.type = s.type AND tp.is_default`);
  }
  await db.rows(sql`ANALYZE network_elements`);
  const count = await db.one<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM network_elements e JOIN clusters c ON c.id = e.cluster_id
    JOIN central_offices co ON co.id = c.central_office_id WHERE co.project_id = ${projectId}`);
  const rows = Math.ceil(clusters / COLUMNS);
  return {
    projectId,
    clusters,
    elements: count?.n ?? 0,
    box: [WEST, NORTH - rows * STEP, WEST + Math.min(clusters, COLUMNS) * STEP, NORTH],
  };
}
