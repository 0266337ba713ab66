import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from './db/database.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { adminQuery } from './test/global-setup.ts';

/**
 * Ctrl-C on `npm start` reaches the whole process group (npm, and the server). The server must
 * finish the write in flight, close the database and exit 0: the write is then either answered
 * and stored, or refused before it began, never half-done nor lost after its answer.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const ELEMENTS = 10_000;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

/** The server's database as the test sees it, with the server stopped. */
async function openDb(): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite({ dataDir });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'integration-shutdown-'));
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const template = new URL(templateUrl);
    const copy = new URL(templateUrl);
    copy.pathname = `${template.pathname}_${randomBytes(4).toString('hex')}`;
    const name = copy.pathname.slice(1);
    await adminQuery(
      templateUrl,
      `CREATE DATABASE "${name}" TEMPLATE "${template.pathname.slice(1)}"`,
    );
    databaseUrl = copy.toString();
    dropDatabase = () => adminQuery(templateUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    // Start from the seeded test database rather than paying for migrations and the seed.
    const dump = await readFile(inject('pgliteDumpFile'));
    const db = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
    await db.close();
  }
}, 120_000);

afterAll(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm start`'s server part, in a process group of its own, as a terminal would run it. */
function startServer(): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return spawn('npm', ['run', 'start', '-w', '@integration/server'], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function untilHealthy(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Resolves when npm and the server it started have both gone (their output pipes closed). */
const closed = (server: ChildProcess) =>
  new Promise<void>((resolve) => server.once('close', () => resolve()));

describe('stopping the server with Ctrl-C', () => {
  it('finishes a 10,000-element write in flight, closes the database and exits cleanly', async () => {
    const server = startServer();
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const gone = closed(server);
    await untilHealthy(server);

    const token = await signIn();
    const clusterId = await clusterIdOf(token, 'CBD-01');

    const data = Array.from({ length: ELEMENTS }, (_, i) => ({
      clusterId,
      name: `Shutdown pole ${i}`,
      coordinates: { lat: -1.3 + (i % 100) * 1e-4, lng: 36.8 + Math.floor(i / 100) * 1e-4 },
    }));
    const write = fetch(`${base}/api/networkelements/pole/create/multiple`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ data }),
    }).then(
      async (r) => ({ status: r.status, ids: ((await r.json()) as { data?: unknown[] }).data }),
      (error: unknown) => ({ status: 0, ids: undefined, error }),
    );
    // Let the body arrive and the write begin, then Ctrl-C the whole group as a terminal does.
    await new Promise((r) => setTimeout(r, 300));
    process.kill(-(server.pid ?? 0), 'SIGINT');

    const answer = await write;
    await gone;
    // npm itself dies of the signal; the server it started must have stopped cleanly.
    expect(output).toContain('Integration stopped: requests finished, database closed.');

    const after = await openDb();
    try {
      const [row] = await after.rows<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM network_elements WHERE name LIKE 'Shutdown pole %'`,
      );
      if (answer.status === 200) {
        expect(answer.ids).toHaveLength(ELEMENTS);
        expect(row?.n).toBe(ELEMENTS);
      } else {
        // Refused before it began (the server was closing): nothing of it may be stored.
        expect(row?.n).toBe(0);
      }
    } finally {
      await after.close();
    }
  }, 180_000);
});

async function signIn(): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'admin@example.com',
      password: 'admin1234',
      platform: 'integration',
    }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

/** A seeded cluster's id, asked of the running server (on PGlite it holds the data directory). */
async function clusterIdOf(token: string, name: string): Promise<number> {
  const answer = await fetch(`${base}/api/clusters/all`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await answer.json()) as { data: { id: number; name: string }[] };
  const cluster = data.find((c) => c.name === name);
  if (!cluster) throw new Error(`no cluster ${name} in the seeded database`);
  return cluster.id;
}
