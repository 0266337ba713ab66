import { sql } from 'drizzle-orm';
import { mayUseLiveLocations, type PresenceSetPayload } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { visibleProject } from '../access/access.ts';
import type { UserRecord } from '../users/users.repository.ts';

/** A project allowed for a socket is asked again after this long (and at every access change). */
export const ACCESS_RECHECK_MS = 60_000;
/** Decisions a socket keeps at most (a client cycling through ids cannot grow it). */
const KEPT_MAX = 64;

/** Whose access changed: one user's (assignments, role), or everyone's in one project. */
export type AccessScope = { userId: number } | { projectId: number };

/**
 * What one socket's user may read, asked of the database once per project and minute rather
 * than per event (a flood of presence:set cost two queries each). `forget` drops every
 * decision at once (an admin changed an assignment); a check started before it is not kept.
 */
export class SocketAccess {
  private readonly readable = new Map<number, number>();
  /** A cluster's project (fixed for the cluster's life), or null for none. */
  private readonly clusters = new Map<number, number | null>();
  private generation = 0;

  constructor(
    private readonly db: Database,
    public user: UserRecord,
    private readonly now: () => number = Date.now,
  ) {}

  /** Live positions (name, mobile, place): field users, planners and admins (issue 25). */
  get seesLiveLocations(): boolean {
    return mayUseLiveLocations(this.user.role);
  }

  /** A fresh user record (its role may have changed); every decision is asked again. */
  refresh(user: UserRecord): void {
    this.user = user;
    this.forget();
  }

  forget(): void {
    this.generation += 1;
    this.readable.clear();
  }

  async mayRead(projectId: number): Promise<boolean> {
    if ((this.readable.get(projectId) ?? 0) > this.now()) return true;
    const asked = this.generation;
    const row = await this.db.one<{ ok: boolean }>(sql`
      SELECT ${visibleProject(this.user, sql`p.id`)} AS ok FROM projects p WHERE p.id = ${projectId}`);
    const ok = row?.ok === true;
    if (ok && asked === this.generation) {
      if (this.readable.size >= KEPT_MAX) this.readable.clear();
      this.readable.set(projectId, this.now() + ACCESS_RECHECK_MS);
    }
    return ok;
  }

  private async projectOfCluster(clusterId: number): Promise<number | null> {
    const known = this.clusters.get(clusterId);
    if (known !== undefined) return known;
    const row = await this.db.one<{ projectId: number }>(sql`
      SELECT co.project_id AS "projectId" FROM clusters c
      JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${clusterId}`);
    const projectId = row?.projectId ?? null;
    // Note: a missing cluster is not kept (one created meanwhile would be refused for good).
    if (projectId !== null) {
      if (this.clusters.size >= KEPT_MAX) this.clusters.clear();
      this.clusters.set(clusterId, projectId);
    }
    return projectId;
  }

  /** May the user say they have this project (and this cluster of it) open? */
  async mayBeThere(at: PresenceSetPayload): Promise<boolean> {
    if (at.projectId === null) return at.clusterId === null;
    if (!(await this.mayRead(at.projectId))) return false;
    if (at.clusterId === null) return true;
    return (await this.projectOfCluster(at.clusterId)) === at.projectId;
  }
}
