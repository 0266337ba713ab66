import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LOCATION_EXPIRES_MS, type RealtimeAck } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { startLiveLocations } from './live-locations.ts';
import type { RealtimeServer, RealtimeSocket } from './presence.ts';
import { SocketAccess } from './socket-access.ts';

/** Expiry with a clock of our own: a server and a socket faked down to what live location uses. */
function harness() {
  let clock = Date.parse('2026-01-01T08:00:00Z');
  const sent: { room: string; event: string; payload: unknown }[] = [];
  const handlers: ((socket: RealtimeSocket, access: SocketAccess) => void)[] = [];
  const server = {
    io: {
      to: (room: string) => ({
        emit: (event: string, payload: unknown) => sent.push({ room, event, payload }),
      }),
    },
    redis: undefined,
    closing: () => false,
    onConnection: (handler: (socket: RealtimeSocket, access: SocketAccess) => void) =>
      handlers.push(handler),
    onRevalidated: () => {},
  } as unknown as RealtimeServer;
  // The user may read every project asked about.
  const db = { one: async () => ({ ok: true, visible: true }) } as unknown as Database;
  const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
  const locations = startLiveLocations(server, db, log, { now: () => clock, sweepMs: 3_600_000 });

  const listeners = new Map<string, (...args: unknown[]) => unknown>();
  const socket = {
    id: 'socket-1',
    data: { sharing: null },
    join: async () => {},
    on: (event: string, listener: (...args: unknown[]) => unknown) =>
      listeners.set(event, listener),
  } as unknown as RealtimeSocket;
  const user = {
    id: 7,
    name: 'Brian Otieno',
    mobile: '+254 712 000 202',
    role: 'field',
  } as unknown as UserRecord;
  for (const handler of handlers) handler(socket, new SocketAccess(db, user));

  const share = (projectId: number) =>
    new Promise<RealtimeAck>((resolve) => {
      void listeners.get('location:share')?.(
        { projectId, lat: -1.28, lng: 36.82, accuracy: 4 },
        resolve,
      );
    });
  return {
    locations,
    sent,
    share,
    user,
    advance: (ms: number) => (clock += ms),
  };
}

describe('live location expiry', () => {
  it('drops a position older than LOCATION_EXPIRES_MS and announces it once', async () => {
    const h = harness();
    expect(await h.share(5)).toEqual({ status: true });
    expect(h.sent.map((s) => [s.room, s.event])).toEqual([['locations:5', 'location:changed']]);
    expect(await h.locations.ofProject(h.user, 5)).toHaveLength(1);

    h.advance(LOCATION_EXPIRES_MS - 1);
    await h.locations.sweep();
    expect(h.sent).toHaveLength(1);
    expect(await h.locations.ofProject(h.user, 5)).toHaveLength(1);

    h.advance(1);
    await h.locations.sweep();
    expect(h.sent[1]).toEqual({
      room: 'locations:5',
      event: 'location:removed',
      payload: { projectId: 5, userId: 7 },
    });
    expect(await h.locations.ofProject(h.user, 5)).toEqual([]);
    await h.locations.sweep();
    expect(h.sent).toHaveLength(2);
    h.locations.close();
  });

  it('takes a position again once the interval has passed', async () => {
    const h = harness();
    expect(await h.share(5)).toEqual({ status: true });
    h.advance(1_000);
    expect(await h.share(5)).toEqual({ status: false, error: 'tooFast' });
    h.advance(1_000);
    expect(await h.share(5)).toEqual({ status: true });
    h.locations.close();
  });
});
