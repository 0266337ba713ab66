import { rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  MessageChannel,
  Worker,
  type MessagePort,
  type TransferListItem,
} from 'node:worker_threads';
import { toAppError } from './file-errors.ts';
import { newJobsRoot } from './job-folders.ts';
import {
  FEED_POSTED,
  FEED_READ,
  FEED_SIGNAL_BYTES,
  FEED_STARVED,
  type FeedMessage,
} from './gdal-memory.ts';
import type { WorkerResponse, WorkerTask } from './gdal-protocol.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** An unexpected end of a conversion (GDAL aborted, the worker died): the file's fault, most likely. */
const crashed = (reason: string) =>
  toAppError({ status: 422, key: 'files.conversionFailed', vars: { reason } });

/**
 * One warm GDAL worker thread for the whole server: started on first use (gdal3.js takes about
 * two seconds to start), requests queued in order, restarted if it dies. Every job gets its own
 * folder under one temporary root, removed when the job is done.
 */
export class GdalHost {
  readonly root = newJobsRoot();
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private jobs = 0;

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./gdal-worker.mjs', import.meta.url), {
      workerData: { root: this.root },
    });
    this.ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
    worker.on('message', (message: WorkerResponse | { ready: true }) => {
      if (!('id' in message)) return;
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!pending) return;
      if (message.ok) pending.resolve(message.result);
      else if ('problem' in message) pending.reject(toAppError(message.problem));
      else pending.reject(crashed(message.crash));
    });
    const stop = (reason: string) => {
      if (this.worker !== worker && this.ready === null) return;
      this.worker = null;
      this.ready = null;
      for (const p of this.pending.values()) p.reject(crashed(reason));
      this.pending.clear();
    };
    worker.on('error', (error) => stop(error.message));
    worker.on('exit', (code) => stop(`GDAL stopped (${code})`));
    worker.unref();
    this.worker = worker;
    return this.ready;
  }

  /** Starts the worker ahead of the first request. */
  warm(): void {
    this.start().catch(() => {});
  }

  async run<T>(task: WorkerTask, transfer: TransferListItem[] = []): Promise<T> {
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, task }, transfer);
    });
  }

  /** A fresh folder for one job, relative to the root (what the worker sees) and absolute. */
  async newJob(): Promise<{ dir: string; abs: string; done: () => Promise<void> }> {
    const dir = `job-${process.pid}-${this.jobs++}`;
    const abs = path.join(this.root, dir);
    await mkdir(abs, { recursive: true });
    return { dir, abs, done: () => rm(abs, { recursive: true, force: true }) };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Pieces the writer may send ahead of what GDAL has read (a page of 20,000 rows is a few MB). */
const FEED_AHEAD = 2;

type WaitAsync = (
  array: Int32Array,
  index: number,
  value: number,
  timeout: number,
) => { async: boolean; value: Promise<string> | string };

/**
 * The main thread's end of an export's feed: the bytes of each page go to the GDAL worker as
 * soon as the database has built it, while GDAL converts the previous ones (see FeedReader). At
 * most FEED_AHEAD pages wait in the worker: memory holds a few pages, not the whole export.
 */
export class Feed {
  private readonly channel = new MessageChannel();
  /** Shared with the worker: messages posted, counted pieces read, GDAL waiting. */
  readonly signal = new SharedArrayBuffer(FEED_SIGNAL_BYTES);
  private readonly counters = new Int32Array(this.signal);
  private counted = 0;
  private over = false;

  /** Whether the conversion is over (nothing more is read). */
  get stopped(): boolean {
    return this.over;
  }

  /** The port to hand the worker (in the task, and in the transfer list). */
  get port(): MessagePort {
    return this.channel.port2;
  }

  private post(message: FeedMessage, transfer: TransferListItem[] = []): void {
    if (this.over) return;
    this.channel.port1.postMessage(message, transfer);
    Atomics.add(this.counters, FEED_POSTED, 1);
    Atomics.notify(this.counters, FEED_POSTED);
  }

  /**
   * Sends text or bytes to the file `name`; `counted` pieces wait while FEED_AHEAD others are
   * unread (but for GDAL waiting on a piece to come). Bytes that own their whole buffer move to
   * the worker without a copy (the caller must not use them after).
   */
  async send(name: string, data: string | Uint8Array, counted: boolean): Promise<void> {
    if (counted) {
      const waitAsync = (Atomics as unknown as { waitAsync?: WaitAsync }).waitAsync;
      for (;;) {
        const read = Atomics.load(this.counters, FEED_READ);
        if (this.over || this.counted - read < FEED_AHEAD) break;
        if (Atomics.load(this.counters, FEED_STARVED)) break;
        const wait = waitAsync?.(this.counters, FEED_READ, read, 1000);
        if (wait?.async) await wait.value;
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      this.counted++;
    }
    let chunk: Uint8Array;
    if (typeof data === 'string') {
      chunk = new Uint8Array(Buffer.byteLength(data, 'utf8'));
      Buffer.from(chunk.buffer).write(data, 'utf8');
    } else if (
      data.buffer instanceof ArrayBuffer &&
      data.byteOffset === 0 &&
      data.byteLength === data.buffer.byteLength
    )
      // A plain view: a Node Buffer (pg's bytea) does not survive the trip as one.
      chunk = new Uint8Array(data.buffer);
    else chunk = new Uint8Array(data);
    this.post({ name, chunk, counted }, [chunk.buffer as ArrayBuffer]);
  }

  end(name: string): void {
    this.post({ name, end: true });
  }

  /** The writer failed: GDAL's reads fail too, and the conversion ends. */
  abort(reason: string): void {
    this.post({ abort: reason });
  }

  /** The conversion is over (done or failed): nothing more is sent or awaited. */
  stop(): void {
    this.over = true;
    this.channel.port1.close();
  }
}
