import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { EditorElement } from './editor-element.ts';

/** Where unsaved edits wait, so a reload or a crash loses none of them (SPEC §4, DESIGN §7). */
export interface PendingStore {
  load(clusterId: number): Promise<EditorElement[]>;
  save(clusterId: number, pending: EditorElement[]): Promise<void>;
}

const keyOf = (clusterId: number) => `pending-edits:${clusterId}`;

/** IndexedDB in the browser; local storage where IndexedDB is missing. */
export function browserPendingStore(): PendingStore {
  let db: UseStore | null = null;
  try {
    if (typeof indexedDB !== 'undefined') db = createStore('integration-map', 'pending');
  } catch {
    db = null;
  }
  if (!db) {
    return {
      async load(clusterId) {
        const raw = localStorage.getItem(`integration.${keyOf(clusterId)}`);
        return raw ? (JSON.parse(raw) as EditorElement[]) : [];
      },
      async save(clusterId, pending) {
        const key = `integration.${keyOf(clusterId)}`;
        if (pending.length) localStorage.setItem(key, JSON.stringify(pending));
        else localStorage.removeItem(key);
      },
    };
  }
  const store = db;
  return {
    async load(clusterId) {
      return (await get<EditorElement[]>(keyOf(clusterId), store)) ?? [];
    },
    async save(clusterId, pending) {
      if (pending.length) await set(keyOf(clusterId), pending, store);
      else await del(keyOf(clusterId), store);
    },
  };
}

/** For tests: kept in memory. */
export function memoryPendingStore(): PendingStore & { data: Map<number, EditorElement[]> } {
  const data = new Map<number, EditorElement[]>();
  return {
    data,
    async load(clusterId) {
      return structuredClone(data.get(clusterId) ?? []);
    },
    async save(clusterId, pending) {
      data.set(clusterId, structuredClone(pending));
    },
  };
}
