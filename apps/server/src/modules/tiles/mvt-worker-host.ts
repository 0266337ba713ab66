import { Worker } from 'node:worker_threads';

interface Pending {
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
}

type Answer =
  | { ready: true }
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; crash: string };

/**
 * One thread encoding tiles for the whole server (tile.worker.ts), started on first use and
 * started again, empty, if it dies: the main thread keeps answering while a dense tile is
 * written.
 */
export class MvtWorkerHost {
  private ready: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./tile-worker.mjs', import.meta.url));
    const ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
    this.ready = ready;
    worker.on('message', (message: Answer) => {
      if (!('id' in message)) return;
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!pending) return;
      if (message.ok) pending.resolve(message.bytes);
      else pending.reject(new Error(`tile encoding failed: ${message.crash}`));
    });
    const stop = (reason: string) => {
      if (this.ready !== ready) return;
      this.ready = null;
      for (const p of this.pending.values()) p.reject(new Error(reason));
      this.pending.clear();
    };
    worker.on('error', (error) => stop(error.message));
    worker.on('exit', (code) => stop(`the tile worker stopped (${code})`));
    worker.unref();
    return ready;
  }

  /** The MVT bytes of a tile's rows (the JSON text tileRowsJson reads). */
  async encode(json: string): Promise<Uint8Array> {
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while a tile is awaited (a process with nothing else to do would end, silently,
      // in the middle of it); let go when idle, so that it never keeps a process alive.
      worker.ref();
      worker.postMessage({ id, json });
    });
  }

  async close(): Promise<void> {
    const ready = this.ready;
    this.ready = null;
    if (ready) await (await ready).terminate();
  }
}
