import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { REALTIME_EVENTS, type TilesChangedPayload } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertProjectReadable } from '../access/access.ts';
import { projectRoom, type ElementCommit, type ElementEvents } from '../realtime/element-events.ts';
import type { UserRecord } from '../users/users.repository.ts';
import type { TileCache } from './tile-cache.ts';
import type { LngLatBox, TileId } from './tile-coordinates.ts';
import type { TileEncoder } from './tile-encoders.ts';
import { tilesRepository } from './tiles.repository.ts';

export interface TilesDeps {
  db: Database;
  encode: TileEncoder;
  cache: TileCache;
  /** Sends one event to a room, on every instance. */
  emit(room: string, event: string, payload: unknown): void;
  log: FastifyBaseLogger;
}

/** What a tile request answers: the tag, and the bytes unless the caller holds that tag. */
export interface TileAnswer {
  etag: string;
  bytes: Uint8Array | null;
}

const tagOf = (bytes: Uint8Array) =>
  `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;

/**
 * A project's vector tiles (issue 30): read for users who may read the project, kept in the
 * cache until an edit touches them, and, after each commit, the places that changed told to
 * the project's open maps so they fetch exactly those tiles again.
 */
export function createTilesService({ db, encode, cache, emit, log }: TilesDeps) {
  /** Forgets per project: a tile encoded across a forget is answered but not kept (it may be stale). */
  const forgets = new Map<number, number>();
  /** A project's forgetting still under way: its tiles wait for it rather than answer stale. */
  const pending = new Map<number, Promise<void>>();

  let queue: Promise<void> = Promise.resolve();
  /**
   * Forgets a project's tiles that meet the boxes (all without), one change after another,
   * after the save's answer and never failing it (as live edits are published); called before
   * the save answers, so the very next tile request waits for it.
   */
  function forget(projectId: number, boxes: () => Promise<LngLatBox[] | undefined>) {
    forgets.set(projectId, (forgets.get(projectId) ?? 0) + 1);
    const done = (queue = queue
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(async () => {
        const places = await boxes();
        if (places?.length === 0) return;
        forgets.set(projectId, (forgets.get(projectId) ?? 0) + 1);
        await cache.forget(projectId, places);
        // A whole project's change is told as the whole world: every tile the map holds.
        const payload: TilesChangedPayload = { projectId, boxes: places ?? [[-180, -90, 180, 90]] };
        emit(projectRoom(projectId), REALTIME_EVENTS.tilesChanged, payload);
      })
      .catch((error: unknown) => log.error({ err: error }, 'tiles: a change was not applied')));
    pending.set(projectId, done);
    void done.then(() => {
      if (pending.get(projectId) === done) pending.delete(projectId);
    });
  }

  return {
    async read(
      user: UserRecord,
      projectId: number,
      tile: TileId,
      known?: string,
    ): Promise<TileAnswer> {
      const allowed = assertProjectReadable(
        db,
        user,
        projectId,
        () => new AppError(404, 'NOT_FOUND', 'hierarchy.projectNotFound', { id: projectId }),
      );
      // Awaited below; handled now so that a refusal met first is not an unhandled rejection.
      allowed.catch(() => {});
      await pending.get(projectId);
      const cached = await cache.get(projectId, tile);
      if (cached) {
        await allowed;
        return { etag: cached.etag, bytes: cached.etag === known ? null : cached.bytes };
      }
      const before = forgets.get(projectId) ?? 0;
      // The tile is read while the right to read it is asked (on PostgreSQL, two connections
      // at once); it is answered, and kept, only if the answer is yes.
      const [bytes] = await Promise.all([encode(db, projectId, tile), allowed]);
      const etag = tagOf(bytes);
      if ((forgets.get(projectId) ?? 0) === before)
        await cache.set(projectId, tile, { etag, bytes });
      return { etag, bytes: etag === known ? null : bytes };
    },

    /** Element writes, after their commit (wraps the live edits' publisher). */
    events(live: ElementEvents): ElementEvents {
      return {
        committed(commit: ElementCommit) {
          live.committed(commit);
          const byProject = new Map<number, ElementCommit['changed']>();
          for (const ref of [...commit.changed, ...commit.deleted]) {
            const list = byProject.get(ref.projectId) ?? [];
            list.push(ref);
            byProject.set(ref.projectId, list);
          }
          for (const [projectId, refs] of byProject) {
            forget(projectId, () => tilesRepository.changedBoxes(db, refs));
          }
        },
      };
    },

    /** A write the element services do not report (templates' styles, a cluster's phase, an import). */
    projectChanged(projectId: number) {
      forget(projectId, async () => undefined);
    },

    /** Settles the changes in hand (tests; the server's close). */
    settled: () => queue,

    close: () => cache.close(),
  };
}

export type TilesService = ReturnType<typeof createTilesService>;
