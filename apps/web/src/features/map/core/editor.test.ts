import { describe, expect, it, vi } from 'vitest';
import { Editor } from './editor.ts';
import { fakeServer, openEditor, pole, settle } from './editor.fixtures.ts';
import { memoryPendingStore } from './pending-store.ts';

describe('the map editor engine', () => {
  it('takes in a periodic sync, and skips one that brings the same answer again', async () => {
    let remote = [pole(1, -1.28), pole(2, -1.2801)];
    const editor = new Editor({
      clusterId: 7,
      loadElements: async () => remote,
      loadTemplates: async () => [],
      gateway: fakeServer().gateway,
      pending: memoryPendingStore(),
      autosaveDelayMs: 5,
    });
    await editor.load();
    const merge = vi.spyOn(editor.collection, 'mergeRemote');
    expect(await editor.sync()).toBe(true);
    expect(merge).not.toHaveBeenCalled();
    remote = [pole(1, -1.29, 2), pole(2, -1.2801)];
    expect(await editor.sync()).toBe(true);
    expect(merge).toHaveBeenCalledTimes(1);
    expect(editor.collection.get('e1')?.coordinates).toEqual({ lat: -1.29, lng: 36.82 });
  });

  it('saves a drawn marker after the quiet period and returns it to none', async () => {
    const { editor, server } = await openEditor();
    const key = editor.create('Pole', { lat: -1.281, lng: 36.821 });
    expect(editor.collection.get(key)?.status).toBe('create');
    await settle();
    expect(server.calls).toEqual(['create pole 1']);
    expect(editor.collection.get(key)).toMatchObject({ status: 'none', id: 100 });
    expect(editor.get().save).toMatchObject({ state: 'saved', pending: 0 });
  });

  it('sends two or more edits of a type as one multiple request', async () => {
    const { editor, server } = await openEditor();
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    editor.reshape('e2', { lat: -1.26, lng: 36.8 });
    await settle();
    expect(server.calls).toEqual(['update pole 2']);
  });

  it('keeps edits while the server is down, in storage, and sends them when it is back', async () => {
    const server = fakeServer();
    server.down = true;
    const { editor, pending } = await openEditor(server);
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    const key = editor.create('Pole', { lat: -1.281, lng: 36.821 });
    await settle();
    expect(editor.get().save.state).toBe('offline');
    await editor.persisted();
    expect(
      pending.data
        .get(7)
        ?.map((e) => e.status)
        .sort(),
    ).toEqual(['create', 'edit']);

    // A reload: a new editor restores the edits over the fresh load and saves them.
    editor.dispose();
    server.down = false;
    const { editor: reloaded } = await openEditor(server, pending);
    expect(reloaded.collection.get(key)?.status).toBe('create');
    expect(reloaded.collection.get('e1')?.coordinates).toEqual({ lat: -1.27, lng: 36.8 });
    await settle();
    expect(reloaded.collection.pending()).toEqual([]);
    await reloaded.persisted();
    expect(pending.data.get(7)).toEqual([]);
  });

  describe('a create whose answer was lost after the server made it', () => {
    async function lostCreate() {
      const server = fakeServer();
      const { editor } = await openEditor(server);
      server.losesAnswers = true;
      const key = editor.create('Pole', { lat: -1.281, lng: 36.821 });
      await settle();
      expect(editor.get().save.state).toBe('offline');
      server.losesAnswers = false;
      return { server, editor, key };
    }

    it('is sent again with its key, and settles on the element made, without a copy', async () => {
      const { server, editor, key } = await lostCreate();
      await editor.saveNow();
      expect(server.made.size).toBe(1);
      expect(editor.collection.get(key)).toMatchObject({ status: 'none', id: 100 });
      expect(server.updates).toEqual([]);
    });

    it('brings the element up to date with an edit when it changed meanwhile', async () => {
      const { server, editor, key } = await lostCreate();
      editor.reshape(key, { lat: -1.285, lng: 36.825 });
      await editor.saveNow();
      expect(server.made.size).toBe(1);
      expect(server.updates).toMatchObject([
        { id: 100, coordinates: { lat: -1.285, lng: 36.825 } },
      ]);
      expect(editor.collection.get(key)).toMatchObject({ status: 'none', id: 100 });
    });

    it('deletes it on the server when it is removed meanwhile', async () => {
      const { server, editor, key } = await lostCreate();
      editor.remove([key]);
      await editor.saveNow();
      expect(server.deleted).toEqual([100]);
      expect(editor.collection.get(key)).toBeUndefined();
      expect(editor.collection.pending()).toEqual([]);
    });
  });

  it('shows no conflict when an edit sent again finds itself saved by the first sending', async () => {
    const server = fakeServer();
    const { editor } = await openEditor(server);
    server.losesAnswers = true;
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    await settle();
    server.losesAnswers = false;
    await editor.saveNow();
    expect(server.calls).toEqual(['update pole 1', 'update pole 1']);
    expect(editor.get().conflicts).toEqual([]);
    expect(editor.collection.get('e1')).toMatchObject({ status: 'none', version: 2 });
  });

  it('undoes and redoes through the same path as autosave', async () => {
    const { editor } = await openEditor();
    editor.remove(['e1']);
    expect(editor.collection.get('e1')?.status).toBe('delete');
    editor.undo();
    expect(editor.collection.get('e1')?.status).toBe('edit');
    editor.redo();
    expect(editor.collection.get('e1')?.status).toBe('delete');
    await settle();
    expect(editor.collection.get('e1')).toBeUndefined();
  });

  it('never resolves a version conflict silently', async () => {
    const server = fakeServer();
    const { editor } = await openEditor(server);
    server.conflict = { ...pole(1, -1.2), name: 'Their name', version: 2 };
    editor.edit('e1', 'My name', editor.collection.get('e1')?.attributes ?? []);
    await settle();
    expect(editor.get().conflicts).toHaveLength(1);
    expect(editor.collection.get('e1')?.status).toBe('edit');
    server.conflict = null;
    const update = vi.spyOn(server.gateway, 'update');
    editor.resolveConflict('e1', 'mine');
    await settle();
    expect(update.mock.calls[0]?.[1][0]).toMatchObject({ id: 1, name: 'My name', version: 2 });
    expect(editor.collection.get('e1')?.status).toBe('none');
  });

  it('drops the edit of an element deleted elsewhere, tells the user, and saves the rest', async () => {
    const server = fakeServer();
    const onGone = vi.fn();
    const { editor } = await openEditor(server, memoryPendingStore(), { onGone });
    server.gone.add(2);
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    editor.reshape('e2', { lat: -1.26, lng: 36.8 });
    await settle();
    expect(onGone).toHaveBeenCalledWith([expect.objectContaining({ id: 2, name: 'POL-2' })]);
    expect(editor.collection.get('e2')).toBeUndefined();
    expect(editor.collection.get('e1')?.status).toBe('none');
    expect(server.calls).toEqual(['update pole 2', 'update pole 1']);

    // One edit alone answers 404: settled the same way, and never sent again.
    server.gone.add(1);
    editor.reshape('e1', { lat: -1.25, lng: 36.8 });
    await settle();
    await settle();
    expect(onGone).toHaveBeenCalledTimes(2);
    expect(editor.collection.get('e1')).toBeUndefined();
    expect(server.calls).toEqual(['update pole 2', 'update pole 1', 'update pole 1']);
    expect(editor.get().save.state).toBe('saved');
  });

  it('drops a gone element from a batch refused on another item too, and waits on that one', async () => {
    const server = fakeServer();
    const onGone = vi.fn();
    const onFailed = vi.fn();
    const { editor } = await openEditor(server, memoryPendingStore(), { onGone, onFailed });
    server.gone.add(2);
    server.refused.add(1);
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    editor.reshape('e2', { lat: -1.26, lng: 36.8 });
    await settle();
    await settle();
    expect(onGone).toHaveBeenCalledWith([expect.objectContaining({ id: 2 })]);
    expect(editor.collection.get('e2')).toBeUndefined();
    // Refused on its own account: marked, kept, and not sent again until it changes.
    expect(editor.collection.get('e1')).toMatchObject({ status: 'edit', problem: 'too big' });
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(server.calls).toEqual(['update pole 2']);
  });

  it('settles a delete of an element someone else deleted first, and deletes the rest', async () => {
    const server = fakeServer();
    const onGone = vi.fn();
    const { editor } = await openEditor(server, memoryPendingStore(), { onGone });
    server.gone.add(2);
    editor.remove(['e1', 'e2']);
    await settle();
    expect(server.calls).toEqual(['delete pole 2', 'delete pole 1']);
    expect(server.deleted).toEqual([1]);
    expect(editor.collection.get('e1')).toBeUndefined();
    expect(editor.collection.get('e2')).toBeUndefined();
    // What the user asked for happened: nothing to tell.
    expect(onGone).not.toHaveBeenCalled();
    expect(editor.get().save.state).toBe('saved');
  });

  it('snaps a dragged marker onto a marker within 15 m', async () => {
    const { editor } = await openEditor();
    // ~5.5 m north of pole 2.
    editor.finishDrag('e1', { lat: -1.28005, lng: 36.82 });
    expect(editor.collection.get('e1')?.coordinates).toEqual({ lat: -1.2801, lng: 36.82 });
    // ~110 m away: no snap.
    editor.finishDrag('e1', { lat: -1.279, lng: 36.82 });
    expect(editor.collection.get('e1')?.coordinates).toEqual({ lat: -1.279, lng: 36.82 });
  });

  it('undoes a saved delete as a restore of the same element, and redoes it as a delete', async () => {
    const { editor, server } = await openEditor();
    editor.remove(['e1', 'e2']);
    await settle();
    expect(editor.collection.get('e1')).toBeUndefined();
    editor.undo();
    // The same keys and ids come back: no element is created again under a new id.
    expect(editor.collection.get('e1')).toMatchObject({ id: 1, status: 'restore', version: 2 });
    await settle();
    expect(server.calls).toEqual(['delete pole 2', 'restore pole 2']);
    expect(server.restored.sort()).toEqual([1, 2]);
    expect(editor.collection.get('e1')).toMatchObject({ id: 1, status: 'none', version: 3 });
    editor.redo();
    await settle();
    expect(server.calls.at(-1)).toBe('delete pole 2');
    expect(editor.collection.get('e2')).toBeUndefined();
  });

  it('restores then edits an element deleted over a change never saved', async () => {
    const { editor, server } = await openEditor();
    editor.reshape('e1', { lat: -1.27, lng: 36.8 });
    editor.remove(['e1']);
    await settle();
    expect(server.calls).toEqual(['delete pole 1']);
    editor.undo();
    await settle();
    expect(server.calls).toEqual(['delete pole 1', 'restore pole 1', 'update pole 1']);
    expect(server.updates.at(-1)).toMatchObject({ id: 1, version: 3 });
    expect(editor.collection.get('e1')).toMatchObject({
      status: 'none',
      coordinates: { lat: -1.27, lng: 36.8 },
    });
  });

  it('keeps the id of a delete undone before it was saved, and of one undone while in flight', async () => {
    const { editor, server } = await openEditor();
    editor.remove(['e1']);
    editor.undo();
    expect(editor.collection.get('e1')).toMatchObject({ id: 1 });
    await settle();
    expect(server.calls).toEqual(['update pole 1']);
    editor.remove(['e2']);
    const flushing = editor.saveNow();
    editor.undo();
    await flushing;
    await settle();
    expect(server.calls.slice(1)).toEqual(['delete pole 1', 'restore pole 1']);
    expect(editor.collection.get('e2')).toMatchObject({ id: 2, status: 'none' });
  });

  it('deletes only once the user confirms, and a cancel leaves everything', async () => {
    const { editor, server } = await openEditor();
    editor.requestDelete(['e1', 'missing']);
    expect(editor.get().deleteRequest).toEqual({ keys: ['e1'], insideZone: false });
    expect(editor.collection.get('e1')?.status).toBe('none');
    editor.cancelDelete();
    expect(editor.get().deleteRequest).toBeNull();
    await settle();
    expect(server.calls).toEqual([]);
    editor.requestDelete(['e1', 'e2']);
    expect(editor.confirmDelete()).toEqual(['e1', 'e2']);
    expect(editor.collection.get('e1')?.status).toBe('delete');
  });

  it('never saves a vertex repeated right after itself', async () => {
    const { editor } = await openEditor();
    const a = { lat: -1.28, lng: 36.82 };
    const b = { lat: -1.281, lng: 36.821 };
    const cable = editor.create('Cable', [a, b, b, { ...b }]);
    expect(editor.collection.get(cable)?.coordinates).toEqual([a, b]);
    editor.reshape(cable, [a, a, b]);
    expect(editor.collection.get(cable)?.coordinates).toEqual([a, b]);
    // Nothing left of a line but one point: not a cable, not saved.
    expect(editor.collection.get(editor.create('Cable', [a, a]))).toBeUndefined();
    const c = { lat: -1.282, lng: 36.82 };
    const zone = editor.create('Zone', [a, b, c, a]);
    expect(editor.collection.get(zone)?.coordinates).toEqual([a, b, c]);
  });

  it('snaps under the switch and tolerance the user chose, zone corners only when asked', async () => {
    const saved: unknown[] = [];
    const editor = new Editor({
      clusterId: 7,
      loadElements: async () => [pole(1, -1.28), pole(2, -1.2801)],
      loadTemplates: async () => [],
      gateway: fakeServer().gateway,
      pending: memoryPendingStore(),
      snapSettings: {
        load: () => ({ on: true, toleranceM: 15, zones: false }),
        save: (s) => saved.push(s),
      },
    });
    await editor.load();
    const near = { lat: -1.28005, lng: 36.82 }; // ~5.5 m from both poles
    expect(editor.snapTarget(near, 'line')?.key).toBeDefined();
    expect(editor.snapTarget(near, 'zone')).toBeNull();
    editor.setSnapping({ toleranceM: 5 });
    expect(editor.snapTarget(near, 'line')).toBeNull();
    editor.setSnapping({ toleranceM: 15, on: false });
    expect(editor.snapTarget(near, 'marker')).toBeNull();
    editor.finishDrag('e1', near);
    expect(editor.collection.get('e1')?.coordinates).toEqual(near);
    editor.setSnapping({ on: true, zones: true });
    expect(editor.snapTarget(near, 'zone')).not.toBeNull();
    expect(saved.at(-1)).toEqual({ on: true, toleranceM: 15, zones: true });
  });
});
