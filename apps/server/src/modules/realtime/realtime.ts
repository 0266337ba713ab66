import type { FastifyInstance } from 'fastify';
import type { MapElement } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import type { Revocations } from '../auth/tokens.ts';
import { elementsRepository } from '../network-elements/elements.repository.ts';
import { socketElementEvents, type ElementEvents } from './element-events.ts';
import {
  startLiveLocations,
  type LiveLocations,
  type LiveLocationsOptions,
} from './live-locations.ts';
import { startPresence, type Presence } from './presence.ts';

export interface Realtime {
  presence: Presence;
  elementEvents: ElementEvents;
  locations: LiveLocations;
  /** Sends one event to a room, on every instance (fibre changes: issue 26). */
  emit(room: string, event: string, payload: unknown): void;
  /** This instance's open sockets, and those sharing a live location (GET /api/metrics). */
  counts(): { sockets: number; locationSessions: number };
}

/**
 * Socket.IO at /api/ws and what goes through it (docs/realtime.md): presence, live edits to
 * the clusters' rooms, live locations to the projects' rooms.
 */
export function startRealtime(
  app: FastifyInstance,
  db: Database,
  redisUrl: string | undefined,
  revocations: Revocations,
  locationOptions?: LiveLocationsOptions,
): Realtime {
  const server = startPresence(app, db, redisUrl, revocations);
  const emit = (room: string, event: string, payload: unknown) => {
    if (!server.closing()) server.io.to(room).emit(event, payload);
  };
  const elementEvents = socketElementEvents({
    emit,
    load: async (ids) => JSON.parse(await elementsRepository.liveJson(db, ids)) as MapElement[],
    log: app.log,
  });
  const locations = startLiveLocations(server, db, app.log, locationOptions);
  app.addHook('onClose', async () => locations.close());
  const counts = () => {
    const sockets = server.io.of('/').sockets;
    let locationSessions = 0;
    for (const socket of sockets.values()) if (socket.data.sharing !== null) locationSessions++;
    return { sockets: sockets.size, locationSessions };
  };
  return { presence: server.presence, elementEvents, locations, emit, counts };
}
