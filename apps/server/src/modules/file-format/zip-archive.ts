import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { fileProblem } from './file-errors.ts';

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

const ARCHIVES = /\.(zip|kmz|shz|7z|rar|tar|gz|tgz|bz2|xz)$/i;
/** Files no GIS reader wants: macOS resource forks, hidden files. */
const JUNK = /(^|\/)(__MACOSX\/|\.[^/]*$)/;

interface ZipEntryInfo {
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
 * zip, too many entries, too many bytes once unpacked (a zip bomb), unsafe paths, and archives
 * inside the archive. The declared sizes are enforced again while extracting.
 */
export async function inspectZip(
  file: string,
  label: string,
  limits: ZipLimits,
): Promise<ZipEntryInfo[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    throw fileProblem(400, 'files.notZip', { file: label });
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw fileProblem(413, 'files.zipTooManyEntries', { file: label, max: limits.maxEntries });
    }
    const entries: ZipEntryInfo[] = [];
    let total = 0;
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
        total += entry.uncompressedSize;
        if (total > limits.maxUncompressedBytes) {
          const max = Math.round(limits.maxUncompressedBytes / 1024 / 1024);
          return reject(fileProblem(413, 'files.zipTooLarge', { file: label, max }));
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

/** Unpacks the entries inspectZip accepted into `dir` (yauzl checks each size as it reads). */
export async function extractZip(file: string, label: string, dir: string): Promise<string[]> {
  const zip = await openZip(file).catch(() => {
    throw fileProblem(400, 'files.notZip', { file: label });
  });
  const written: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = () => reject(fileProblem(400, 'files.notZip', { file: label }));
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/') || JUNK.test(name)) return zip.readEntry();
        const target = path.join(dir, ...name.split(/[\\/]/));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return fail();
          mkdir(path.dirname(target), { recursive: true })
            .then(() => pipeline(stream, createWriteStream(target)))
            .then(() => {
              written.push(target);
              zip.readEntry();
            })
            .catch(fail);
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return written;
}
