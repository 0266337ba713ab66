import type { FastifyBaseLogger } from 'fastify';
import {
  LOCATION_EXPIRES_MS,
  LOCATION_MIN_INTERVAL_MS,
  REALTIME_EVENTS,
  locationSharePayload,
  mayUseLiveLocations,
  type LiveLocation,
  type LocationRemovedPayload,
  type RealtimeAck,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { assertProjectReadable } from '../access/access.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { locationsRoom } from './element-events.ts';
import { memoryLocationStore, redisLocationStore, type LocationStore } from './location-store.ts';
import type { RealtimeServer, RealtimeSocket } from './presence.ts';

export interface LiveLocationsOptions {
  expiresMs?: number;
  /** How often expired positions are looked for. */
  sweepMs?: number;
  minIntervalMs?: number;
  now?: () => number;
}

export interface LiveLocations {
  /** GET /locations/project/{projectId}: the positions shared now, for readers of the project. */
  ofProject(user: UserRecord, projectId: number): Promise<LiveLocation[]>;
  /** Drops expired positions and announces them (the timer's work, callable by tests). */
  sweep(): Promise<void>;
  /** Stops the sweep's timer. */
  close(): void;
}

/** Positions a little early are taken: a client's timer and the network jitter. */
const JITTER = 0.9;

const userRoom = (id: number) => `user:${id}`;

/** The event's acknowledgement, if the client asked for one. */
const replyTo =
  (ack: unknown) =>
  (answer: RealtimeAck): void => {
    if (typeof ack === 'function') (ack as (a: RealtimeAck) => void)(answer);
  };

/**
 * Live location (issue 19): a socket shares its own user's position in a project it may read
 * (`location:share`), at most one per LOCATION_MIN_INTERVAL_MS; the project's room hears
 * `location:changed`. Stopping, the user's last sharing socket leaving, or the position
 * expiring sends `location:removed`. Positions are kept in memory, and in Redis when
 * configured so that every instance lists them.
 */
export function startLiveLocations(
  server: RealtimeServer,
  db: Database,
  log: FastifyBaseLogger,
  options: LiveLocationsOptions = {},
): LiveLocations {
  const expiresMs = options.expiresMs ?? LOCATION_EXPIRES_MS;
  const minIntervalMs = (options.minIntervalMs ?? LOCATION_MIN_INTERVAL_MS) * JITTER;
  const now = options.now ?? Date.now;
  const { io, redis } = server;
  const local = memoryLocationStore(expiresMs);
  const shared = redis ? redisLocationStore(redis, expiresMs) : undefined;
  const redisReady = () => redis?.status === 'ready';
  /** The shared store while Redis answers, else this instance's own positions. */
  const store = (): LocationStore => (shared && redisReady() ? shared : local);

  const emit = (projectId: number, event: string, payload: unknown) => {
    if (server.closing()) return;
    try {
      io.to(locationsRoom(projectId)).emit(event, payload);
    } catch (error) {
      log.warn({ err: error }, 'live location: not announced');
    }
  };

  async function removeAndAnnounce(projectId: number, userId: number) {
    await local.remove(projectId, userId);
    if (shared && redisReady()) await shared.remove(projectId, userId);
    const removed: LocationRemovedPayload = { projectId, userId };
    emit(projectId, REALTIME_EVENTS.locationRemoved, removed);
  }

  /** Another socket of the user, on any instance, still sharing in this project? */
  async function stillShared(projectId: number, userId: number, leaving: string) {
    const room = userRoom(userId);
    const sockets = redisReady()
      ? await io
          .in(room)
          .fetchSockets()
          .catch(() => io.local.in(room).fetchSockets())
      : await io.local.in(room).fetchSockets();
    return sockets.some((s) => s.id !== leaving && s.data.sharing === projectId);
  }

  async function stopSharing(socket: RealtimeSocket, userId: number) {
    const projectId = socket.data.sharing;
    if (projectId === null) return;
    socket.data.sharing = null;
    if (await stillShared(projectId, userId, socket.id)) return;
    await removeAndAnnounce(projectId, userId);
  }

  server.onConnection((socket, access) => {
    void socket.join(userRoom(access.user.id));
    let last = -Infinity;

    socket.on(REALTIME_EVENTS.locationShare, async (payload: unknown, ack?: unknown) => {
      const reply = replyTo(ack);
      try {
        const parsed = locationSharePayload.safeParse(payload);
        if (!parsed.success) return reply({ status: false, error: 'invalid' });
        // Viewers neither see live positions nor share theirs (issue 25).
        if (!access.seesLiveLocations) return reply({ status: false, error: 'forbidden' });
        const at = now();
        if (at - last < minIntervalMs) return reply({ status: false, error: 'tooFast' });
        last = at;
        const { projectId, lat, lng, accuracy } = parsed.data;
        if (!(await access.mayRead(projectId))) return reply({ status: false, error: 'forbidden' });
        const { user } = access;
        // The position is always the socket's own user's: nothing in the payload names a user.
        if (socket.data.sharing !== null && socket.data.sharing !== projectId) {
          await stopSharing(socket, user.id);
        }
        socket.data.sharing = projectId;
        const location: LiveLocation = {
          userId: user.id,
          name: user.name,
          mobile: user.mobile,
          projectId,
          lat,
          lng,
          accuracy,
          updatedAt: new Date(at).toISOString(),
        };
        await local.put(location);
        if (shared && redisReady()) await shared.put(location);
        emit(projectId, REALTIME_EVENTS.locationChanged, location);
        reply({ status: true });
      } catch (error) {
        log.error({ err: error }, 'live location: share failed');
        reply({ status: false, error: 'internal' });
      }
    });

    // location:stop takes no payload: its ack may come first, as the only argument.
    socket.on(REALTIME_EVENTS.locationStop, async (first?: unknown, second?: unknown) => {
      const reply = replyTo(typeof first === 'function' ? first : second);
      try {
        await stopSharing(socket, access.user.id);
        reply({ status: true });
      } catch (error) {
        log.error({ err: error }, 'live location: stop failed');
        reply({ status: false, error: 'internal' });
      }
    });

    socket.on('disconnect', () => {
      if (socket.data.sharing === null || server.closing()) return;
      stopSharing(socket, access.user.id).catch((error: unknown) =>
        log.warn({ err: error }, 'live location: not removed on disconnect'),
      );
    });
  });

  // Access checked again (an admin's change, the minute's backstop): sharing stops where the
  // user may no longer read, or no longer sees live positions.
  server.onRevalidated(async (socket, access) => {
    const projectId = socket.data.sharing;
    if (projectId === null) return;
    if (access.seesLiveLocations && (await access.mayRead(projectId))) return;
    await stopSharing(socket, access.user.id);
  });

  async function sweep() {
    const at = now();
    const dropped = await local.expire(at);
    // With Redis, the shared store says which expired (once across instances).
    const announced = shared && redisReady() ? await shared.expire(at) : dropped;
    for (const { projectId, userId } of announced) {
      emit(projectId, REALTIME_EVENTS.locationRemoved, { projectId, userId });
    }
  }

  const timer = setInterval(
    () => {
      sweep().catch((error: unknown) => log.warn({ err: error }, 'live location: sweep failed'));
    },
    options.sweepMs ?? Math.min(30_000, expiresMs / 4),
  );
  timer.unref();

  return {
    async ofProject(user, projectId) {
      if (!mayUseLiveLocations(user.role)) {
        throw new AppError(403, 'FORBIDDEN', 'realtime.liveLocationsNotForRole');
      }
      await assertProjectReadable(
        db,
        user,
        projectId,
        () => new AppError(404, 'NOT_FOUND', 'hierarchy.projectNotFound', { id: projectId }),
      );
      return store().list(projectId, now());
    },
    sweep,
    close: () => clearInterval(timer),
  };
}
