import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@integration/contracts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Test support for the socket tests: connect, place, and record what a socket hears. */

export const REDIS_URL = 'redis://127.0.0.1:6379';

export const urlOf = (app: FastifyInstance) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A socket and every event it received, by name, in order. */
export interface Listener {
  socket: Socket;
  heard: Map<string, unknown[]>;
  of<T>(event: string): T[];
}

const open: Socket[] = [];

/** Closes every socket opened since the last call. */
export function closeSockets(): void {
  for (const socket of open.splice(0)) socket.disconnect();
}

export function connect(url: string, token: string): Promise<Listener> {
  const socket = io(url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  const heard = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => {
    const list = heard.get(event) ?? [];
    list.push(payload);
    heard.set(event, list);
  });
  const listener: Listener = {
    socket,
    heard,
    of: <T>(event: string) => (heard.get(event) ?? []) as T[],
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(listener));
    socket.once('connect_error', reject);
  });
}

export const place = async (
  listener: Listener,
  projectId: number | null,
  clusterId: number | null,
): Promise<boolean> => {
  const answer = (await listener.socket
    .timeout(5000)
    .emitWithAck('presence:set', { projectId, clusterId })) as { status: boolean };
  return answer.status;
};

/** Waits until `done` holds or the time is up; answers whether it held. */
export async function until(done: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await pause(20);
  }
  return true;
}

/** A test app listening on a port, with a token for each demo user. */
export async function listeningApp(overrides: Partial<Config> = {}): Promise<{
  t: TestApp;
  url: string;
  tokens: Record<'admin' | 'planner' | 'field' | 'viewer', string>;
}> {
  const t = await createTestApp(overrides);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    url: urlOf(t.app),
    tokens: {
      admin: await t.login('admin@example.com', 'admin1234'),
      planner: await t.login('planner@example.com', 'planner1234'),
      field: await t.login('field@example.com', 'field1234'),
      viewer: await t.login('viewer@example.com', 'viewer1234'),
    },
  };
}

/** Two more instances of the app on the same database, joined through Redis. */
export async function twoInstances(t: TestApp): Promise<[FastifyInstance, FastifyInstance]> {
  const start = async () => {
    const app = await buildApp({
      config: { ...t.config, redisUrl: REDIS_URL },
      db: t.db,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  return [await start(), await start()];
}
