import { sql } from 'drizzle-orm';
import {
  DEFAULT_COLOUR_SCHEME,
  DEFAULT_LOSSES,
  emptyElementCounts,
  type Project,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertProjectReadable, visibleProject } from '../access/access.ts';
import { elementCounts } from '../element-counts/element-counts.repository.ts';
import type { Presence } from '../realtime/presence.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { projectCurrency } from '../costs/prices.repository.ts';
import { hierarchyRepository, type ProjectRow } from './hierarchy.repository.ts';

export const projectNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'hierarchy.projectNotFound', { id });

export function createHierarchyService(db: Database, presence: Presence) {
  async function withCountsAndPresence(rows: ProjectRow[]): Promise<Project[]> {
    const [counts, online] = await Promise.all([
      elementCounts(
        db,
        'project',
        rows.map((r) => r.id),
      ),
      presence.snapshot(),
    ]);
    return rows.map(({ country, ...row }) => ({
      ...row,
      currency: projectCurrency(row.currency, country),
      colourScheme: row.colourScheme ?? DEFAULT_COLOUR_SCHEME,
      losses: row.losses ?? DEFAULT_LOSSES,
      _count: counts.get(row.id) ?? emptyElementCounts(),
      usersOnline: online.project(row.id),
    }));
  }

  const pVisible = (user: UserRecord) => visibleProject(user, sql`p.id`);

  return {
    async projects(user: UserRecord, mainProjectId?: number): Promise<Project[]> {
      const where = mainProjectId
        ? sql`${pVisible(user)} AND p.main_project_id = ${mainProjectId}`
        : pVisible(user);
      return withCountsAndPresence(await hierarchyRepository.projects(db, where));
    },

    async project(user: UserRecord, id: number): Promise<Project> {
      await assertProjectReadable(db, user, id, () => projectNotFound(id));
      const rows = await hierarchyRepository.projects(db, sql`p.id = ${id}`);
      const [project] = await withCountsAndPresence(rows);
      if (!project) throw projectNotFound(id);
      return project;
    },

    subsidiaries: (user: UserRecord) =>
      hierarchyRepository.subsidiaries(db, pVisible(user), user.role === 'admin'),
    clients: (user: UserRecord, subsidiaryId: number) =>
      hierarchyRepository.clients(db, subsidiaryId, pVisible(user), user.role === 'admin'),
    mainProjects: (user: UserRecord, clientId: number) =>
      hierarchyRepository.mainProjects(db, clientId, pVisible(user), user.role === 'admin'),
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
