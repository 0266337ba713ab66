import type { FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  PLATFORM_NAME,
  REALTIME_CONNECT_ERRORS,
  REALTIME_EVENTS,
  REALTIME_PATH,
  type OnlineUser,
  type RealtimeAck,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { verifyToken, type Revocation, type Revocations } from '../auth/tokens.ts';
import { usersRepository } from '../users/users.repository.ts';
import { answerWithin, closeRedis, reportOutages } from '../../redis.ts';
import { clusterRoom, locationsRoom, projectRoom } from './element-events.ts';
import { ACCESS_RECHECK_MS, SocketAccess, type AccessScope } from './socket-access.ts';
import { SocketGuard } from './socket-guard.ts';

/** Who is connected where, read once per request that lists usersOnline. */
export interface PresenceSnapshot {
  project(id: number): OnlineUser[];
  cluster(id: number): OnlineUser[];
}

export interface Presence {
  snapshot(): Promise<PresenceSnapshot>;
  /**
   * An admin changed who may read what (an assignment removed, a CO or cluster deleted, a
   * role): the sockets in scope, on every instance, are checked again at once and leave the
   * rooms they may no longer read. Returns at once; never fails the caller.
   */
  accessChanged(scope: AccessScope): void;
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
  /** Adds handlers to every connection, with what the socket's signed-in user may read. */
  onConnection(handler: (socket: RealtimeSocket, access: SocketAccess) => void): void;
  /** Runs after a socket's access was checked again (its rooms already follow it). */
  onRevalidated(handler: (socket: RealtimeSocket, access: SocketAccess) => Promise<void>): void;
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

const REDIS_READY_MS = 5000;

const asId = (value: unknown): number | null =>
  Number.isInteger(value) && (value as number) > 0 ? (value as number) : null;

/** Socket rooms of one token, and of every token of one version of a user's credentials. */
const tokenRoom = (jti: string) => `token:${jti}`;
const credentialsRoom = (userId: number, version: number) => `credentials:${userId}:${version}`;

/** Peers' access changes (serverSideEmit through the Redis adapter). */
const ACCESS_CHANGED = 'integration:access-changed';
/** setTimeout's longest delay; a later expiry re-arms. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** What this instance keeps of each of its sockets. */
interface Connection {
  socket: RealtimeSocket;
  access: SocketAccess;
  tokenVersion: number;
  /** When the token expires (ms since the epoch), if it does. */
  expiresAt: number | null;
  timers: NodeJS.Timeout[];
}

const rooms = (at: { projectId: number | null; clusterId: number | null }, locations: boolean) =>
  new Set([
    ...(at.projectId !== null ? [projectRoom(at.projectId)] : []),
    ...(at.projectId !== null && locations ? [locationsRoom(at.projectId)] : []),
    ...(at.clusterId !== null ? [clusterRoom(at.clusterId)] : []),
  ]);
const isPlaceRoom = (room: string) =>
  room.startsWith('cluster:') || room.startsWith('locations:') || room.startsWith('project:');

const tooFast: RealtimeAck = { status: false, error: 'tooFast' };

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

  // Each local socket's user and access (socket.data holds only what peers may list).
  const connections = new Map<string, Connection>();
  // Per user: sockets open here and their shared event bucket.
  const guard = new SocketGuard();
  const pendingAdmission = new Map<
    string,
    { access: SocketAccess; tokenVersion: number; expiresAt: number | null }
  >();

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
          return next(new Error(REALTIME_CONNECT_ERRORS.unauthorized));
        }
        const { exp } = verified.claims;
        if (exp !== null && exp * 1000 <= Date.now()) {
          return next(new Error(REALTIME_CONNECT_ERRORS.unauthorized));
        }
        if (!guard.admit(user.id)) return next(new Error(REALTIME_CONNECT_ERRORS.tooManySockets));
        socket.data = {
          user: { id: user.id, name: user.name },
          projectId: null,
          clusterId: null,
          sharing: null,
        };
        pendingAdmission.set(socket.id, {
          access: new SocketAccess(db, user),
          tokenVersion: verified.claims.tokenVersion,
          expiresAt: exp === null ? null : exp * 1000,
        });
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

  const handlers: ((socket: RealtimeSocket, access: SocketAccess) => void)[] = [];
  const revalidatedHandlers: ((socket: RealtimeSocket, access: SocketAccess) => Promise<void>)[] =
    [];

  /** Puts the socket in the rooms of a place (leaving the others); answers whether it moved. */
  function placeSocket(
    socket: RealtimeSocket,
    at: { projectId: number | null; clusterId: number | null },
    access: SocketAccess,
  ): boolean {
    const wanted = rooms(at, access.seesLiveLocations);
    for (const room of socket.rooms)
      if (isPlaceRoom(room) && !wanted.has(room)) void socket.leave(room);
    for (const room of wanted) if (!socket.rooms.has(room)) void socket.join(room);
    const moved = socket.data.projectId !== at.projectId || socket.data.clusterId !== at.clusterId;
    socket.data.projectId = at.projectId;
    socket.data.clusterId = at.clusterId;
    if (moved) announce();
    return moved;
  }

  const nowhere = { projectId: null, clusterId: null };

  /**
   * Checks a socket's access again, from a fresh user record: a user gone or whose password
   * changed is disconnected; a place no longer readable is left (rooms and presence).
   */
  async function revalidate(connection: Connection): Promise<void> {
    const { socket, access } = connection;
    if (!socket.connected) return;
    const user = await usersRepository.findById(db, access.user.id);
    if (
      !user ||
      user.tokenVersion !== connection.tokenVersion ||
      !user.platforms.some((p) => p.name === PLATFORM_NAME)
    ) {
      socket.disconnect(true);
      return;
    }
    access.refresh(user);
    const at = { projectId: socket.data.projectId, clusterId: socket.data.clusterId };
    placeSocket(socket, (await access.mayBeThere(at)) ? at : nowhere, access);
    for (const handler of revalidatedHandlers) await handler(socket, access);
  }

  const revalidateSafely = (connection: Connection) =>
    revalidate(connection).catch((error: unknown) => {
      app.log.warn({ err: error }, 'realtime: access not checked again; socket closed');
      connection.socket.disconnect(true);
    });

  /** This instance's sockets in scope of an access change. */
  function localAccessChanged(scope: AccessScope) {
    for (const connection of connections.values()) {
      const { data } = connection.socket;
      const inScope =
        'userId' in scope
          ? connection.access.user.id === scope.userId
          : data.projectId === scope.projectId || data.sharing === scope.projectId;
      if (inScope) void revalidateSafely(connection);
    }
  }
  io.on(ACCESS_CHANGED, (scope: AccessScope) => localAccessChanged(scope));

  /** Closes the socket when its token expires (setTimeout cannot wait longer than ~24 days). */
  function closeAtExpiry(connection: Connection) {
    if (connection.expiresAt === null) return;
    const wait = connection.expiresAt - Date.now();
    connection.timers.push(
      setTimeout(
        () =>
          wait > TIMER_MAX_MS ? closeAtExpiry(connection) : connection.socket.disconnect(true),
        Math.max(0, Math.min(wait, TIMER_MAX_MS)),
      ),
    );
  }

  io.on('connection', (socket) => {
    const admitted = pendingAdmission.get(socket.id);
    pendingAdmission.delete(socket.id);
    if (!admitted) {
      socket.disconnect(true);
      return;
    }
    const { access } = admitted;
    const userId = access.user.id;
    const connection: Connection = { socket, ...admitted, timers: [] };
    connections.set(socket.id, connection);
    socket.on('disconnect', () => {
      for (const timer of connection.timers) clearTimeout(timer);
      connections.delete(socket.id);
      guard.release(userId);
      announce();
    });
    closeAtExpiry(connection);
    // The backstop of access changes: every minute (spread by the connection's own time).
    const recheck = setInterval(() => void revalidateSafely(connection), ACCESS_RECHECK_MS);
    recheck.unref();
    connection.timers.push(recheck);

    // Every event passes here first: expired tokens and floods stop before any work.
    const limits = guard.forSocket(userId);
    socket.use((packet, next) => {
      if (connection.expiresAt !== null && Date.now() >= connection.expiresAt) {
        socket.disconnect(true);
        return;
      }
      const decided = limits.event();
      if (decided.verdict === 'pass') return next();
      if (decided.verdict === 'flood') {
        app.log.warn({ userId }, 'realtime: socket disconnected for flooding events');
        socket.disconnect(true);
        return;
      }
      const ack = packet[packet.length - 1];
      if (typeof ack === 'function') (ack as (answer: RealtimeAck) => void)(tooFast);
      if (decided.first) socket.emit(REALTIME_EVENTS.throttled, tooFast);
    });

    socket.on(REALTIME_EVENTS.presenceSet, async (payload: unknown, ack?: unknown) => {
      const body = (payload ?? {}) as Record<string, unknown>;
      const at = { projectId: asId(body.projectId), clusterId: asId(body.clusterId) };
      const unchanged =
        at.projectId === socket.data.projectId && at.clusterId === socket.data.clusterId;
      const allowed = unchanged || (await access.mayBeThere(at).catch(() => false));
      // A refused place leaves the current one too: the tab is no longer looking at it.
      if (!unchanged) placeSocket(socket, allowed ? at : nowhere, access);
      if (typeof ack === 'function') ack({ status: allowed });
    });
    for (const handler of handlers) handler(socket, access);
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
    accessChanged(scope) {
      localAccessChanged(scope);
      if (redis.length) {
        try {
          io.serverSideEmit(ACCESS_CHANGED, scope);
        } catch (error) {
          app.log.warn({ err: error }, 'realtime: access change not sent to peers');
        }
      }
    },
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
    onRevalidated: (handler) => revalidatedHandlers.push(handler),
  };
}
