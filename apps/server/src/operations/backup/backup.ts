import { createWriteStream, existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { appliedMigrationIds, listMigrationFiles } from '../../db/migrate.ts';
import { openPglite } from '../../db/pglite.ts';
import { openPostgres } from '../../db/postgres.ts';
import { APP_VERSION } from '../../version.ts';
import {
  BackupFileError,
  DATABASE_ENTRY,
  type BackupManifest,
  unpackBackup,
  unpackPhotos,
  writeBackupArchive,
} from './backup-archive.ts';
import { claimDataDir, DataDirBusyError, readOwner } from './data-dir-owner.ts';
import { MIGRATIONS_HEADER, OPERATOR_TOKEN_HEADER } from './database-copy.routes.ts';
import { pgDump, pgRestore } from './postgres-tools.ts';

type Where = Pick<Config, 'databaseUrl' | 'dataDir'>;
type Log = (line: string) => void;

const kindOf = (where: Where): DatabaseKind => (where.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
const hasPgliteDatabase = (dataDir: string) =>
  existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));

async function inStaging<T>(work: (staging: string) => Promise<T>): Promise<T> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'integration-backup-'));
  try {
    return await work(staging);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * `npm run backup -- FILE`: the database (pg_dump's custom format, or a copy of the embedded
 * database, asked of the server when one runs) and the scan photos, in one tar file.
 */
export async function backup(
  where: Where,
  file: string,
  log: Log = () => {},
): Promise<BackupManifest> {
  const database = kindOf(where);
  return inStaging(async (staging) => {
    const target = path.join(staging, DATABASE_ENTRY[database]);
    const migrations = where.databaseUrl
      ? await dumpPostgres(where.databaseUrl, target, log)
      : await copyPglite(where.dataDir, target, log);
    log('Adding the scan photos…');
    return writeBackupArchive(
      path.resolve(file),
      staging,
      { database, createdAt: new Date().toISOString(), appVersion: APP_VERSION, migrations },
      where.dataDir,
    );
  });
}

async function dumpPostgres(databaseUrl: string, target: string, log: Log): Promise<string[]> {
  const db = await openPostgres(databaseUrl);
  const migrations = await appliedMigrationIds(db).finally(() => db.close());
  log('Dumping PostgreSQL (pg_dump, custom format)…');
  await pgDump(databaseUrl, target);
  return migrations;
}

/** From the running server when there is one; else straight from the files, holding them. */
async function copyPglite(dataDir: string, target: string, log: Log): Promise<string[]> {
  const owner = await readOwner(dataDir);
  if (owner?.serving) {
    const { host, port, token } = owner.serving;
    log(`Asking the running server (process ${owner.pid}, port ${port}) for a copy…`);
    const answer = await fetch(`http://${host}:${port}/api/operations/database-copy`, {
      method: 'POST',
      headers: { [OPERATOR_TOKEN_HEADER]: token },
    });
    if (!answer.ok || !answer.body) {
      throw new Error(
        `The server refused the copy (HTTP ${answer.status}): ${await answer.text()}`,
      );
    }
    await pipeline(
      Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>),
      createWriteStream(target),
    );
    return (answer.headers.get(MIGRATIONS_HEADER) ?? '').split(',').filter(Boolean);
  }
  if (!hasPgliteDatabase(dataDir)) {
    throw new Error(
      `${dataDir} holds no embedded database (no pglite folder): nothing to back up.`,
    );
  }
  const release = await claimDataDir(dataDir, 'backup');
  try {
    log(`No server is running: copying ${pgliteDir(dataDir)} directly…`);
    const db = await openPglite({ dataDir });
    try {
      const migrations = await appliedMigrationIds(db);
      await writeFile(target, Buffer.from(await (await db.snapshot()).arrayBuffer()));
      return migrations;
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
}

/**
 * `npm run restore -- FILE`: into an empty database of the same kind (a new PostgreSQL
 * database, or a DATA_DIR with no embedded database), all or nothing, then the photos. The
 * next start migrates it if the backup is from an earlier release.
 */
export async function restore(
  where: Where,
  file: string,
  log: Log = () => {},
): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist.`);
  return inStaging(async (staging) => {
    const manifest = await unpackBackup(file, staging);
    const database = kindOf(where);
    if (manifest.database !== database) {
      throw new BackupFileError(
        manifest.database === 'pglite'
          ? 'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.'
          : 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.',
      );
    }
    const known = new Set(await listMigrationFiles());
    const newer = manifest.migrations.filter((id) => !known.has(id));
    if (newer.length) {
      throw new BackupFileError(
        `This backup was made by a newer release (its database has ${newer.join(', ')}): ` +
          `restore it with release ${manifest.appVersion} or later.`,
      );
    }
    const entry = path.join(staging, DATABASE_ENTRY[database]);
    if (where.databaseUrl) await restorePostgres(where.databaseUrl, entry, log);
    else await restorePglite(where.dataDir, entry, log);
    if (manifest.photos) {
      log(`Restoring ${manifest.photos} scan photo(s)…`);
      await mkdir(where.dataDir, { recursive: true });
      await unpackPhotos(file, where.dataDir);
    }
    return manifest;
  });
}

async function restorePostgres(databaseUrl: string, entry: string, log: Log): Promise<void> {
  const db = await openPostgres(databaseUrl);
  const tables = await db
    .one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
          WHERE c.relkind IN ('r', 'p') AND c.relname <> 'spatial_ref_sys'
            AND s.nspname NOT IN ('pg_catalog', 'information_schema', 'topology', 'tiger')
            AND s.nspname NOT LIKE 'pg\\_%'`,
    )
    .finally(() => db.close());
  if (tables?.n) {
    throw new Error(
      `The database of DATABASE_URL is not empty (${tables.n} tables): restore into a new ` +
        'database (createdb), or drop this one first.',
    );
  }
  log('Restoring PostgreSQL (pg_restore, one transaction)…');
  await pgRestore(databaseUrl, entry);
}

async function restorePglite(dataDir: string, entry: string, log: Log): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const release = await claimDataDir(dataDir, 'restore');
  try {
    if (hasPgliteDatabase(dataDir)) {
      throw new DataDirBusyError(
        `${pgliteDir(dataDir)} already holds a database: move it away (or choose another ` +
          'DATA_DIR) and restore again.',
      );
    }
    log(`Restoring the embedded database into ${pgliteDir(dataDir)}…`);
    const copy = await openAsBlob(entry, { type: 'application/x-gzip' });
    try {
      const db = await openPglite({ dataDir, loadDataDir: copy });
      await db.rows(sql`SELECT count(*) FROM schema_migrations`).finally(() => db.close());
    } catch (error) {
      // Nothing half-written: a copy that did not load leaves no database behind.
      await rm(pgliteDir(dataDir), { recursive: true, force: true });
      throw new BackupFileError(
        `The embedded database in the backup did not load: ${(error as Error).message}`,
      );
    }
  } finally {
    await release();
  }
}
