import { describe, expect, it } from 'vitest';
import type { ElementsChangedPayload, MapElement } from '@integration/contracts';
import { Editor } from '../map/core/editor.ts';
import { pole as editorPole } from '../map/core/editor.fixtures.ts';
import { memoryPendingStore } from '../map/core/pending-store.ts';
import type { SaveGateway } from '../map/core/save-gateway.ts';
import { startLiveEdits, type LiveSource } from './live-edits.ts';

/** A pole as the editor's tests make it, last changed by someone else (user 2). */
const pole = (id: number, lat: number, version = 1): MapElement => ({
  ...editorPole(id, lat, version),
  updatedById: 2,
  createdById: 2,
});

/** A socket in memory: the test plays the server's events. */
function fakeSource() {
  const handlers = new Map<string, (p: unknown) => void>();
  let connect: (again: boolean) => void = () => undefined;
  const source: LiveSource = {
    on(event, handler) {
      handlers.set(event, handler);
      return () => handlers.delete(event);
    },
    onConnect(handler) {
      connect = handler;
      return () => undefined;
    },
  };
  const change = (p: Partial<ElementsChangedPayload>) =>
    handlers.get('elements:changed')?.({
      projectId: 1,
      clusterId: 7,
      by: { id: 2, name: 'Amina' },
      at: '',
      cause: 'update',
      elements: [],
      changed: [],
      deleted: [],
      ...p,
    });
  return { source, change, reconnect: () => connect(true) };
}

async function setUp(remote: { list: MapElement[] }, gateway: Partial<SaveGateway> = {}) {
  const editor = new Editor({
    clusterId: 7,
    loadElements: async () => remote.list,
    loadTemplates: async () => [],
    gateway: {
      create: async (_s, items) => items.map((_, i) => ({ id: 200 + i, version: 1, name: 'N' })),
      update: async (_s, items) => items.map((i) => ({ id: i.id, version: (i.version ?? 1) + 1 })),
      remove: async () => undefined,
      restore: async () => [],
      ...gateway,
    },
    pending: memoryPendingStore(),
    autosaveDelayMs: 5,
  });
  await editor.load();
  const fake = fakeSource();
  const stop = startLiveEdits(editor, fake.source);
  return { editor, ...fake, stop };
}

const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

describe('live edits', () => {
  it("takes in others' creates, changes and deletes, outside the undo history", async () => {
    const { editor, change } = await setUp({ list: [pole(1, -1.28), pole(2, -1.29)] });
    change({ elements: [pole(3, -1.3), pole(1, -1.281, 2)], deleted: [{ id: 2, version: 1 }] });
    expect(editor.collection.byId(3)?.status).toBe('none');
    expect(editor.collection.byId(1)?.coordinates).toEqual({ lat: -1.281, lng: 36.82 });
    expect(editor.collection.byId(2)).toBeUndefined();
    expect(editor.get().canUndo).toBe(false);
  });

  it('ignores another cluster, and versions already known (our own echoes)', async () => {
    const { editor, change } = await setUp({ list: [pole(1, -1.28, 3)] });
    change({ clusterId: 8, elements: [pole(9, -1.3)] });
    change({ elements: [pole(1, -1.5, 3), pole(1, -1.6, 2)] });
    expect(editor.collection.byId(9)).toBeUndefined();
    expect(editor.collection.byId(1)?.coordinates).toEqual({ lat: -1.28, lng: 36.82 });
  });

  it('leaves an element with an unsaved edit alone, changed or deleted', async () => {
    const { editor, change } = await setUp(
      { list: [pole(1, -1.28), pole(2, -1.29)] },
      // Offline: the edits stay unsaved.
      { update: () => Promise.reject({ status: 0, message: 'offline' }) },
    );
    editor.reshape('e1', { lat: -1.2, lng: 36.8 });
    editor.reshape('e2', { lat: -1.21, lng: 36.8 });
    change({ elements: [pole(1, -1.5, 2)], deleted: [{ id: 2, version: 1 }] });
    expect(editor.collection.byId(1)).toMatchObject({ status: 'edit', version: 1 });
    expect(editor.collection.byId(1)?.coordinates).toEqual({ lat: -1.2, lng: 36.8 });
    expect(editor.collection.byId(2)?.status).toBe('edit');
  });

  it('waits for our creates in flight before taking an unknown element (maybe their echo)', async () => {
    let answer: (acks: { id: number; version: number; name: string }[]) => void = () => undefined;
    const { editor, change } = await setUp(
      { list: [] },
      { create: () => new Promise((resolve) => (answer = resolve)) },
    );
    const key = editor.create('Pole', { lat: -1.28, lng: 36.82 });
    await tick();
    // The echo of our own create arrives before the answer to it.
    change({ cause: 'create', elements: [pole(200, -1.28)] });
    expect([...editor.collection.all()]).toHaveLength(1);
    answer([{ id: 200, version: 1, name: 'POL-200' }]);
    await tick();
    expect([...editor.collection.all()].map((e) => e.key)).toEqual([key]);
  });

  it('syncs at once after a large change or a reconnection', async () => {
    const remote = { list: [pole(1, -1.28)] };
    const { editor, change, reconnect } = await setUp(remote);
    remote.list = [pole(1, -1.28), pole(5, -1.3)];
    change({ cause: 'import', changed: [{ id: 5, version: 1 }] });
    await tick();
    expect(editor.collection.byId(5)).toBeDefined();
    remote.list = [pole(1, -1.28)];
    reconnect();
    await tick();
    expect(editor.collection.byId(5)).toBeUndefined();
  });
});
