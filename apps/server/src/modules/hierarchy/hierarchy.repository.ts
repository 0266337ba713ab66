import { sql, type SQL } from 'drizzle-orm';
import type {
  Client,
  ColourScheme,
  LossConstants,
  MainProject,
  Project,
  Subsidiary,
} from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** A project row before counts, presence and its currency (book, else country) are added. */
export type ProjectRow = Omit<
  Project,
  '_count' | 'usersOnline' | 'currency' | 'colourScheme' | 'losses'
> & {
  currency: string | null;
  country: string | null;
  colourScheme: ColourScheme | null;
  losses: LossConstants | null;
};

export const hierarchyRepository = {
  projects: (db: Queryable, where: SQL) =>
    db.rows<ProjectRow>(sql`
      SELECT p.id, p.name, p.zoom, pb.currency, s.country, p.basemap, p.phase,
             fs.colour_scheme AS "colourScheme", fs.losses,
             iso_time(p.created_at) AS "createdAt", iso_time(p.updated_at) AS "updatedAt",
             p.main_project_id AS "mainProjectId",
             json_build_object('id', mp.id, 'name', mp.name) AS "mainProject",
             json_build_object('id', c.id, 'name', c.name,
               'subsidiary', json_build_object('id', s.id, 'name', s.name)) AS client
      FROM projects p
      JOIN main_projects mp ON mp.id = p.main_project_id
      JOIN clients c ON c.id = mp.client_id
      JOIN subsidiaries s ON s.id = c.subsidiary_id
      LEFT JOIN price_books pb ON pb.project_id = p.id
      LEFT JOIN fibre_settings fs ON fs.project_id = p.id
      WHERE ${where}
      ORDER BY p.updated_at DESC, p.id`),

  // An admin sees every level, empty ones too (issue 28: an organisation starts empty); others
  // see those that lead to a project they may read.
  subsidiaries: (db: Queryable, projectVisible: SQL, admin: boolean) =>
    db.rows<Subsidiary>(sql`
      SELECT s.id, s.name, s.country FROM subsidiaries s
      WHERE ${admin} OR EXISTS (
        SELECT 1 FROM clients c
        JOIN main_projects mp ON mp.client_id = c.id
        JOIN projects p ON p.main_project_id = mp.id
        WHERE c.subsidiary_id = s.id AND ${projectVisible})
      ORDER BY s.name`),

  clients: (db: Queryable, subsidiaryId: number, projectVisible: SQL, admin: boolean) =>
    db.rows<Client>(sql`
      SELECT c.id, c.name, c.subsidiary_id AS "subsidiaryId" FROM clients c
      WHERE c.subsidiary_id = ${subsidiaryId} AND (${admin} OR EXISTS (
        SELECT 1 FROM main_projects mp JOIN projects p ON p.main_project_id = mp.id
        WHERE mp.client_id = c.id AND ${projectVisible}))
      ORDER BY c.name`),

  mainProjects: (db: Queryable, clientId: number, projectVisible: SQL, admin: boolean) =>
    db.rows<MainProject>(sql`
      SELECT mp.id, mp.name, mp.client_id AS "clientId" FROM main_projects mp
      WHERE mp.client_id = ${clientId} AND (${admin} OR EXISTS (
        SELECT 1 FROM projects p WHERE p.main_project_id = mp.id AND ${projectVisible}))
      ORDER BY mp.name`),

  /** Marks a project as changed now (its list shows the last activity first). */
  async touchProject(db: Queryable, projectId: number): Promise<void> {
    await db.rows(sql`UPDATE projects SET updated_at = now() WHERE id = ${projectId}`);
  },
};
