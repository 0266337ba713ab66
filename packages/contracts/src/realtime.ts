import { z } from 'zod';
import { bodyId } from './primitives.ts';
import type { MapElement } from './elements.ts';
import type { OnlineUser } from './hierarchy.ts';
import type { Role } from './users.ts';

/**
 * Socket.IO under the API (DESIGN §2): path, event names and payloads shared by server and
 * web. Rooms: a socket joins `project:{id}` and `cluster:{id}` only through presence:set,
 * which the server authorises against the access rules. docs/realtime.md describes the protocol.
 */
export const REALTIME_PATH = '/api/ws';

export const REALTIME_EVENTS = {
  /** client → server: the project and cluster this tab has open (null when none); joins their rooms. */
  presenceSet: 'presence:set',
  /** server → clients: someone arrived or left somewhere; refresh usersOnline. */
  presenceChanged: 'presence:changed',
  /** server → a cluster's room, after a commit: elements created, changed or deleted there. */
  elementsChanged: 'elements:changed',
  /** client → server: my position, for the project I have open (ack: { status, error? }). */
  locationShare: 'location:share',
  /** client → server: stop sharing my position. */
  locationStop: 'location:stop',
  /** server → a project's room: a user's position, new or moved. */
  locationChanged: 'location:changed',
  /** server → a project's room: a user stopped sharing (or their position expired). */
  locationRemoved: 'location:removed',
  /** server → a cluster's room: what an enclosure holds or joins changed (FibreChangedPayload). */
  fibreChanged: 'fibre:changed',
  /** server → a project's room: tiles of these places changed (TilesChangedPayload). */
  tilesChanged: 'tiles:changed',
  /** server → one socket: events were dropped for coming too fast (once per burst; RealtimeAck). */
  throttled: 'realtime:throttled',
} as const;

/** Why the server refused a connection: the message of the client's connect_error. */
export const REALTIME_CONNECT_ERRORS = {
  /** No valid token (missing, expired, revoked, another platform's). */
  unauthorized: 'UNAUTHORIZED',
  /** The user already has REALTIME_SOCKETS_PER_USER sockets open on this server. */
  tooManySockets: 'TOO_MANY_SOCKETS',
} as const;

/** Sockets one user may hold open at once (per server instance): tabs and phones. */
export const REALTIME_SOCKETS_PER_USER = 20;

export interface PresenceSetPayload {
  projectId: number | null;
  clusterId: number | null;
}

// ---- live edits ----

export const ELEMENT_CHANGE_CAUSES = [
  'create',
  'update',
  'delete',
  'restore',
  'import',
  'route',
] as const;
export type ElementChangeCause = (typeof ELEMENT_CHANGE_CAUSES)[number];

/** Elements sent whole in one event; a larger change is sent by id and version. */
export const LIVE_ELEMENTS_INLINE_MAX = 500;

export interface ElementVersionRef {
  id: number;
  version: number;
}

export interface ElementsChangedPayload {
  projectId: number;
  clusterId: number;
  by: OnlineUser;
  /** ISO time of the commit. */
  at: string;
  cause: ElementChangeCause;
  /** Created or changed elements, whole, when the change is small enough. */
  elements: MapElement[];
  /** Created or changed elements of a large change, by id and version: the client refetches. */
  changed: ElementVersionRef[];
  /** Deleted elements, with the version they had when deleted. */
  deleted: ElementVersionRef[];
}

// ---- live location ----

/**
 * Who sees and shares live positions (name, mobile, place of the crews; issue 25): field
 * users, planners and admins. Viewers (often the client's staff) get none and share none.
 */
export const LIVE_LOCATION_ROLES: readonly Role[] = ['admin', 'planner', 'field'];
export const mayUseLiveLocations = (role: Role | undefined | null): boolean =>
  role !== undefined && role !== null && LIVE_LOCATION_ROLES.includes(role);

/** A client sends at most one position per this interval (the server drops faster ones). */
export const LOCATION_MIN_INTERVAL_MS = 2_000;
/** …and only when it moved at least this far, or this long passed since the last one. */
export const LOCATION_MIN_MOVE_M = 5;
export const LOCATION_HEARTBEAT_MS = 30_000;
/** A position older than this is drawn greyed; older than LOCATION_EXPIRES_MS it is gone. */
export const LOCATION_STALE_MS = 5 * 60_000;
export const LOCATION_EXPIRES_MS = 15 * 60_000;

export const locationSharePayload = z.object({
  projectId: bodyId,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Metres (the browser's GeolocationCoordinates.accuracy). */
  accuracy: z.number().min(0).max(100_000).nullable(),
});
export type LocationSharePayload = z.infer<typeof locationSharePayload>;

/** SPEC §3 Live-location marker: a user with name and mobile, where they are now. */
export interface LiveLocation {
  userId: number;
  name: string;
  mobile: string | null;
  projectId: number;
  lat: number;
  lng: number;
  accuracy: number | null;
  /** ISO time the position was received. */
  updatedAt: string;
}

export interface LocationRemovedPayload {
  projectId: number;
  userId: number;
}

/** The ack of location:share and location:stop. */
export interface RealtimeAck {
  status: boolean;
  /** A message key of the errors namespace when refused (e.g. 'tooFast', 'forbidden'). */
  error?: string;
}

/**
 * Optional query of the element writes (create, create/multiple, edit/multiple, update):
 * what the write is, as published in elements:changed. The import wizard sends
 * `?cause=import`, applying a computed route `?cause=route`; without it the cause is the
 * write's own (create, update).
 */
export const elementWriteQuery = z.object({
  cause: z.enum(['import', 'route']).optional(),
  /** The language of the messages (read by every route; kept here as validation strips keys). */
  locale: z.string().max(10).optional(),
});
export type ElementWriteQuery = z.infer<typeof elementWriteQuery>;

/** An enclosure's splices, splitters or ports changed: open plans and traces there reload. */
export interface FibreChangedPayload {
  elementId: number | null;
  centralOfficeId: number | null;
  by: number;
}
