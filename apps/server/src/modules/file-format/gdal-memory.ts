import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
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

/**
 * Messages on an export's feed port (main thread to GDAL worker): a piece of a file being
 * written (`counted` for the pieces the writer waits on), the end of a file, or a failure.
 */
export type FeedMessage =
  | { name: string; chunk: Uint8Array; counted: boolean }
  | { name: string; end: true }
  | { abort: string };

/**
 * Shared counters of a feed: messages posted (by the main thread), counted pieces read (by GDAL),
 * and whether GDAL waits for a piece (then the writer sends on, whatever GDAL has not read yet:
 * GDAL may want a later file's beginning, or a small file's end, before the current file's rest).
 */
export const FEED_POSTED = 0;
export const FEED_READ = 1;
export const FEED_STARVED = 2;
export const FEED_SIGNAL_BYTES = 12;

/** How long GDAL waits for the next piece before giving up on the writer. */
const FEED_TIMEOUT_MS = 120_000;
const EIO = 29;

/**
 * How far behind GDAL's reads a piece is kept: GDAL reads lines ahead and seeks back to their end
 * (by less than a read, a few KB at most).
 */
const KEEP_BEHIND = 1024 * 1024;

interface StreamedFile {
  name: string;
  /**
   * The pieces received and not yet released: the first two (a header and the first page, which
   * GDAL reads more than once while opening) stay, the others go once GDAL has read well past them.
   */
  pieces: { start: number; data: Uint8Array; counted: boolean }[];
  size: number;
  ended: boolean;
  /** GDAL read it to its end. */
  read: boolean;
  node: { usedBytes: number };
}

/**
 * Files GDAL reads while the main thread is still writing them (the database pages of an export):
 * a read past what has arrived waits for more (the worker has nothing else to do meanwhile, GDAL
 * being synchronous), so that the database and GDAL work at the same time, on two cores.
 */
export class FeedReader {
  private readonly files = new Map<string, StreamedFile>();
  private failure: string | null = null;

  constructor(
    private readonly gdal: GdalApi,
    private readonly port: MessagePort,
    private readonly signal: Int32Array,
  ) {}

  /** A file at `at` (in memory) whose bytes arrive as `name` on the feed. */
  create(at: string, name: string): string {
    const FS = this.gdal.Module.FS;
    FS.writeFile(at, '');
    const node = (
      FS as unknown as { lookupPath(p: string): { node: Record<string, unknown> } }
    ).lookupPath(at).node;
    const file = this.file(name);
    file.node = node as unknown as { usedBytes: number };
    file.node.usedBytes = file.size;
    const Errno = (FS as unknown as { ErrnoError: new (errno: number) => Error }).ErrnoError;
    node.stream_ops = {
      read: (
        _stream: unknown,
        buffer: Int8Array,
        offset: number,
        length: number,
        position: number,
      ) => this.read(file, buffer, offset, length, position, Errno),
      llseek: (stream: { position: number }, offset: number, whence: number) => {
        if (whence === 1) offset += stream.position;
        else if (whence === 2) {
          while (!file.ended && this.failure === null) this.pump(Errno);
          offset += file.size;
        }
        if (this.failure !== null) throw new Errno(EIO);
        if (offset < 0) throw new Errno(28);
        return offset;
      },
    };
    return at;
  }

  private file(name: string): StreamedFile {
    let file = this.files.get(name);
    if (!file) {
      file = { name, pieces: [], size: 0, ended: false, read: false, node: { usedBytes: 0 } };
      this.files.set(name, file);
    }
    return file;
  }

  private take(message: FeedMessage): void {
    if ('abort' in message) {
      this.failure = message.abort;
      return;
    }
    const file = this.file(message.name);
    if ('end' in message) file.ended = true;
    else {
      file.pieces.push({ start: file.size, data: message.chunk, counted: message.counted });
      file.size += message.chunk.length;
      file.node.usedBytes = file.size;
    }
  }

  /** Takes the messages that have arrived, or waits for the next one. */
  private pump(Errno: new (errno: number) => Error): void {
    const deadline = Date.now() + FEED_TIMEOUT_MS;
    for (;;) {
      const posted = Atomics.load(this.signal, FEED_POSTED);
      let taken = false;
      for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
        this.take(m.message as FeedMessage);
        taken = true;
      }
      if (taken) break;
      if (Date.now() > deadline) {
        this.failure = 'the export stopped sending its rows';
        break;
      }
      if (Atomics.exchange(this.signal, FEED_STARVED, 1) === 0)
        Atomics.notify(this.signal, FEED_READ);
      Atomics.wait(this.signal, FEED_POSTED, posted, 1000);
    }
    Atomics.store(this.signal, FEED_STARVED, 0);
    if (this.failure !== null) throw new Errno(EIO);
  }

  private read(
    file: StreamedFile,
    buffer: Int8Array,
    offset: number,
    length: number,
    position: number,
    Errno: new (errno: number) => Error,
  ): number {
    if (length === 0) return 0;
    while (position >= file.size && !file.ended && this.failure === null) this.pump(Errno);
    if (this.failure !== null) throw new Errno(EIO);
    let copied = 0;
    for (const piece of file.pieces) {
      const at = position + copied;
      if (copied === length || piece.start > at) break;
      if (piece.start + piece.data.length <= at) continue;
      const from = at - piece.start;
      const count = Math.min(length - copied, piece.data.length - from);
      buffer.set(piece.data.subarray(from, from + count), offset + copied);
      copied += count;
    }
    if (copied === 0 && position < file.size) {
      // A part already released (GDAL went back further than it does when reading lines).
      this.failure = `GDAL read ${file.name} again from ${position}`;
      throw new Errno(EIO);
    }
    if (copied === 0) file.read = true;
    this.release(file, position + copied);
    return copied;
  }

  /** Lets go of the pieces read past (but the first two), telling the writer. */
  private release(file: StreamedFile, upTo: number): void {
    let read = 0;
    while (file.pieces.length > 2) {
      const piece = file.pieces[2];
      if (!piece || piece.start + piece.data.length + KEEP_BEHIND > upTo) break;
      file.pieces.splice(2, 1);
      if (piece.counted) read++;
    }
    const second = file.pieces[1];
    if (second?.counted && second.start + second.data.length <= upTo) {
      second.counted = false;
      read++;
    }
    if (read) {
      Atomics.add(this.signal, FEED_READ, read);
      Atomics.notify(this.signal, FEED_READ);
    }
  }

  /**
   * Throws unless GDAL read every file to its end (a read error can look like the end of a file
   * to GDAL: the output would be short).
   */
  assertRead(): void {
    if (this.failure !== null) throw new Error(this.failure);
    const unread = [...this.files.values()].find((f) => !f.read);
    if (unread) throw new Error(`GDAL stopped reading ${unread.name}`);
  }

  /** Everything that arrives on the feed is dropped from now on (the job is over). */
  close(): void {
    this.port.close();
    this.files.clear();
  }
}
