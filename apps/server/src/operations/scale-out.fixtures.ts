import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ElementsChangedPayload } from '@integration/contracts';

/** Test support for the scale-out test: what it needs, the script running, sockets, calls. */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether Redis answers a PING within a second (checked before anything starts). */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect(Number(port || 6379), hostname || '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const hasNginx = () =>
  existsSync('/usr/sbin/nginx') || spawnSync('sh', ['-c', 'command -v nginx']).status === 0;

/** Why the test cannot run here, or null when it can. */
export async function missingForScaleOut(): Promise<string | null> {
  if (!process.env.DATABASE_URL) return 'PostgreSQL pass only (DATABASE_URL unset)';
  if (!hasNginx()) return 'nginx is not installed (apt-get install nginx-light)';
  if (!(await redisAnswers(REDIS_URL))) return `Redis does not answer at ${REDIS_URL}`;
  return null;
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds or the time is up; answers whether it held. */
export async function until(done: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await pause(50);
  }
  return true;
}

/** scripts/scale-out.sh running, with what it printed so far. */
export interface ScaleOut {
  output(): string;
  instancePid(n: number): Promise<number>;
  /** Stops the script (which stops what it started), then anything left in its group. */
  stop(): Promise<void>;
}

export async function startScaleOut(env: Record<string, string>, ms: number): Promise<ScaleOut> {
  // Its own process group, so that whatever happens every process it started can be ended.
  const script: ChildProcess = spawn('bash', ['scripts/scale-out.sh'], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  script.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  script.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  script.once('exit', () => (exited = true));

  const run: ScaleOut = {
    output: () => output,
    async instancePid(n) {
      return Number(await readFile(path.join(env.RUN_DIR ?? '', `instance-${n}.pid`), 'utf8'));
    },
    async stop() {
      const group = -(script.pid as number);
      if (!exited) script.kill('SIGTERM');
      // The instances finish their requests first; nothing is in flight by now.
      await until(() => exited, 40_000);
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // The group is empty: everything stopped.
      }
    },
  };
  // The script prints this line once every instance and nginx answer /api/health/ready.
  const ready = await until(() => exited || output.includes('instances behind nginx at'), ms);
  if (!ready || exited) {
    await run.stop();
    throw new Error(`scripts/scale-out.sh did not start:\n${output}`);
  }
  return run;
}

/** A JSON call; answers the status and the parsed body. */
export async function call<T = unknown>(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: object | Buffer,
  contentType = 'application/json',
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': contentType } : {}),
    },
    body:
      body === undefined
        ? undefined
        : Buffer.isBuffer(body)
          ? new Uint8Array(body)
          : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (a photo, nginx's own error page): kept as text.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/** A socket that joins a cluster's room as the web app does: on every (re)connection. */
export interface Watcher {
  socket: Socket;
  /** Element ids and versions heard in elements:changed, in order. */
  heard: { id: number; version: number; name: string }[];
  disconnects: number;
  placed: boolean;
}

export function watchCluster(
  base: string,
  token: string,
  place: { projectId: number; clusterId: number },
): Promise<Watcher> {
  const socket = io(base, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const watcher: Watcher = { socket, heard: [], disconnects: 0, placed: false };
  socket.on('elements:changed', (payload: ElementsChangedPayload) => {
    for (const e of payload.elements) {
      watcher.heard.push({ id: e.id, version: e.version, name: e.name });
    }
  });
  socket.on('disconnect', () => {
    watcher.disconnects += 1;
    watcher.placed = false;
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => {
      void socket
        .timeout(5000)
        .emitWithAck('presence:set', place)
        .then((answer: { status: boolean }) => {
          watcher.placed = answer.status;
          if (answer.status) resolve(watcher);
          else reject(new Error(`presence:set refused: ${JSON.stringify(answer)}`));
        }, reject);
    });
    socket.once('connect_error', reject);
  });
}

/** Whether a watcher heard this element at this version. */
export const heard = (watcher: Watcher, id: number, version = 1) =>
  watcher.heard.some((e) => e.id === id && e.version === version);
