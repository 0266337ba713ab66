import type { FastifyBaseLogger } from 'fastify';
import {
  LIVE_ELEMENTS_INLINE_MAX,
  REALTIME_EVENTS,
  type ElementChangeCause,
  type ElementVersionRef,
  type ElementsChangedPayload,
  type MapElement,
  type OnlineUser,
} from '@integration/contracts';

/** An element a committed write created, changed, restored or deleted, at its new version. */
export interface CommittedElement extends ElementVersionRef {
  clusterId: number;
  projectId: number;
}

/** What one committed write did to elements, as the element services report it. */
export interface ElementCommit {
  cause: ElementChangeCause;
  by: OnlineUser;
  /** ISO time of the commit. */
  at: string;
  changed: CommittedElement[];
  deleted: CommittedElement[];
}

/**
 * The element services tell this, after their transaction committed, what they wrote. It
 * returns at once: publishing never holds a save up nor fails it.
 */
export interface ElementEvents {
  committed(commit: ElementCommit): void;
}

/** For writes nobody watches (the demo seed, a server without sockets). */
export const noElementEvents: ElementEvents = { committed: () => {} };

export const clusterRoom = (id: number) => `cluster:${id}`;
/** A project's open maps (presence in the project): its tiles' changes (issue 30). */
export const projectRoom = (id: number) => `project:${id}`;
/** A project's live positions: joined with the project, by those who may see them (issue 25). */
export const locationsRoom = (id: number) => `locations:${id}`;

export interface ElementEventsDeps {
  /** Sends one event to a room, on every instance (Socket.IO through its adapter). */
  emit(room: string, event: string, payload: unknown): void;
  /** The live elements of these ids in the API shape (deleted ones left out). */
  load(ids: number[]): Promise<MapElement[]>;
  log: FastifyBaseLogger;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const ref = ({ id, version }: CommittedElement): ElementVersionRef => ({ id, version });

/**
 * Publishes each commit to the rooms of the clusters it touched: `elements:changed` with the
 * elements whole when the commit changed at most LIVE_ELEMENTS_INLINE_MAX of them (one read,
 * after the commit), else by id and version, with no read at all, so a large write pays
 * almost nothing. Commits are published one after another, in the order they were reported.
 */
export function socketElementEvents({ emit, load, log }: ElementEventsDeps): ElementEvents {
  let queue: Promise<void> = Promise.resolve();

  async function publish(commit: ElementCommit) {
    const whole = new Map<number, MapElement>();
    let loaded = false;
    if (commit.changed.length > 0 && commit.changed.length <= LIVE_ELEMENTS_INLINE_MAX) {
      try {
        for (const element of await load(commit.changed.map((c) => c.id))) {
          whole.set(element.id, element);
        }
        loaded = true;
      } catch (error) {
        // Refs still tell the clients to refetch.
        log.warn({ err: error }, 'live edits: elements not read, published by reference');
      }
    }
    const byCluster = new Map<number, ElementsChangedPayload>();
    const payloadOf = (element: CommittedElement) => {
      let payload = byCluster.get(element.clusterId);
      if (!payload) {
        payload = {
          projectId: element.projectId,
          clusterId: element.clusterId,
          by: commit.by,
          at: commit.at,
          cause: commit.cause,
          elements: [],
          changed: [],
          deleted: [],
        };
        byCluster.set(element.clusterId, payload);
      }
      return payload;
    };
    for (const element of commit.changed) {
      const found = whole.get(element.id);
      const payload = payloadOf(element);
      // An element deleted between the commit and the read is left to the delete's event.
      if (found) payload.elements.push(found);
      else if (!loaded) payload.changed.push(ref(element));
    }
    for (const element of commit.deleted) payloadOf(element).deleted.push(ref(element));
    for (const payload of byCluster.values()) {
      if (!payload.elements.length && !payload.changed.length && !payload.deleted.length) continue;
      emit(clusterRoom(payload.clusterId), REALTIME_EVENTS.elementsChanged, payload);
    }
  }

  return {
    committed(commit) {
      if (!commit.changed.length && !commit.deleted.length) return;
      // Note: after the current I/O callback, so that the save's answer is written first
      // (a large change's refs to many sockets are megabytes of writes).
      queue = queue
        .then(nextTurn)
        .then(() => publish(commit))
        .catch((error: unknown) => log.error({ err: error }, 'live edits: publish failed'));
    },
  };
}
