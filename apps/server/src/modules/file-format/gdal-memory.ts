import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { GdalApi, GdalDataset } from './gdal-api.ts';

/**
 * GDAL's files in WebAssembly memory rather than on disk. gdal3.js reaches the disk through
 * Emscripten's NODEFS, one synchronous Node call per read or write GDAL makes, and its drivers
 * write a feature at a time (several calls each): a conversion read and written in memory, then
 * copied in one go, is several times faster.
 */
export class MemoryFolder {
  private readonly fs;

  /** `dir` under Emscripten's /tmp (held in memory). */
  constructor(
    private readonly gdal: GdalApi,
    dir: string,
  ) {
    this.fs = gdal.Module.FS;
    this.path = `/tmp/${dir}`;
    let at = '';
    for (const part of this.path.split('/').slice(1)) {
      at += `/${part}`;
      if (!this.exists(at)) this.fs.mkdir(at);
    }
  }

  readonly path: string;

  private exists(at: string): boolean {
    try {
      this.fs.stat(at);
      return true;
    } catch {
      return false;
    }
  }

  /** Copies a file from disk into the folder; answers its path in memory. */
  copyIn(file: string, name = path.basename(file)): string {
    const at = `${this.path}/${name}`;
    this.fs.writeFile(at, readFileSync(file));
    return at;
  }

  write(name: string, text: string): string {
    const at = `${this.path}/${name}`;
    this.fs.writeFile(at, text);
    return at;
  }

  mkdir(name: string): string {
    const at = `${this.path}/${name}`;
    this.fs.mkdir(at);
    return at;
  }

  /** A file in memory as UTF-8 text. */
  readText(at: string): string {
    return Buffer.from(this.fs.readFile(at, { encoding: 'binary' })).toString('utf8');
  }

  /** Copies a file or a folder's files (sorted) from memory to a disk folder; answers their paths. */
  copyOut(at: string, diskDir: string): string[] {
    if (!this.fs.isDir(this.fs.stat(at).mode)) {
      const file = path.join(diskDir, path.posix.basename(at));
      writeFileSync(file, this.fs.readFile(at, { encoding: 'binary' }));
      return [file];
    }
    return this.fs
      .readdir(at)
      .filter((name) => name !== '.' && name !== '..')
      .sort()
      .flatMap((name) => this.copyOut(`${at}/${name}`, diskDir));
  }

  /** Frees the memory: the folder and everything in it. */
  remove(at = this.path): void {
    if (!this.exists(at)) return;
    if (this.fs.isDir(this.fs.stat(at).mode)) {
      for (const name of this.fs.readdir(at))
        if (name !== '.' && name !== '..') this.remove(`${at}/${name}`);
      this.fs.rmdir(at);
    } else this.fs.unlink(at);
  }
}

const GDAL_OF_VECTOR = 0x04;

/**
 * Opens a vector dataset by its path in GDAL's file system, without gdal3.js's `open`, which
 * also runs ogrinfo on it (for a VRT over text files: reading every feature once or twice
 * more to count them and find the extent). Null when GDAL cannot open it.
 */
export function openVector(gdal: GdalApi, file: string): GdalDataset | null {
  const open = gdal.Module.cwrap('GDALOpenEx', 'number', [
    'string',
    'number',
    'number',
    'number',
    'number',
  ]);
  const pointer = open(file, GDAL_OF_VECTOR, 0, 0, 0) as number;
  return pointer ? ({ pointer, path: file, type: 'vector', info: {} } as GdalDataset) : null;
}
