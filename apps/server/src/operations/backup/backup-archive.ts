import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create, extract, replace } from 'tar';
import type { DatabaseKind } from '../../db/database.ts';

/**
 * A backup is one tar file: manifest.json, the database (PostgreSQL's custom-format dump, or
 * the embedded database's data directory as a gzipped tar) and the scan photos, which live
 * as files under DATA_DIR/photos, not in the database.
 */
export interface BackupManifest {
  format: 'integration-backup';
  version: 1;
  database: DatabaseKind;
  createdAt: string;
  appVersion: string;
  /** The migrations the database had: a release that lacks one cannot restore it. */
  migrations: string[];
  photos: number;
}

export const DATABASE_ENTRY: Record<DatabaseKind, string> = {
  postgres: 'database.pgdump',
  pglite: 'database.tar.gz',
};
const MANIFEST = 'manifest.json';

export class BackupFileError extends Error {}

/** Every stored photo, relative to the data directory (uploads under way left out). */
async function photoFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'photos');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(path.join('photos', 'tmp') + path.sep))
    .sort();
}

/**
 * Writes the archive from the staging folder (which holds the database entry) and the data
 * directory's photos. Note: the database is copied first, then the photos: a photo's file is
 * written before its row, so every photo the copied database names is on disk by then.
 * Written beside the target and renamed: a failed backup never leaves a truncated FILE.
 */
export async function writeBackupArchive(
  file: string,
  staging: string,
  manifest: Omit<BackupManifest, 'format' | 'version' | 'photos'>,
  dataDir: string,
): Promise<BackupManifest> {
  const photos = await photoFiles(dataDir);
  const whole: BackupManifest = {
    format: 'integration-backup',
    version: 1,
    ...manifest,
    photos: photos.length,
  };
  await writeFile(path.join(staging, MANIFEST), JSON.stringify(whole, null, 2));
  const partial = `${file}.partial`;
  try {
    await create({ file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      DATABASE_ENTRY[manifest.database],
    ]);
    if (photos.length) await replace({ file: partial, cwd: dataDir, portable: true }, photos);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return whole;
}

/** The manifest and the database entry, unpacked into staging; refuses what is not a backup. */
export async function unpackBackup(file: string, staging: string): Promise<BackupManifest> {
  const wanted = new Set([MANIFEST, ...Object.values(DATABASE_ENTRY)]);
  try {
    await extract({ file, cwd: staging, strict: true, filter: (entry) => wanted.has(entry) });
  } catch (error) {
    throw new BackupFileError(
      `${file} is not a backup of Integration (${(error as Error).message}).`,
    );
  }
  const text = await readFile(path.join(staging, MANIFEST), 'utf8').catch(() => undefined);
  const manifest = text ? (JSON.parse(text) as Partial<BackupManifest>) : undefined;
  if (manifest?.format !== 'integration-backup' || manifest.version !== 1) {
    throw new BackupFileError(`${file} is not a backup of Integration (no manifest.json of ours).`);
  }
  const database = manifest.database;
  if (database !== 'postgres' && database !== 'pglite') {
    throw new BackupFileError(`${file} names no database we know ('${String(database)}').`);
  }
  const entry = await readdir(staging);
  if (!entry.includes(DATABASE_ENTRY[database])) {
    throw new BackupFileError(
      `${file} holds no database (${DATABASE_ENTRY[database]} is missing).`,
    );
  }
  return manifest as BackupManifest;
}

/** The photos of the archive into the data directory (same name, same bytes: overwriting is safe). */
export async function unpackPhotos(file: string, dataDir: string): Promise<void> {
  await extract({
    file,
    cwd: dataDir,
    strict: true,
    filter: (entry) => entry.startsWith('photos/') && !entry.startsWith('photos/tmp/'),
  });
}
