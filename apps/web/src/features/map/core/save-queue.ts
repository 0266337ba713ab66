import {
  AUTOSAVE_DELAY_MS,
  MAX_BATCH,
  elementTypeByName,
  type MapElement,
} from '@integration/contracts';
import type { EditorElement } from './editor-element.ts';
import type { ElementCollection } from './element-collection.ts';
import {
  holdsSent,
  toCreateItem,
  toUpdateItem,
  type SaveAck,
  type SaveGateway,
} from './save-gateway.ts';

/** What the indicator shows. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'error';

/** A failed call, as the API client throws it. */
export interface SaveFailure {
  status: number;
  message: string;
  details?: unknown;
}

export type SaveKind = 'markers' | 'cables' | 'zones';
type Operation = 'create' | 'restore' | 'edit' | 'delete';

export interface SaveEvents {
  onState(state: SaveState, pending: number, message?: string): void;
  onSaved(kind: SaveKind, count: number): void;
  onFailed(kind: SaveKind, message: string): void;
  onConflict(elements: EditorElement[]): void;
  /** Edited here, deleted by someone else meanwhile: dropped from the map, the user told. */
  onGone(elements: EditorElement[]): void;
  onSettled(): void;
}

export const kindOf = (e: Pick<EditorElement, 'type'>): SaveKind =>
  e.type === 'Cable' ? 'cables' : e.type === 'Zone' ? 'zones' : 'markers';

const MAX_BACKOFF_MS = 30_000;

/**
 * Autosave (SPEC §4): 800 ms after the last change, pending elements are sent through the
 * per-type endpoints (one item → single endpoint, more → multiple). Transient failures are
 * retried with a growing delay; refusals are marked on the element and wait for a new
 * change; a stale version is handed to the user, never resolved silently.
 */
export class SaveQueue {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private again = false;
  private attempt = 0;
  private stopped = false;

  constructor(
    private readonly collection: ElementCollection,
    private readonly gateway: SaveGateway,
    private readonly events: SaveEvents,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {}

  /** A change happened: save after the quiet period. */
  schedule(delay = this.delayMs): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.report();
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  get busy() {
    return this.running;
  }

  private sendable(): EditorElement[] {
    return this.collection
      .pending()
      .filter((e) => !e.problem && !e.conflict && !this.collection.inFlight(e));
  }

  private report(state?: SaveState, message?: string) {
    const pending = this.collection.pending().length;
    this.events.onState(state ?? (pending ? 'pending' : 'saved'), pending, message);
  }

  /** Send everything pending now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        const ok = await this.sendAll();
        if (!ok) return;
      } while (this.again || this.sendable().length > 0);
      this.attempt = 0;
      this.report();
    } finally {
      this.running = false;
      this.events.onSettled();
    }
  }

  /** One pass over every group; false when a transient failure stopped it. */
  private async sendAll(): Promise<boolean> {
    const groups = new Map<string, { op: Operation; items: EditorElement[] }>();
    for (const e of this.sendable()) {
      const op: Operation | null =
        e.id === null
          ? // Removed while its create was in flight: deleted once it has an id. Sent again
            // if that create failed, as it may have been made all the same.
            e.status === 'create' || e.createSentRev !== undefined
            ? 'create'
            : null
          : e.status === 'delete'
            ? 'delete'
            : e.status === 'restore'
              ? 'restore'
              : 'edit';
      if (!op) continue;
      const id = `${op}:${e.type}`;
      const group = groups.get(id) ?? { op, items: [] };
      group.items.push(e);
      groups.set(id, group);
    }
    const order: Operation[] = ['create', 'restore', 'edit', 'delete'];
    const sorted = [...groups.values()].sort((a, b) => order.indexOf(a.op) - order.indexOf(b.op));
    for (const group of sorted) {
      // The server takes at most MAX_BATCH items a request: a larger group (a pasted import,
      // the undo of a large delete) goes in several requests, each saved whole or not at all.
      for (let start = 0; start < group.items.length; start += MAX_BATCH) {
        this.report('saving');
        const outcome = await this.send(group.op, group.items.slice(start, start + MAX_BATCH));
        if (outcome === 'retry') return false;
      }
    }
    return true;
  }

  private async send(op: Operation, items: EditorElement[]): Promise<'ok' | 'retry' | 'refused'> {
    const first = items[0];
    const segment = first && elementTypeByName(first.type)?.segment;
    if (!first || !segment) return 'ok';
    // The revision each item was sent at: later changes stay pending after the answer.
    const sent = items.map((e) => ({ key: e.key, rev: e.rev, id: e.id ?? 0, version: e.version }));
    const settle = (acks: SaveAck[], settleOne = this.collection.settle.bind(this.collection)) =>
      this.collection.batched(() =>
        sent.forEach((s, i) => {
          const ack = acks[i];
          if (ack) settleOne(s.key, s.rev, ack);
        }),
      );
    const keys = sent.map((s) => s.key);
    if (op === 'create') this.collection.markCreating(keys, true);
    if (op === 'restore') this.collection.markRestoring(keys, true);
    const ids = sent.map((s) => s.id);
    try {
      if (op === 'create') settle(await this.gateway.create(segment, items.map(toCreateItem)));
      else if (op === 'edit') settle(await this.gateway.update(segment, items.map(toUpdateItem)));
      else if (op === 'restore') {
        const acks = await this.gateway.restore(segment, ids);
        settle(acks, this.collection.settleRestore.bind(this.collection));
      } else {
        await this.gateway.remove(segment, ids);
        // The delete gave each element the version after the one it deleted.
        const acks = sent.map((s) => ({ id: s.id, version: (s.version ?? 0) + 1 }));
        settle(acks, this.collection.settleDelete.bind(this.collection));
      }
      this.attempt = 0;
      this.events.onSaved(kindOf(first), items.length);
      return 'ok';
    } catch (error) {
      return this.failed(op, items, kindOf(first), error as SaveFailure);
    } finally {
      if (op === 'create') this.collection.markCreating(keys, false);
      if (op === 'restore') this.collection.markRestoring(keys, false);
    }
  }

  private failed(
    op: Operation,
    items: EditorElement[],
    kind: SaveKind,
    failure: SaveFailure,
  ): 'retry' | 'refused' {
    const status = failure.status ?? 0;
    if (status === 0 || status >= 500 || status === 429 || status === 401) {
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** this.attempt++);
      this.report(status === 0 ? 'offline' : 'error', failure.message);
      this.timer = setTimeout(() => void this.flush(), delay);
      return 'retry';
    }
    if (status === 409 && op !== 'create') {
      const current = (failure.details as { current?: MapElement[] } | undefined)?.current ?? [];
      const conflicted: EditorElement[] = [];
      const sentByKey = new Map(items.map((e) => [e.key, e]));
      for (const remote of current) {
        const local = this.collection.byId(remote.id);
        if (!local) continue;
        const sent = sentByKey.get(local.key);
        if (op === 'edit' && sent && holdsSent(sent, remote)) {
          // Our own edit, saved by a sending whose answer was lost.
          this.collection.settle(local.key, sent.rev, remote);
          continue;
        }
        this.collection.flag(local.key, { conflict: remote });
        conflicted.push({ ...local, conflict: remote });
      }
      if (conflicted.length) {
        this.events.onConflict(conflicted);
        return 'refused';
      }
      // Every stale item was ours already: the rest of the batch goes again in this flush.
      if (current.length) return 'refused';
    }
    const problems = Array.isArray(failure.details) ? (failure.details as ItemProblem[]) : [];
    // Elements the server no longer has leave the batch for good; the rest is judged alone.
    const gone = op === 'create' ? new Set<number>() : goneIndexes(items, status, problems);
    if (gone.size) this.dropGone(op, items, gone);
    const left = problems.filter((p) => !gone.has(p.index ?? -1));
    // The rest of the batch, refused only for the gone ones, goes again in this flush.
    if (gone.size && !left.length) return 'refused';
    // A refused create made nothing (the request is one transaction): a removal drops it.
    const made = op === 'create' ? { createSentRev: undefined } : {};
    const byIndex = new Map<number, string>();
    for (const p of left) {
      if (typeof p.index === 'number') byIndex.set(p.index, p.message ?? failure.message);
    }
    for (const [index, item] of items.entries()) {
      if (gone.has(index)) continue;
      const problem = byIndex.size ? byIndex.get(index) : failure.message;
      this.collection.flag(item.key, problem ? { ...made, problem } : made);
    }
    this.events.onFailed(kind, failure.message);
    return 'refused';
  }

  /**
   * Elements the server no longer has can never be saved: they leave the map. An edit's loss
   * is told to the user; a delete of one already deleted is what was asked.
   */
  private dropGone(op: Operation, items: EditorElement[], at: Set<number>): void {
    const gone = items.filter((_, index) => at.has(index));
    this.collection.batched(() => gone.forEach((e) => this.collection.forget(e.key)));
    if (op === 'edit') this.events.onGone(gone);
  }
}

/** A refused item, as the server names it in `details`. */
interface ItemProblem {
  index?: number;
  field?: string;
  message?: string;
}

/**
 * Which items of a refused edit or delete the server no longer has: a single one answered
 * 404, or, in a batch, each item refused on its `id` (deleted meanwhile; never retried).
 */
function goneIndexes(items: EditorElement[], status: number, problems: ItemProblem[]) {
  if (status === 404 && items.length === 1) return new Set([0]);
  if (status !== 400) return new Set<number>();
  return new Set(
    problems.flatMap((p) => (p.field === 'id' && typeof p.index === 'number' ? [p.index] : [])),
  );
}
