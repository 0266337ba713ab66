import type { ScanTagBody } from '@integration/contracts';
import type { OutboxStore, QueuedScan } from './outbox-store.ts';

/** The calls a queued scan needs, as the API client makes them (it throws `{ status, message }`). */
export interface OutboxGateway {
  scan(code: string, body: ScanTagBody): Promise<{ message: string }>;
  addPhoto(code: string, photo: Blob): Promise<unknown>;
}

export interface OutboxState {
  /** Waiting for the network (or for their turn). */
  waiting: QueuedScan[];
  /** Refused by the server: shown with its message until the user discards them. */
  attention: QueuedScan[];
  sending: boolean;
  loaded: boolean;
}

type Failure = { status?: number; message?: string };

/** No answer, a server in trouble, too many requests or an expired session: try again later. */
const isTransient = (status: number) =>
  status === 0 || status >= 500 || status === 408 || status === 429 || status === 401;

/**
 * The scans confirmed on this phone, sent in order as the network allows. Each is stored
 * before anything is sent and removed only once the server answered 200 for the scan and
 * every photo, so it is sent at most once successfully and nothing is lost on a reload; a
 * photo is removed from the item as soon as it is stored, so a retry never sends it twice.
 */
export class ScanOutbox {
  private state: OutboxState = { waiting: [], attention: [], sending: false, loaded: false };
  private items: QueuedScan[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly sentListeners = new Set<(item: QueuedScan, message: string) => void>();
  private readonly doneListeners = new Set<(item: QueuedScan) => void>();
  private loading: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly store: OutboxStore,
    private readonly gateway: OutboxGateway,
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  /** Told once per scan the server accepted (with its message), e.g. for a toast. */
  onSent(listener: (item: QueuedScan, message: string) => void) {
    this.sentListeners.add(listener);
    return () => void this.sentListeners.delete(listener);
  }

  /** Told when a scan and all its photos are stored on the server. */
  onDone(listener: (item: QueuedScan) => void) {
    this.doneListeners.add(listener);
    return () => void this.doneListeners.delete(listener);
  }

  load(): Promise<void> {
    this.loading ??= this.store.all().then((items) => {
      // Added while loading: kept, after what was already stored.
      const ids = new Set(items.map((i) => i.id));
      this.items = [...items, ...this.items.filter((i) => !ids.has(i.id))];
      this.publish({ loaded: true });
    });
    return this.loading;
  }

  /**
   * Stores a confirmed scan, then starts sending it: resolves once it is safe in the store,
   * not when the (perhaps slow) network has answered; `flush()` waits for that.
   */
  async add(item: QueuedScan): Promise<void> {
    await this.store.put(item);
    this.items = [...this.items, item];
    this.publish();
    void this.flush();
  }

  /** The user gives up a refused scan (its photos go with it). */
  async discard(id: string): Promise<void> {
    await this.store.remove(id);
    this.items = this.items.filter((i) => i.id !== id);
    this.publish();
  }

  /** Sends what waits; a call while sending runs one more pass after it. */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      await this.load();
      this.publish({ sending: true });
      try {
        do {
          this.again = false;
          for (const item of this.items.filter((i) => !i.problem)) {
            if ((await this.send(item)) === 'offline') return;
          }
        } while (this.again);
      } finally {
        this.running = null;
        this.publish({ sending: false });
      }
    })();
    return this.running;
  }

  private async send(item: QueuedScan): Promise<'done' | 'offline' | 'refused'> {
    let current = item;
    try {
      if (!current.scanSent) {
        const answer = await this.gateway.scan(current.code, current.body);
        current = await this.update({ ...current, scanSent: true });
        for (const listener of this.sentListeners) listener(current, answer.message);
      }
      for (const photo of current.photos) {
        await this.gateway.addPhoto(current.code, photo.blob);
        current = await this.update({
          ...current,
          photos: current.photos.filter((p) => p.id !== photo.id),
        });
      }
    } catch (error) {
      const failure = error as Failure;
      const status = failure.status ?? 0;
      if (isTransient(status)) return 'offline';
      await this.update({ ...current, problem: { status, message: failure.message ?? '' } });
      return 'refused';
    }
    await this.store.remove(current.id);
    this.items = this.items.filter((i) => i.id !== current.id);
    this.publish();
    for (const listener of this.doneListeners) listener(current);
    return 'done';
  }

  private async update(item: QueuedScan): Promise<QueuedScan> {
    await this.store.put(item);
    this.items = this.items.map((i) => (i.id === item.id ? item : i));
    this.publish();
    return item;
  }

  private publish(change: Partial<OutboxState> = {}) {
    this.state = {
      ...this.state,
      ...change,
      waiting: this.items.filter((i) => !i.problem),
      attention: this.items.filter((i) => i.problem),
    };
    for (const listener of this.listeners) listener();
  }
}
