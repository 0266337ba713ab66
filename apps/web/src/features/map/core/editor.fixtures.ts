import type { MapElement, UpdateElementBody } from '@integration/contracts';
import { Editor, type EditorDeps } from './editor.ts';
import { memoryPendingStore } from './pending-store.ts';
import type { SaveGateway } from './save-gateway.ts';

/** Test support for the editor engine's tests: a pole, a server in memory, an open editor. */

export const pole = (id: number, lat: number, version = 1): MapElement => ({
  id,
  name: `POL-${id}`,
  version,
  coordinates: { lat, lng: 36.82 },
  attributes: [{ name: 'Name', value: `POL-${id}`, inputType: 'text', attribute_name: 'name' }],
  updatedById: 1,
  createdById: 1,
  networkElementId: 3,
  networkElement: { id: 3, type: 'Pole', name: 'Pole' },
  templateId: 3,
  clusterId: 7,
  geometry: { url: '/api/icons/pole.svg?width=30', iconSize: 30 },
  zone: null,
  createdAt: '',
  updatedAt: '',
});

/**
 * A server in memory that can be switched off, answer a conflict, or lose its answers after
 * writing (a timeout). Like the real one, a create with a client key it has seen answers
 * the element it made then.
 */
export function fakeServer() {
  let nextId = 100;
  const calls: string[] = [];
  const made = new Map<string, { id: number; version: number; name: string }>();
  const savedEdits = new Map<number, MapElement>();
  const server = {
    calls,
    made,
    down: false,
    losesAnswers: false,
    conflict: null as MapElement | null,
    /** Ids deleted by someone else: an edit of one is refused as the real server does. */
    gone: new Set<number>(),
    /** Ids whose edit is refused on its own account (an attribute out of its range). */
    refused: new Set<number>(),
    updates: [] as UpdateElementBody[],
    deleted: [] as number[],
    restored: [] as number[],
    gateway: {
      async create(segment, items) {
        calls.push(`create ${segment} ${items.length}`);
        if (server.down) throw { status: 0, message: 'network' };
        const acks = items.map((item) => {
          const before = item.clientKey && made.get(item.clientKey);
          if (before) return before;
          const ack = { id: nextId++, version: 1, name: `NEW-${nextId}` };
          if (item.clientKey) made.set(item.clientKey, ack);
          return ack;
        });
        if (server.losesAnswers) throw { status: 0, message: 'timeout' };
        return acks;
      },
      async update(segment, items) {
        calls.push(`update ${segment} ${items.length}`);
        server.updates.push(...items);
        if (server.down) throw { status: 0, message: 'network' };
        if (server.conflict)
          throw { status: 409, message: 'stale', details: { current: [server.conflict] } };
        // Like the server, every problem of the batch at once.
        const details = items.flatMap((i, index) =>
          server.refused.has(i.id) ? [{ index, field: 'attributes', message: 'too big' }] : [],
        );
        refuseGone(
          items.map((i) => i.id),
          details,
        );
        const stale = items.flatMap((i) => {
          const saved = savedEdits.get(i.id);
          return saved && saved.version > (i.version ?? 1) ? [saved] : [];
        });
        if (stale.length) throw { status: 409, message: 'stale', details: { current: stale } };
        const acks = items.map((i) => ({ id: i.id, version: (i.version ?? 1) + 1 }));
        if (server.losesAnswers) {
          for (const i of items) {
            const saved = pole(i.id, 0, (i.version ?? 1) + 1);
            const coordinates = i.coordinates ?? saved.coordinates;
            savedEdits.set(i.id, { ...saved, name: i.name ?? saved.name, coordinates });
          }
          throw { status: 0, message: 'timeout' };
        }
        return acks;
      },
      async remove(segment, ids) {
        calls.push(`delete ${segment} ${ids.length}`);
        if (server.down) throw { status: 0, message: 'network' };
        refuseGone(ids);
        server.deleted.push(...ids);
      },
      async restore(segment, ids) {
        calls.push(`restore ${segment} ${ids.length}`);
        if (server.down) throw { status: 0, message: 'network' };
        server.restored.push(...ids);
        // The delete gave version 2; the restore gives 3.
        return ids.map((id) => ({ id, version: 3 }));
      },
    } satisfies SaveGateway,
  };
  /** As the server answers ids it no longer has: 404 for one, 400 naming each in a batch. */
  function refuseGone(ids: number[], others: { index: number }[] = []) {
    const gone = ids.flatMap((id, index) => (server.gone.has(id) ? [index] : []));
    if (gone.length && ids.length === 1) throw { status: 404, message: 'not found' };
    const details = [
      ...gone.map((index) => ({ index, field: 'id', message: 'not found' })),
      ...others,
    ];
    if (details.length) throw { status: 400, message: 'invalid', details };
  }
  return server;
}

export async function openEditor(
  server = fakeServer(),
  pending = memoryPendingStore(),
  events: EditorDeps['events'] = {},
) {
  const editor = new Editor({
    clusterId: 7,
    loadElements: async () => [pole(1, -1.28), pole(2, -1.2801)],
    loadTemplates: async () => [],
    gateway: server.gateway,
    pending,
    autosaveDelayMs: 5,
    events,
  });
  await editor.load();
  return { editor, server, pending };
}

export const settle = () => new Promise((r) => setTimeout(r, 30));
