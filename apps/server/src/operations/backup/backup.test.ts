import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { freshDatabase } from '../../test/fresh-database.ts';
import { idByName, idOf } from '../../test/seeded.ts';
import { tableCounts } from '../../test/table-counts.ts';
import { bearer, openCopy } from '../../test/test-app.ts';
import { baseTestConfig } from '../../test/test-database.ts';
import { claimDataDir, operatorToken, recordServing } from './data-dir-owner.ts';

/**
 * `npm run backup` / `npm run restore` as an operator runs them (the CLI in its own process),
 * against a server that is running, on the database of this pass.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const CLI = path.join(import.meta.dirname, 'cli.ts');
const run = promisify(execFile);

interface Server {
  app: FastifyInstance;
  db: Database;
  config: Config;
  token: string;
}

/** The CLI in a child process; answers its exit code and what it printed. */
async function cli(command: 'backup' | 'restore', file: string, where: Partial<Config>) {
  const env = {
    ...process.env,
    DATA_DIR: where.dataDir,
    DATABASE_URL: where.databaseUrl ?? '',
  };
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', CLI, command, file], {
      env,
      timeout: 150_000,
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

async function serve(db: Database, dataDir: string, databaseUrl?: string): Promise<Server> {
  const config: Config = { ...baseTestConfig(), dataDir, databaseUrl };
  const token = operatorToken();
  const app = await buildApp({ config, db, operatorToken: token });
  return { app, db, config, token };
}

async function signIn(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'admin1234', platform: 'integration' },
  });
  return response.json<{ access_token: string }>().access_token;
}

describe(`backup and restore on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}`, () => {
  const scratch: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  let source: Server;
  let sourceDir: string;
  let sourceUrl: string | undefined;
  let token: string;
  let backupFile: string;
  const made: { photo: Buffer; photoUrl: string; reportId: number } = {
    photo: Buffer.alloc(0),
    photoUrl: '',
    reportId: 0,
  };

  const tempDir = async (name: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `integration-${name}-`));
    scratch.push(dir);
    return dir;
  };

  beforeAll(async () => {
    sourceDir = await tempDir('backup-source');
    backupFile = path.join(await tempDir('backup-file'), 'integration.backup');
    const copy = await openCopy(onPostgres ? undefined : sourceDir);
    sourceUrl = copy.url;
    // On the embedded database the server owns DATA_DIR as main.ts does, and says where it listens.
    const release = onPostgres ? undefined : await claimDataDir(sourceDir, 'server');
    source = await serve(copy.db, sourceDir, sourceUrl);
    await source.app.listen({ port: 0, host: '127.0.0.1' });
    if (release) {
      const { port } = source.app.server.address() as { port: number };
      await recordServing(sourceDir, { host: '127.0.0.1', port, token: source.token });
    }
    cleanups.push(async () => {
      await source.app.close();
      await copy.db.close();
      await release?.();
      await copy.drop();
    });
    token = await signIn(source.app);

    // Things a restore must bring back besides the seeded network: a report, a scan photo
    // (a file under DATA_DIR, not a row) and history.
    const report = await source.app.inject({
      method: 'POST',
      url: '/api/integration/reports/create',
      headers: bearer(token),
      payload: {
        name: 'Kept across a restore',
        description: '',
        metrics: [
          {
            metricId: 'm1',
            tableInfo: 'Project Info',
            metricType: 'ProjectInfo',
            attributeName: 'cableMetres',
          },
        ],
        visualizations: [{ chartType: 'BAR', metricIndices: [0] }],
      },
    });
    expect(report.statusCode, report.body).toBe(200);
    made.reportId = report.json<{ data: { id: number } }>().data.id;

    const cluster = await idByName(source.db, 'clusters', 'CBD-01');
    const poleTemplate = await idOf(
      source.db,
      sql`SELECT t.id FROM element_templates t JOIN central_offices co ON co.project_id = t.project_id
          JOIN clusters c ON c.central_office_id = co.id
          WHERE c.id = ${cluster} AND t.type = 'Pole' AND t.is_default`,
      'the Pole template of CBD-01',
    );
    const template = await source.app.inject({
      method: 'POST',
      url: '/api/qrcode/templates/create',
      headers: bearer(token),
      payload: {
        name: 'Backup tags',
        noOfTags: 1,
        prefix: 'BKP',
        networkElementTypeId: 3,
        clusterId: cluster,
        templateId: poleTemplate,
        tagDetails: [],
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    const templateId = template.json<{ data: { id: number } }>().data.id;
    const tags = await source.app.inject({
      url: `/api/qrcode/templates/${templateId}/tags`,
      headers: bearer(token),
    });
    const [tag] = tags.json<{ data: Array<{ code: string }> }>().data;
    if (!tag) throw new Error('the template made no tag');
    const code = tag.code;
    const { default: sharp } = await import('sharp');
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2a7' },
    })
      .png()
      .toBuffer();
    const upload = await source.app.inject({
      method: 'POST',
      url: `/api/qrcode/tags/${code}/photos`,
      payload: png,
      headers: { ...bearer(token), 'content-type': 'image/png' },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const photoId = upload.json<{ data: { id: number } }>().data.id;
    made.photoUrl = `/api/qrcode/tags/${code}/photos/${photoId}`;
    made.photo = (
      await source.app.inject({ url: made.photoUrl, headers: bearer(token) })
    ).rawPayload;
    expect(made.photo.length).toBeGreaterThan(0);

    const pole = await idOf(
      source.db,
      sql`SELECT id FROM network_elements WHERE cluster_id = ${cluster} AND type = 'Pole' LIMIT 1`,
      'a pole of CBD-01',
    );
    const edited = await source.app.inject({
      method: 'POST',
      url: '/api/networkelements/pole/edit/multiple',
      headers: bearer(token),
      payload: { data: [{ id: pole, name: 'Pole kept across a restore' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const subsidiary = await idByName(source.db, 'subsidiaries', 'Camusat Kenya');
    const renamed = await source.app.inject({
      method: 'POST',
      url: `/api/country/camusat/update/${subsidiary}`,
      headers: bearer(token),
      payload: { name: 'Camusat Kenya Ltd' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  }, 240_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  it('backs up while the server runs and restores into an empty database: every row and photo back', async () => {
    const before = await tableCounts(source.db);
    expect(before.network_elements).toBeGreaterThan(1000);
    expect(before.element_history).toBeGreaterThan(0);
    expect(before.organisation_history).toBeGreaterThan(0);
    expect(before.qr_tag_photos).toBeGreaterThan(1);

    const saved = await cli('backup', backupFile, { dataDir: sourceDir, databaseUrl: sourceUrl });
    expect(saved.code, saved.output).toBe(0);
    expect(saved.output).toMatch(
      onPostgres ? /Dumping PostgreSQL/ : /Asking the running server \(process \d+/,
    );
    expect(saved.output).toMatch(/and 1 photo\(s\)/);
    // The server kept serving while it was copied.
    const health = await source.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);

    const targetDir = await tempDir('backup-target');
    let targetUrl: string | undefined;
    if (onPostgres) {
      // Empty, PostGIS not even installed: the restore brings what it needs.
      const target = await freshDatabase('restore', { postgis: false });
      targetUrl = target.url;
      cleanups.push(target.drop);
    }
    const restored = await cli('restore', backupFile, {
      dataDir: targetDir,
      databaseUrl: targetUrl,
    });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored .* and 1 photo\(s\)/);

    const db = targetUrl ? await openPostgres(targetUrl) : await openPglite({ dataDir: targetDir });
    const target = await serve(db, targetDir, targetUrl);
    cleanups.push(async () => {
      await target.app.close();
      await db.close();
    });
    expect(await tableCounts(db)).toEqual(before);

    const again = await signIn(target.app);
    const photo = await target.app.inject({ url: made.photoUrl, headers: bearer(again) });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.equals(made.photo)).toBe(true);
    const report = await target.app.inject({
      url: `/api/integration/reports/${made.reportId}`,
      headers: bearer(again),
    });
    expect(report.json<{ data: { name: string } }>().data.name).toBe('Kept across a restore');
    const history = await target.app.inject({
      url: '/api/organisation/history',
      headers: bearer(again),
    });
    expect(history.body).toContain('Camusat Kenya Ltd');

    // Restoring twice into the same place is refused: nothing is overwritten.
    const twice = await cli('restore', backupFile, { dataDir: targetDir, databaseUrl: targetUrl });
    expect(twice.code).toBe(1);
    expect(twice.output).toMatch(onPostgres ? /is not empty/ : /already holds a database|is busy/);
  }, 300_000);

  it('refuses a file that is not a backup, a backup of the other database, and a held data directory', async () => {
    const notBackup = path.join(await tempDir('not-backup'), 'photo.png');
    await writeFile(notBackup, made.photo);
    const wrong = await cli('restore', notBackup, { dataDir: await tempDir('x') });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/is not a backup of Integration/);

    if (!existsSync(backupFile)) {
      const saved = await cli('backup', backupFile, { dataDir: sourceDir, databaseUrl: sourceUrl });
      expect(saved.code, saved.output).toBe(0);
    }
    const otherKind = await cli('restore', backupFile, {
      dataDir: await tempDir('other-kind'),
      databaseUrl: onPostgres ? undefined : 'postgres://postgres@127.0.0.1:5432/nowhere',
    });
    expect(otherKind.code).toBe(1);
    expect(otherKind.output).toMatch(
      onPostgres ? /backup is of a PostgreSQL database: set DATABASE_URL/ : /unset DATABASE_URL/,
    );

    if (!onPostgres) {
      // The running server's own DATA_DIR: a restore there would corrupt what it serves.
      const held = await cli('restore', backupFile, { dataDir: sourceDir });
      expect(held.code).toBe(1);
      expect(held.output).toMatch(/is busy: an Integration server \(process \d+\) is using it/);
    }
  }, 120_000);
});
