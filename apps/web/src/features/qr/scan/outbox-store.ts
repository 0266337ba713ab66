import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { ScanTagBody } from '@integration/contracts';

/** A photo taken with a scan, kept as the image's own bytes until the server has it. */
export interface QueuedPhoto {
  id: string;
  blob: Blob;
}

/** A confirmed scan waiting in the browser until the server has answered 200 for it. */
export interface QueuedScan {
  id: string;
  code: string;
  /** For the user's eyes while it waits. */
  elementName: string;
  /** Carries the time the scan was confirmed (`scannedAt`), however late it is sent. */
  body: ScanTagBody;
  /** Photos not sent yet; sent only after the scan itself succeeded. */
  photos: QueuedPhoto[];
  scanSent: boolean;
  queuedAt: string;
  /** The server refused it (4xx): it waits for the user, never dropped silently. */
  problem: { status: number; message: string } | null;
}

/** Where queued scans live: IndexedDB, so a reload or a dead battery loses none. */
export interface OutboxStore {
  all(): Promise<QueuedScan[]>;
  put(item: QueuedScan): Promise<void>;
  remove(id: string): Promise<void>;
}

/** IndexedDB in the browser (as the map keeps unsaved edits); memory where it is missing. */
export function browserOutboxStore(): OutboxStore {
  let db: UseStore | null = null;
  try {
    if (typeof indexedDB !== 'undefined') db = createStore('integration-scan', 'outbox');
  } catch {
    db = null;
  }
  // Note: local storage cannot hold the photos' Blobs; without IndexedDB the queue lives as
  // long as the page does, which is still better than refusing an offline scan.
  if (!db) return memoryOutboxStore();
  const store = db;
  return {
    all: async () =>
      (await values<QueuedScan>(store)).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    put: (item) => set(item.id, item, store),
    remove: (id) => del(id, store),
  };
}

/** For tests, and browsers without IndexedDB. */
export function memoryOutboxStore(): OutboxStore & { data: Map<string, QueuedScan> } {
  const data = new Map<string, QueuedScan>();
  return {
    data,
    all: async () => [...data.values()].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt)),
    put: async (item) => void data.set(item.id, item),
    remove: async (id) => void data.delete(id),
  };
}

/** An id that needs no secure context (crypto.randomUUID does: field servers may be http). */
export const queueId = () =>
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
