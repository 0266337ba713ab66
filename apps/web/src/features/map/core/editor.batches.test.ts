import { expect, it } from 'vitest';
import { MAX_BATCH } from '@integration/contracts';
import { Editor } from './editor.ts';
import { fakeServer, pole, settle } from './editor.fixtures.ts';
import { memoryPendingStore } from './pending-store.ts';

// The server takes at most MAX_BATCH items a request (one transaction must not hold the
// embedded database for long): a larger change goes in several requests, each whole.
it('deletes, and undoes the delete of, more elements than one request carries', async () => {
  const count = MAX_BATCH * 2 + 7;
  const server = fakeServer();
  const editor = new Editor({
    clusterId: 7,
    loadElements: async () =>
      Array.from({ length: count }, (_, i) => pole(i + 1, -1.28 + i * 1e-6)),
    loadTemplates: async () => [],
    gateway: server.gateway,
    pending: memoryPendingStore(),
    autosaveDelayMs: 5,
  });
  await editor.load();
  const allSaved = async () => {
    for (let waited = 0; editor.get().save.pending > 0 && waited < 200; waited++) await settle();
    expect(editor.get().save).toMatchObject({ state: 'saved', pending: 0 });
  };

  editor.remove([...editor.collection.all()].map((e) => e.key));
  await allSaved();
  const chunks = [`${MAX_BATCH}`, `${MAX_BATCH}`, '7'];
  expect(server.calls).toEqual(chunks.map((n) => `delete pole ${n}`));
  expect(new Set(server.deleted).size).toBe(count);

  editor.undo();
  await allSaved();
  expect(server.calls.slice(3)).toEqual(chunks.map((n) => `restore pole ${n}`));
  expect(new Set(server.restored).size).toBe(count);
}, 60_000);
