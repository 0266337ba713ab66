import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { fileProblem } from './file-errors.ts';

const ARCHIVES = /\.(zip|kmz|shz|7z|rar|tar|gz|tgz|bz2|xz)$/i;
/** Files no GIS reader wants: macOS resource forks, hidden files. */
const JUNK = /(^|\/)(__MACOSX\/|\.[^/]*$)/;

export interface ZipEntryInfo {
  name: string;
  size: number;
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );

/**
 * Reads the central directory only and refuses, before anything is written: a file that is no
 * zip, too many entries, unsafe paths, and archives inside the archive. The sizes it lists are
 * the ones declared; yauzl enforces them while extracting, so a budget can trust them.
 */
export async function inspectZip(
  file: string,
  label: string,
  maxEntries: number,
): Promise<ZipEntryInfo[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw fileProblem(400, 'files.notZip', { file: label });
  }
  try {
    if (zip.entryCount > maxEntries) {
      throw fileProblem(413, 'files.zipTooManyEntries', { file: label, max: maxEntries });
    }
    const entries: ZipEntryInfo[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(fileProblem(400, 'files.notZip', { file: label })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/') || JUNK.test(name)) return zip.readEntry();
        const unsafe = path.posix.isAbsolute(name) || name.split(/[\\/]/).includes('..');
        if (unsafe) {
          return reject(fileProblem(400, 'files.zipUnsafePath', { file: label, entry: name }));
        }
        if (ARCHIVES.test(name)) {
          return reject(fileProblem(400, 'files.zipInZip', { file: label, entry: name }));
        }
        entries.push({ name, size: entry.uncompressedSize });
        zip.readEntry();
      });
      zip.readEntry();
    });
    return entries;
  } finally {
    zip.close();
  }
}

/**
 * Unpacks the entries named in `wanted` into `dir`. yauzl checks each entry's size and CRC as it
 * reads, and fails its stream on a lie or damaged data: that stream has its error handler
 * before anything is awaited (an unhandled 'error' event would end the process), and a damaged
 * entry is refused naming it.
 */
export async function extractZip(
  file: string,
  label: string,
  dir: string,
  wanted: ReadonlySet<string>,
): Promise<string[]> {
  const zip = await openZip(file).catch(() => {
    throw fileProblem(400, 'files.notZip', { file: label });
  });
  const written: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(fileProblem(400, 'files.notZip', { file: label })));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (!wanted.has(name)) return zip.readEntry();
        const target = path.join(dir, ...name.split(/[\\/]/));
        mkdir(path.dirname(target), { recursive: true })
          .then(() => unpackEntry(zip, entry, target))
          .then(() => {
            written.push(target);
            zip.readEntry();
          })
          .catch((error: unknown) =>
            // A write that failed (a full disk: it has a syscall) is the server's fault, not the file's.
            reject(
              isSystemError(error)
                ? error
                : fileProblem(400, 'files.zipDamaged', { file: label, entry: name }),
            ),
          );
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return written;
}

/** Opens one entry's stream and pipes it to `target`: pipeline handles its errors at once. */
const unpackEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry, target: string) =>
  new Promise<void>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      pipeline(stream, createWriteStream(target)).then(resolve, reject);
    }),
  );

const isSystemError = (error: unknown) =>
  typeof (error as { syscall?: unknown } | null)?.syscall === 'string';
