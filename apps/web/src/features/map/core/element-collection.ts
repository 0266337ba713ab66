import type { MapElement } from '@integration/contracts';
import {
  contentOf,
  styleOf,
  type EditorElement,
  type ElementContent,
  type ElementStyle,
} from './editor-element.ts';

/** What changed in the collection, so the map can update only those features. */
export interface CollectionDiff {
  reset?: boolean;
  upserted: EditorElement[];
  removed: EditorElement[];
}

type Listener = (diff: CollectionDiff) => void;

/** A saved delete, kept so that undoing it restores the same element (id and history). */
interface Tombstone {
  id: number;
  /** The version the delete gave it. */
  version: number;
  fid: number;
  unsavedContent?: boolean;
}

/**
 * The elements of the open cluster, keyed locally. It applies content changes and sets edit
 * statuses by the rules of SPEC §4; it knows nothing of the network or the map.
 */
export class ElementCollection {
  private readonly byKey = new Map<string, EditorElement>();
  private readonly keyById = new Map<number, string>();
  private readonly keyByFid = new Map<number, string>();
  private readonly tombstones = new Map<string, Tombstone>();
  private nextFid = 1;
  private listeners = new Set<Listener>();
  private batch: CollectionDiff | null = null;

  get size() {
    return this.byKey.size;
  }
  get(key: string) {
    return this.byKey.get(key);
  }
  byId(id: number) {
    const key = this.keyById.get(id);
    return key ? this.byKey.get(key) : undefined;
  }
  byFid(fid: number) {
    const key = this.keyByFid.get(fid);
    return key ? this.byKey.get(key) : undefined;
  }
  all(): IterableIterator<EditorElement> {
    return this.byKey.values();
  }
  /** Elements the map shows: everything not waiting to be deleted. */
  *visible(): Generator<EditorElement> {
    for (const e of this.byKey.values()) if (e.status !== 'delete') yield e;
  }
  pending(): EditorElement[] {
    return [...this.byKey.values()].filter((e) => e.status !== 'none');
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Group the notifications of several changes into one diff. */
  batched<T>(work: () => T): T {
    const outer = this.batch === null;
    if (outer) this.batch = { upserted: [], removed: [] };
    try {
      return work();
    } finally {
      if (outer && this.batch) {
        const diff = this.batch;
        this.batch = null;
        this.emit(diff);
      }
    }
  }

  private emit(diff: CollectionDiff) {
    if (!diff.reset && diff.upserted.length === 0 && diff.removed.length === 0) return;
    for (const l of this.listeners) l(diff);
  }

  private changed(element: EditorElement, removed = false) {
    const diff = this.batch ?? { upserted: [], removed: [] };
    (removed ? diff.removed : diff.upserted).push(element);
    if (!this.batch) this.emit(diff);
  }

  private insert(element: EditorElement) {
    this.byKey.set(element.key, element);
    this.keyByFid.set(element.fid, element.key);
    if (element.id !== null) this.keyById.set(element.id, element.key);
  }

  private drop(element: EditorElement) {
    this.byKey.delete(element.key);
    this.keyByFid.delete(element.fid);
    if (element.id !== null) this.keyById.delete(element.id);
  }

  fromServer(e: MapElement, key = `e${e.id}`): EditorElement {
    return {
      ...contentOf({ ...e, type: e.networkElement.type }),
      key,
      fid: this.nextFid++,
      id: e.id,
      version: e.version,
      status: 'none',
      rev: 0,
      style: styleOf(e),
    };
  }

  /** Replace everything with a fresh load from the server. */
  reset(elements: MapElement[]): void {
    this.byKey.clear();
    this.keyById.clear();
    this.keyByFid.clear();
    this.tombstones.clear();
    for (const e of elements) this.insert(this.fromServer(e));
    this.emit({ reset: true, upserted: [], removed: [] });
  }

  /** Apply one change of content with the status rules of SPEC §4. */
  applyContent(key: string, after: ElementContent | null, style: ElementStyle = {}): void {
    const current = this.byKey.get(key);
    if (!current) {
      if (!after) return;
      const tombstone = this.tombstones.get(key);
      if (tombstone && !this.keyById.has(tombstone.id))
        return this.bringBack(key, tombstone, after, style);
      const created: EditorElement = {
        ...after,
        key,
        fid: this.nextFid++,
        id: null,
        version: null,
        status: 'create',
        rev: 1,
        style,
      };
      this.insert(created);
      return this.changed(created);
    }
    const next: EditorElement = { ...current, rev: current.rev + 1, problem: undefined };
    if (!after) {
      // Never sent, or certainly refused: nothing on the server to delete.
      if (current.id === null && !this.inFlight(current) && current.createSentRev === undefined) {
        this.drop(current);
        return this.changed(current, true);
      }
      // A restore not sent yet: the element simply stays deleted on the server.
      if (current.status === 'restore' && !this.inFlight(current) && current.id !== null) {
        this.drop(current);
        this.tombstones.set(key, {
          id: current.id,
          version: current.version ?? 0,
          fid: current.fid,
          unsavedContent: current.unsavedContent,
        });
        return this.changed(current, true);
      }
      next.status = 'delete';
      if (current.status === 'edit') next.unsavedContent = true;
      this.byKey.set(key, next);
      return this.changed(next, true);
    }
    Object.assign(next, contentOf(after));
    next.status =
      current.id === null ? 'create' : current.status === 'restore' ? 'restore' : 'edit';
    if (next.status !== 'restore') next.unsavedContent = undefined;
    this.byKey.set(key, next);
    this.changed(next);
  }

  /** Undo of a saved delete: the same element comes back, to be restored on the server. */
  private bringBack(key: string, t: Tombstone, after: ElementContent, style: ElementStyle) {
    this.tombstones.delete(key);
    const restored: EditorElement = {
      ...after,
      key,
      fid: t.fid,
      id: t.id,
      version: t.version,
      status: 'restore',
      rev: 1,
      style,
      unsavedContent: t.unsavedContent,
    };
    this.insert(restored);
    this.changed(restored);
  }

  /** Whether a saved delete of this element is kept for undo. */
  deletedOnServer(key: string): boolean {
    return this.tombstones.has(key);
  }

  /** Create requests in flight: a new element removed meanwhile must be deleted after. */
  private readonly creating = new Set<string>();
  /** Restore requests in flight: a delete meanwhile must follow them. */
  private readonly restoring = new Set<string>();
  inFlight(e: EditorElement) {
    return this.creating.has(e.key) || this.restoring.has(e.key);
  }
  markRestoring(keys: string[], on: boolean) {
    for (const k of keys) {
      if (on) this.restoring.add(k);
      else this.restoring.delete(k);
    }
  }

  /**
   * A delete the server accepted at revision `rev`, giving the element `version`: it leaves
   * the map but is kept for undo. Undone meanwhile, it must be restored on the server.
   */
  settleDelete(key: string, rev: number, ack: { id: number; version: number }): void {
    const current = this.byKey.get(key);
    if (!current) return;
    if (current.status === 'delete') {
      this.drop(current);
      this.tombstones.set(key, {
        id: ack.id,
        version: ack.version,
        fid: current.fid,
        unsavedContent: current.unsavedContent,
      });
      return this.changed(current, true);
    }
    this.byKey.set(key, { ...current, version: ack.version, status: 'restore' });
  }

  /** A restore the server accepted: saved, or the changes since follow as an edit. */
  settleRestore(key: string, rev: number, ack: { id: number; version: number }): void {
    const current = this.byKey.get(key);
    if (!current) return;
    const next: EditorElement = { ...current, version: ack.version };
    if (current.status === 'restore') {
      next.status = current.rev === rev && !current.unsavedContent ? 'none' : 'edit';
      next.unsavedContent = undefined;
    }
    this.byKey.set(key, next);
    if (next.status !== 'delete') this.changed(next);
  }
  /** Marks creates sent (keeping the revision of each one's first sending) or answered. */
  markCreating(keys: string[], on: boolean) {
    for (const k of keys) {
      if (on) {
        this.creating.add(k);
        const e = this.byKey.get(k);
        if (e && e.createSentRev === undefined) this.byKey.set(k, { ...e, createSentRev: e.rev });
      } else this.creating.delete(k);
    }
  }

  /** Settle an element the server accepted at revision `rev`. */
  settle(key: string, rev: number, ack: { id: number; version: number; name?: string }): void {
    const current = this.byKey.get(key);
    if (!current) return;
    const created = current.id === null;
    if (created) this.keyById.set(ack.id, key);
    const next: EditorElement = {
      ...current,
      id: ack.id,
      version: ack.version,
      createSentRev: undefined,
    };
    // A create sent again is answered with what its first sending made, maybe older content.
    const resent = created && current.createSentRev !== undefined && current.createSentRev !== rev;
    if (current.status === 'delete') {
      // A saved delete is gone; one made before its create was answered follows now.
      if (!created && current.rev === rev) {
        this.drop(current);
        return this.changed(current, true);
      }
    } else if (current.rev === rev && !resent) {
      next.status = 'none';
      if (ack.name && created) next.name = ack.name;
    } else if (created) {
      // Changed since it was sent: the change follows as an edit, under the server's name
      // unless it has its own.
      next.status = 'edit';
      if (!current.name && ack.name) next.name = ack.name;
    }
    this.byKey.set(key, next);
    if (next.status !== 'delete') this.changed(next);
  }

  /** The server no longer has it (deleted here and saved, or deleted by someone else). */
  forget(key: string): void {
    const current = this.byKey.get(key);
    if (!current) return;
    this.drop(current);
    this.changed(current, true);
  }

  /** Mark a refusal on an element; it is not sent again until it changes. */
  flag(key: string, patch: Pick<EditorElement, 'problem' | 'conflict' | 'createSentRev'>): void {
    const current = this.byKey.get(key);
    if (current) this.byKey.set(key, { ...current, ...patch });
  }

  /**
   * Merge a periodic refetch: elements changed here are skipped (SPEC §4); the rest take
   * the server's version; those gone from the server disappear.
   */
  mergeRemote(elements: MapElement[]): void {
    this.batched(() => {
      const seen = new Set<number>();
      for (const remote of elements) {
        seen.add(remote.id);
        const local = this.byId(remote.id);
        if (local && local.status !== 'none') continue;
        if (local && local.version === remote.version) continue;
        const fresh = this.fromServer(remote, local?.key);
        if (local) fresh.fid = local.fid;
        this.insert(fresh);
        this.changed(fresh);
      }
      for (const e of [...this.byKey.values()]) {
        if (e.id !== null && e.status === 'none' && !seen.has(e.id)) this.forget(e.key);
      }
    });
  }

  /**
   * Merge a live change from the server (others' edits, or the echo of ours): the same rules
   * as a periodic refetch, for only the elements named. An element changed here is left
   * alone (its save meets the version conflict or "gone" rules); a version already known is
   * skipped. Returns the elements not taken yet: unknown ones while our own creates are in
   * flight, which may be their echoes (taken once those creates are answered).
   */
  mergeLive(elements: MapElement[], deleted: { id: number; version: number }[]): MapElement[] {
    const later: MapElement[] = [];
    this.batched(() => {
      for (const remote of elements) {
        const local = this.byId(remote.id);
        if (!local && this.creating.size > 0) {
          later.push(remote);
          continue;
        }
        if (local && (local.status !== 'none' || (local.version ?? 0) >= remote.version)) continue;
        const fresh = this.fromServer(remote, local?.key);
        if (local) fresh.fid = local.fid;
        this.insert(fresh);
        this.changed(fresh);
      }
      for (const gone of deleted) {
        const local = this.byId(gone.id);
        if (local && local.status === 'none') this.forget(local.key);
      }
    });
    return later;
  }

  /**
   * Put back an unsaved edit kept in the browser's storage over the fresh load: it wins
   * over the server's copy, which it was based on.
   */
  restore(saved: EditorElement): void {
    const local = saved.id !== null ? this.byId(saved.id) : undefined;
    if (saved.id !== null && !local && saved.status === 'delete') return;
    const restored: EditorElement = {
      ...saved,
      key: local?.key ?? saved.key,
      fid: local?.fid ?? this.nextFid++,
      conflict: undefined,
    };
    if (saved.status === 'restore' && local) {
      // Restored by someone else meanwhile: what is left is an edit of theirs.
      Object.assign(restored, { status: 'edit', version: local.version });
    } else if (saved.id !== null && !local && saved.status !== 'restore') {
      // Deleted on the server meanwhile: the edit comes back as a new element.
      Object.assign(restored, { id: null, version: null, status: 'create' });
    }
    this.insert(restored);
    this.changed(restored, restored.status === 'delete');
  }

  /** Keep the local change over a conflicting one: it will be sent with their version. */
  rebase(key: string, version: number): void {
    const current = this.byKey.get(key);
    if (current) this.byKey.set(key, { ...current, version, conflict: undefined });
  }

  /** Take the server's version of a conflicting element, dropping the local change. */
  acceptRemote(remote: MapElement): void {
    const local = this.byId(remote.id);
    const fresh = this.fromServer(remote, local?.key);
    if (local) fresh.fid = local.fid;
    this.insert(fresh);
    this.changed(fresh);
  }
}
