import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Figure } from './lib/report.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the real server and answers the milliseconds until /api/health says ok. */
async function timeServerStart(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://localhost:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

/** The floor under our start-up: PGlite + PostGIS alone, fresh and reopened. */
async function timeBarePglite(dir: string): Promise<number> {
  const started = performance.now();
  const db = await PGlite.create(dir, { extensions: { postgis } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS postgis');
  const elapsed = performance.now() - started;
  await db.close();
  return elapsed;
}

export async function startupFigures(): Promise<Figure[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'integration-bench-'));
  try {
    const dataDir = path.join(tmp, 'server');
    const first = await timeServerStart(dataDir, 3290);
    const second = await timeServerStart(dataDir, 3290);
    const bareDir = path.join(tmp, 'bare');
    const bareFirst = await timeBarePglite(bareDir);
    const bareSecond = await timeBarePglite(bareDir);
    return [
      {
        name: 'first start (migrate + seed)',
        ours: first,
        reference: bareFirst,
        referenceName: 'bare PGlite+PostGIS, new dir',
        unit: 'ms',
      },
      {
        name: 'second start',
        ours: second,
        reference: bareSecond,
        referenceName: 'bare PGlite+PostGIS, reopen',
        unit: 'ms',
      },
    ];
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
