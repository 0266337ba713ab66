import { Worker, type TransferListItem } from 'node:worker_threads';
import { AppError } from '../../http/app-error.ts';
import type { RoutingResponse, RoutingTask } from './routing-protocol.ts';

/** Bytes of graphs the routing worker keeps at most (issue 25: twelve of ~200 MB were kept). */
export const GRAPH_BUDGET_BYTES = 600 * 1024 * 1024;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const failed = (reason: string) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'routing.workerFailed', { reason });

/**
 * One routing worker thread for the whole server (routing.worker.ts): started on first use,
 * requests answered in order, restarted (empty) if it dies. The main thread only sends requests
 * and pages of data, and receives answers.
 */
export class RoutingHost {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly budgetBytes = GRAPH_BUDGET_BYTES) {}

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = new Worker(new URL('./routing-worker.mjs', import.meta.url), {
      workerData: { budgetBytes: this.budgetBytes },
    });
    this.ready = new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
    });
    worker.on('message', (message: RoutingResponse | { ready: true }) => {
      if (!('id' in message)) return;
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (!pending) return;
      if (message.ok) pending.resolve(message.result);
      else pending.reject(failed(message.crash));
    });
    const stop = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.ready = null;
      for (const p of this.pending.values()) p.reject(failed(reason));
      this.pending.clear();
    };
    worker.on('error', (error) => stop(error.message));
    worker.on('exit', (code) => stop(`the routing worker stopped (${code})`));
    worker.unref();
    this.worker = worker;
    return this.ready;
  }

  /** A request and its answer. */
  async run<T>(task: RoutingTask, transfer: TransferListItem[] = []): Promise<T> {
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, task }, transfer);
    });
  }

  /** A message without an answer (a page of data for a build that follows, a forget). */
  async post(task: RoutingTask, transfer: TransferListItem[] = []): Promise<void> {
    const worker = await this.start();
    worker.postMessage({ id: 0, task }, transfer);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    for (const p of this.pending.values()) p.reject(failed('the server is stopping'));
    this.pending.clear();
    if (worker) await worker.terminate();
  }
}
