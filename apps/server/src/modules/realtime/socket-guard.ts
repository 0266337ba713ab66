import { REALTIME_SOCKETS_PER_USER } from '@integration/contracts';

/**
 * A token bucket: `capacity` events at once, then `perSecond` events a second. Refilled
 * lazily from the clock, so an idle bucket costs nothing.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  private refill() {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  /** Whether one event may go now (without taking it). */
  ready(): boolean {
    this.refill();
    return this.tokens >= 1;
  }

  /** Takes one event's token; answers whether there was one. */
  take(): boolean {
    if (!this.ready()) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * How fast one socket, and one user's sockets together, may send events. A legitimate tab
 * sends a presence:set per map opened and a position every two seconds at most: these leave
 * room for bursts (a reconnection re-sends everything) and stop a script at once.
 */
export const SOCKET_EVENTS = { capacity: 20, perSecond: 5 };
export const USER_EVENTS = { capacity: 40, perSecond: 10 };
/** A throttled socket is told so at most once in this long (not once per dropped event). */
const NOTICE_EVERY_MS = 10_000;
/** Events dropped in a row that a socket may send before it is disconnected as a flood. */
export const FLOOD_DROPS = { capacity: 100, perSecond: 2 };

interface UserEntry {
  sockets: number;
  events: TokenBucket;
}

/**
 * This instance's sockets per user (at most REALTIME_SOCKETS_PER_USER) and each user's event
 * bucket, shared by their sockets. Per instance: behind a load balancer a user may hold that
 * many on each, which still bounds what one user costs each instance.
 */
export class SocketGuard {
  private readonly users = new Map<number, UserEntry>();

  constructor(
    private readonly perUser = REALTIME_SOCKETS_PER_USER,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a new socket of the user; false (nothing counted) when they have too many. */
  admit(userId: number): boolean {
    const entry = this.users.get(userId) ?? {
      sockets: 0,
      events: new TokenBucket(USER_EVENTS.capacity, USER_EVENTS.perSecond, this.now),
    };
    if (entry.sockets >= this.perUser) return false;
    entry.sockets += 1;
    this.users.set(userId, entry);
    return true;
  }

  release(userId: number): void {
    const entry = this.users.get(userId);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets <= 0) this.users.delete(userId);
  }

  /** The per-socket limits: its own bucket, its user's, and its flood budget. */
  forSocket(userId: number) {
    const own = new TokenBucket(SOCKET_EVENTS.capacity, SOCKET_EVENTS.perSecond, this.now);
    const drops = new TokenBucket(FLOOD_DROPS.capacity, FLOOD_DROPS.perSecond, this.now);
    let toldAt = -Infinity;
    return {
      /**
       * One event arrived: 'pass' it, 'drop' it (`first`: tell the client, at most once per
       * NOTICE_EVERY_MS), or 'flood' when the socket keeps sending dropped events.
       */
      event: ():
        { verdict: 'pass' } | { verdict: 'drop'; first: boolean } | { verdict: 'flood' } => {
        const user = this.users.get(userId)?.events;
        if (own.ready() && (!user || user.ready())) {
          own.take();
          user?.take();
          return { verdict: 'pass' };
        }
        if (!drops.take()) return { verdict: 'flood' };
        const now = this.now();
        const first = now - toldAt >= NOTICE_EVERY_MS;
        if (first) toldAt = now;
        return { verdict: 'drop', first };
      },
    };
  }
}
