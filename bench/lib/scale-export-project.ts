import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/database.ts';

/**
 * A generated project for the export benchmark: `count` elements across `clusters` clusters of
 * one central office, written straight in SQL (setup, not measured), with the seeded demo
 * project's templates (their attributes, most left empty). Three in ten are cables (short lines,
 * with a capacity), the others poles (a height, an owner for two in three), buildings, SFUs,
 * PBO-FATs and manholes, spread on a grid over Nairobi.
 */
export async function scaleExportProject(
  db: Database,
  count: number,
  clusters = 500,
): Promise<{ projectId: number; seconds: number }> {
  const started = performance.now();
  const demo = await db.one<{ id: number; main_project_id: number }>(sql`
    SELECT p.id, p.main_project_id FROM projects p
    JOIN central_offices co ON co.project_id = p.id
    WHERE co.name = 'CO Nairobi Central'`);
  if (!demo) throw new Error('the seeded demo project is missing');
  const project = await db.one<{ id: number }>(sql`
    INSERT INTO projects (main_project_id, name)
    VALUES (${demo.main_project_id}, ${`Scale ${count} ${Date.now()}`}) RETURNING id`);
  const projectId = project?.id ?? 0;
  await db.rows(sql`
    INSERT INTO element_templates (project_id, type, name, is_default, attributes, style)
    SELECT ${projectId}, type, name, is_default, attributes, style
    FROM element_templates WHERE project_id = ${demo.id}`);
  const office = await db.one<{ id: number }>(sql`
    INSERT INTO central_offices (project_id, name) VALUES (${projectId}, 'CO Scale') RETURNING id`);
  await db.rows(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT ${office?.id}, 'SCALE-' || lpad(n::text, 3, '0') FROM generate_series(1, ${clusters}) n`);
  const ids = await db.one<{ first: number }>(sql`
    SELECT min(id) AS first FROM clusters WHERE central_office_id = ${office?.id}`);
  const first = ids?.first ?? 0;
  // In batches: one statement of a million rows holds them all in memory on PGlite.
  const BATCH = 100_000;
  for (let from = 0; from < count; from += BATCH) {
    const to = Math.min(count, from + BATCH) - 1;
    await db.rows(sql`
      WITH spots AS (
        SELECT i, (ARRAY['Pole', 'Pole', 'Building', 'Building', 'SFU', 'PboFat', 'Manhole',
                         'Cable', 'Cable', 'Cable'])[1 + i % 10] AS type,
               (36.6 + (i % 1000) * 0.0005)::float8 AS x, (-1.5 + (i / 1000) * 0.0004)::float8 AS y
        FROM generate_series(${from}::int, ${to}::int) AS i)
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, length_m, created_by, updated_by)
      SELECT ${first} + (s.i % ${clusters}), s.type, t.id, s.type || ' ' || s.i || ' é',
             CASE WHEN s.type = 'Cable'
               THEN ST_SetSRID(ST_MakeLine(ST_MakePoint(s.x, s.y), ST_MakePoint(s.x + 0.0004, s.y + 0.0001)), 4326)
               ELSE ST_SetSRID(ST_MakePoint(s.x, s.y), 4326) END,
             CASE s.type
               WHEN 'Cable' THEN jsonb_build_object('Capacity', (ARRAY['12', '24', '48', '96', '144'])[1 + s.i % 5])
               WHEN 'Pole' THEN jsonb_build_object('Height', 9 + s.i % 4, 'Owner', CASE WHEN s.i % 3 = 0 THEN '' ELSE 'Bench' END)
               ELSE '{}'::jsonb END,
             CASE WHEN s.type = 'Cable' THEN 45.0 END, 1, 1
      FROM spots s
      JOIN element_templates t ON t.project_id = ${projectId} AND t.type = s.type AND t.is_default`);
  }
  await db.rows(sql`ANALYZE network_elements`);
  return { projectId, seconds: (performance.now() - started) / 1000 };
}
