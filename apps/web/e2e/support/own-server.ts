import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { e2eServerEnv } from './server-env.ts';

/**
 * A server of a test's own, beside the suite's (which runs on the demo seed): its own port,
 * data directory (its outbox, its generated token secret, the embedded database) and, on
 * PostgreSQL, its own database. Stopping it stops npx, tsx and the server alike.
 */
export interface OwnServer {
  origin: string;
  dataDir: string;
  stop: () => Promise<void>;
}

const healthy = (origin: string) =>
  fetch(`${origin}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);

/**
 * Starts `apps/server` on `port` with the suite's environment, `env` over it. A variable set
 * to undefined in `env` is removed (e.g. REDIS_URL: a lone instance must not share the
 * suite's real-time channels, whose cluster ids are another database's).
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string | undefined>,
): Promise<OwnServer> {
  const origin = `http://localhost:${port}`;
  // A server left from another run would answer with another database: refuse to test it.
  if (await healthy(origin)) throw new Error(`port ${port} is already taken`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'integration-e2e-own-'));
  const merged: Record<string, string | undefined> = {
    ...process.env,
    ...e2eServerEnv(port, dataDir),
    ...env,
  };
  const childEnv = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn('npx', ['tsx', '../server/src/main.ts'], {
    // Its own process group, so that stopping it stops npx, tsx and the server alike.
    detached: true,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    // The server's last writes may still land while its folder goes: rm tries again.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server on ${port} exited (${child.exitCode})`);
    }
    if (await healthy(origin)) return { origin, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the server on ${port} did not start`);
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * An empty database with PostGIS on the PostgreSQL that DATABASE_URL points at, as an operator
 * creates one before a first start; `drop` removes it, connections and all.
 */
export async function freshDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('freshDatabase needs DATABASE_URL');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  await adminQuery(url.toString(), 'CREATE EXTENSION IF NOT EXISTS postgis');
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
