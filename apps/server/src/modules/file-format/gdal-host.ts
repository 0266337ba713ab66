import { rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { toAppError } from './file-errors.ts';
import { newJobsRoot } from './job-folders.ts';
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

  async run<T>(task: WorkerTask): Promise<T> {
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, task });
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
