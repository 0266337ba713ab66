import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database.ts';
import { assignedProjectIds } from '../../access/access.ts';

/** What an OFDS import looks up beyond the organisation's own repositories: SQL only. */
export const ofdsImportRepository = {
  /**
   * The main project, and whether the user works in it (assigned to a CO or cluster of one of
   * its projects): undefined when it does not exist.
   */
  mainProject: (db: Queryable, mainProjectId: number, userId: number) =>
    db.one<{ id: number; assigned: boolean }>(sql`
      SELECT mp.id,
             EXISTS (SELECT 1 FROM projects p
                     WHERE p.main_project_id = mp.id AND p.id IN (${assignedProjectIds(userId)}))
               AS assigned
      FROM main_projects mp WHERE mp.id = ${mainProjectId}
      FOR SHARE OF mp`),

  /** The project names of a main project already taken, lower case (names are unique so). */
  projectNames: async (db: Queryable, mainProjectId: number) =>
    new Set(
      (
        await db.rows<{ name: string }>(sql`
          SELECT lower(name) AS name FROM projects WHERE main_project_id = ${mainProjectId}`)
      ).map((r) => r.name),
    ),
};
