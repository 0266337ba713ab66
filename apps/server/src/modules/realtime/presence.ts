import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import {
  PLATFORM_NAME,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type OnlineUser,
  type PresenceSetPayload,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { visibleProject } from '../access/access.ts';
import { verifyToken, type Revocation, type Revocations } from '../auth/tokens.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { answerWithin, closeRedis, reportOutages } from '../../redis.ts';
import { clusterRoom, projectRoom } from './element-events.ts';

/** Who is connected where, read once per request that lists usersOnline. */
export interface PresenceSnapshot {
  project(id: number): OnlineUser[];
  cluster(id: number): OnlineUser[];
}

export interface Presence {
  snapshot(): Promise<PresenceSnapshot>;
}

export interface SocketData {
  user: OnlineUser;
  projectId: number | null;
  clusterId: number | null;
  /** The project this socket shares its user's position in (live location), if any. */
  sharing: number | null;
}

export type RealtimeIo = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<
  DefaultEventsMap,
  DefaultEventsMap,
  DefaultEventsMap,
  SocketData
>;

/** The Socket.IO server, for the other real-time features (live edits, live location). */
export interface RealtimeServer {
  io: RealtimeIo;
  presence: Presence;
  /** The Redis connection commands may use (REDIS_URL), if any. */
  redis: Redis | undefined;
  /** True once the app closes: nothing more is announced. */
  closing(): boolean;
  /** Adds handlers to every connection, with the socket's signed-in user. */
  onConnection(handler: (socket: RealtimeSocket, user: UserRecord) => void): void;
}

function groupUsers(
  entries: { key: number | null; user: OnlineUser }[],
): Map<number, OnlineUser[]> {
  const groups = new Map<number, Map<number, OnlineUser>>();
  for (const { key, user } of entries) {
    if (key === null) continue;
    // A user with two tabs in one place counts once.
    const group = groups.get(key) ?? new Map<number, OnlineUser>();
    group.set(user.id, user);
    groups.set(key, group);
  }
  return new Map([...groups].map(([key, users]) => [key, [...users.values()]]));
}

/** May the user say they have this project (and this cluster of it) open? */
async function mayBeThere(
  db: Database,
  user: UserRecord,
  at: PresenceSetPayload,
): Promise<boolean> {
  if (at.projectId === null) return at.clusterId === null;
  const row = await db.one<{ ok: boolean }>(sql`
    SELECT ${visibleProject(user, sql`p.id`)} AS ok FROM projects p WHERE p.id = ${at.projectId}`);
  if (!row?.ok) return false;
  if (at.clusterId === null) return true;
  const cluster = await db.one<{ projectId: number }>(sql`
    SELECT co.project_id AS "projectId" FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${at.clusterId}`);
  return cluster?.projectId === at.projectId;
}

const REDIS_READY_MS = 5000;

const asId = (value: unknown): number | null =>
  Number.isInteger(value) && (value as number) > 0 ? (value as number) : null;

/** Socket rooms of one token, and of every token of one version of a user's credentials. */
const tokenRoom = (jti: string) => `token:${jti}`;
const credentialsRoom = (userId: number, version: number) => `credentials:${userId}:${version}`;

/**
 * Presence over Socket.IO at /api/ws: each tab tells which project and cluster it has open;
 * usersOnline is read from the connected sockets. With REDIS_URL, the Redis adapter makes
 * every instance see every instance's sockets.
 */
export function startPresence(
  app: FastifyInstance,
  db: Database,
  redisUrl: string | undefined,
  revocations: Revocations,
): RealtimeServer {
  const io: RealtimeIo = new Server<
    DefaultEventsMap,
    DefaultEventsMap,
    DefaultEventsMap,
    SocketData
  >(
    app.server,
    // Note: short ping settings so a vanished tab leaves within about ten seconds.
    { path: REALTIME_PATH, serveClient: false, pingInterval: 5000, pingTimeout: 5000 },
  );
  let redis: Redis[] = [];
  if (redisUrl) {
    const pub = reportOutages(new Redis(redisUrl), app.log, 'presence');
    const sub = reportOutages(pub.duplicate(), app.log, 'presence (subscriber)');
    redis = [pub, sub];
    // Our own channel prefix, so other Socket.IO apps on the same Redis stay out of our lists.
    io.adapter(createAdapter(pub, sub, { key: 'integration-presence' }));
    // Note: the adapter subscribes over connections still opening. Until those subscriptions
    // are live, this instance's list misses its peers' sockets (Redis counts no peer to ask),
    // so it starts listening only once Redis has answered on both connections, in order.
    app.addHook('onReady', async () => {
      if (!(await answerWithin([pub, sub], REDIS_READY_MS))) {
        app.log.warn(`Redis did not answer within ${REDIS_READY_MS} ms; presence starts local`);
      }
    });
  }

  // The full user of each local socket, for access checks (socket.data holds only id and name).
  const signedIn = new Map<string, UserRecord>();

  // Coalesce bursts of arrivals and departures into one "refresh" per 250 ms.
  let pending: NodeJS.Timeout | undefined;
  // Note: closing disconnects every socket, whose departures must not announce over a Redis
  // connection that is about to close.
  let closing = false;
  const announce = () => {
    if (closing) return;
    pending ??= setTimeout(() => {
      pending = undefined;
      io.emit(REALTIME_EVENTS.presenceChanged);
    }, 250);
  };

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown }).token;
    verifyToken(app, db, typeof token === 'string' ? token : undefined)
      .then((verified) => {
        const user = verified?.user;
        if (!verified || !user?.platforms.some((p) => p.name === PLATFORM_NAME)) {
          return next(new Error('UNAUTHORIZED'));
        }
        socket.data = {
          user: { id: user.id, name: user.name },
          projectId: null,
          clusterId: null,
          sharing: null,
        };
        signedIn.set(socket.id, user);
        // Rooms by token and by credentials' version: a revocation closes them, on any instance.
        const { jti, tokenVersion } = verified.claims;
        void socket.join([
          credentialsRoom(user.id, tokenVersion),
          ...(jti ? [tokenRoom(jti)] : []),
        ]);
        next();
      })
      .catch(next);
  });

  const handlers: ((socket: RealtimeSocket, user: UserRecord) => void)[] = [];

  io.on('connection', (socket) => {
    const user = signedIn.get(socket.id);
    socket.on(REALTIME_EVENTS.presenceSet, async (payload: unknown, ack?: unknown) => {
      const body = (payload ?? {}) as Record<string, unknown>;
      const at = { projectId: asId(body.projectId), clusterId: asId(body.clusterId) };
      const allowed = user ? await mayBeThere(db, user, at).catch(() => false) : false;
      if (allowed) {
        // The rooms live edits and live locations are sent to: only those the user may read.
        const { projectId, clusterId } = socket.data;
        if (projectId !== null && projectId !== at.projectId)
          void socket.leave(projectRoom(projectId));
        if (clusterId !== null && clusterId !== at.clusterId)
          void socket.leave(clusterRoom(clusterId));
        if (at.projectId !== null) void socket.join(projectRoom(at.projectId));
        if (at.clusterId !== null) void socket.join(clusterRoom(at.clusterId));
        socket.data.projectId = at.projectId;
        socket.data.clusterId = at.clusterId;
        announce();
      }
      if (typeof ack === 'function') ack({ status: allowed });
    });
    if (user) for (const handler of handlers) handler(socket, user);
    socket.on('disconnect', () => {
      signedIn.delete(socket.id);
      announce();
    });
  });

  // A token signed out, or a password changed: its sockets are closed (the client signs in again).
  const revoked = (revocation: Revocation) => {
    const room =
      'jti' in revocation
        ? tokenRoom(revocation.jti)
        : credentialsRoom(revocation.userId, revocation.beforeVersion);
    io.in(room).disconnectSockets(true);
  };
  revocations.on('revoked', revoked);

  app.addHook('preClose', async () => {
    revocations.off('revoked', revoked);
    closing = true;
    if (pending) clearTimeout(pending);
    // Open WebSockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    if (pending) clearTimeout(pending);
    await Promise.all(redis.map(closeRedis));
  });

  const presence: Presence = {
    async snapshot() {
      // Presence never holds a list up: while Redis is away (its commands would wait in the
      // offline queue) or a peer fails to answer, the lists show this instance's own users.
      const everywhere = redis.every((client) => client.status === 'ready');
      const sockets = everywhere
        ? await io.fetchSockets().catch(() => io.local.fetchSockets())
        : await io.local.fetchSockets();
      const byProject = groupUsers(
        sockets.map((s) => ({ key: s.data.projectId, user: s.data.user })),
      );
      const byCluster = groupUsers(
        sockets.map((s) => ({ key: s.data.clusterId, user: s.data.user })),
      );
      return {
        project: (id) => byProject.get(id) ?? [],
        cluster: (id) => byCluster.get(id) ?? [],
      };
    },
  };
  return {
    io,
    presence,
    redis: redis[0],
    closing: () => closing,
    onConnection: (handler) => handlers.push(handler),
  };
}
