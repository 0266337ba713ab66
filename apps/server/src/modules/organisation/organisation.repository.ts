import { sql, type SQL } from 'drizzle-orm';
import type { ContentCounts, OrganisationLevel } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { intArray } from '../../db/sql-arrays.ts';

/** Each level's table, its parent column and the parent's level. */
export const LEVELS: Record<
  OrganisationLevel,
  { table: SQL; parent: string | null; parentLevel: OrganisationLevel | null }
> = {
  subsidiary: { table: sql.raw('subsidiaries'), parent: null, parentLevel: null },
  client: { table: sql.raw('clients'), parent: 'subsidiary_id', parentLevel: 'subsidiary' },
  mainProject: { table: sql.raw('main_projects'), parent: 'client_id', parentLevel: 'client' },
  project: { table: sql.raw('projects'), parent: 'main_project_id', parentLevel: 'mainProject' },
};

/** Every level from the top down, with the alias each has in `contents`. */
const CHAIN = [
  ['subsidiary', 's', null],
  ['client', 'cl', 'clients'],
  ['mainProject', 'mp', 'mainProjects'],
  ['project', 'p', 'projects'],
  ['centralOffice', 'co', 'centralOffices'],
  ['cluster', 'c', 'clusters'],
] as const;
export type ContainerLevel = (typeof CHAIN)[number][0];

/** The organisation's rows as admins write them: SQL only. */
/** Elements deleted per statement when a whole cluster, CO or project goes. */
const ELEMENTS_PER_SLICE = 200;

export const organisationRepository = {
  async name(db: Queryable, level: OrganisationLevel, id: number): Promise<string | null> {
    const row = await db.one<{ name: string }>(sql`
      SELECT name FROM ${LEVELS[level].table} WHERE id = ${id} FOR UPDATE`);
    return row?.name ?? null;
  },

  async create(
    db: Queryable,
    level: OrganisationLevel,
    values: Record<string, unknown>,
  ): Promise<number> {
    const columns = Object.keys(values);
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO ${LEVELS[level].table} (${sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      )})
      VALUES (${sql.join(
        columns.map((c) => sql`${values[c]}`),
        sql`, `,
      )})
      RETURNING id`);
    if (!row) throw new Error(`no ${level} made`);
    return row.id;
  },

  async update(
    db: Queryable,
    level: OrganisationLevel,
    id: number,
    values: Record<string, unknown>,
  ): Promise<void> {
    const sets = Object.entries(values).map(([c, v]) => sql`${sql.identifier(c)} = ${v}`);
    if (level === 'project') sets.push(sql`updated_at = now()`);
    if (!sets.length) return;
    await db.rows(sql`
      UPDATE ${LEVELS[level].table} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
  },

  async exists(db: Queryable, level: OrganisationLevel, id: number): Promise<boolean> {
    return Boolean(await db.one(sql`SELECT 1 FROM ${LEVELS[level].table} WHERE id = ${id}`));
  },

  /** What lives under a row (of the organisation, a CO or a cluster): each level, elements. */
  async contents(db: Queryable, level: ContainerLevel, id: number): Promise<ContentCounts> {
    const root = CHAIN.findIndex(([l]) => l === level);
    const alias = (CHAIN[root] ?? CHAIN[0])[1];
    const row = await db.one<Record<string, number>>(sql`
      SELECT count(DISTINCT cl.id)::int AS clients, count(DISTINCT mp.id)::int AS "mainProjects",
             count(DISTINCT p.id)::int AS projects, count(DISTINCT co.id)::int AS "centralOffices",
             count(DISTINCT c.id)::int AS clusters,
             (SELECT count(*) FROM network_elements e
              WHERE e.deleted_at IS NULL AND e.cluster_id = ANY(array_agg(c.id)))::int AS elements
      FROM subsidiaries s
      LEFT JOIN clients cl ON cl.subsidiary_id = s.id
      LEFT JOIN main_projects mp ON mp.client_id = cl.id
      LEFT JOIN projects p ON p.main_project_id = mp.id
      LEFT JOIN central_offices co ON co.project_id = p.id
      LEFT JOIN clusters c ON c.central_office_id = co.id
      WHERE ${sql.raw(alias)}.id = ${id}`);
    // The row itself and the levels above it are not under it.
    const counts = { elements: row?.elements ?? 0 } as ContentCounts;
    CHAIN.forEach(([, , key], i) => {
      if (key) counts[key] = i > root ? (row?.[key] ?? 0) : 0;
    });
    return counts;
  },

  /** The projects a row holds (or is): their open maps are told when it goes. */
  async projectsUnder(db: Queryable, level: OrganisationLevel, id: number): Promise<number[]> {
    const alias = CHAIN.find(([l]) => l === level)?.[1] ?? 's';
    const rows = await db.rows<{ id: number }>(sql`
      SELECT p.id FROM projects p
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients cl ON cl.id = mp.client_id
      JOIN subsidiaries s ON s.id = cl.subsidiary_id
      WHERE ${sql.raw(alias)}.id = ${id}`);
    return rows.map((r) => r.id);
  },

  /** Deletes the row and, by the keys' cascades, everything under it. */
  async delete(db: Queryable, level: OrganisationLevel, id: number): Promise<void> {
    await organisationRepository.deleteElementsUnder(db, level, id);
    await db.rows(sql`DELETE FROM ${LEVELS[level].table} WHERE id = ${id}`);
  },

  /**
   * Deletes every element (live or deleted) and every QR tag batch under a row, before the row
   * itself goes: both also hang on their project's templates, which a cascade from the project
   * may reach before the cascade from their cluster does.
   */
  async deleteElementsUnder(db: Queryable, level: ContainerLevel, id: number): Promise<void> {
    const alias = CHAIN.find(([l]) => l === level)?.[1] ?? 's';
    const clusters = sql`
      SELECT c.id FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id
      JOIN projects p ON p.id = co.project_id
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients cl ON cl.id = mp.client_id
      JOIN subsidiaries s ON s.id = cl.subsidiary_id
      WHERE ${sql.raw(alias)}.id = ${id}`;
    const ids = (await db.rows<{ id: number }>(clusters)).map((c) => c.id);
    await db.rows(sql`DELETE FROM qr_templates WHERE cluster_id = ANY(${intArray(ids)}::int[])`);
    // In slices: on the embedded database a statement holds the event loop while it runs, and
    // the cascades of a whole project's elements (fibres, splices, history) take seconds.
    for (;;) {
      const gone = await db.rows(sql`
        DELETE FROM network_elements WHERE id IN (
          SELECT id FROM network_elements WHERE cluster_id = ANY(${intArray(ids)}::int[])
          LIMIT ${ELEMENTS_PER_SLICE})
        RETURNING 1`);
      if (gone.length < ELEMENTS_PER_SLICE) break;
    }
  },

  async history(
    db: Queryable,
    entry: {
      level: ContainerLevel;
      id: number;
      action: 'create' | 'update' | 'delete';
      name: string;
      detail: object;
      userId: number;
    },
  ): Promise<void> {
    await db.rows(sql`
      INSERT INTO organisation_history (level, entity_id, action, name, detail, user_id)
      VALUES (${entry.level}, ${entry.id}, ${entry.action}, ${entry.name},
              ${JSON.stringify(entry.detail)}::jsonb, ${entry.userId})`);
  },
};
