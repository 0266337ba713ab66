import { describe, expect, it } from 'vitest';
import { memoryOutboxStore, type QueuedScan } from './outbox-store.ts';
import { ScanOutbox, type OutboxGateway } from './scan-outbox.ts';

const scan = (id: string, photos = 0): QueuedScan => ({
  id,
  code: `POL0000${id}`,
  elementName: `Pole ${id}`,
  body: { elementId: Number(id), scannedAt: '2025-01-01T10:00:00.000Z' },
  photos: Array.from({ length: photos }, (_, i) => ({ id: `${id}-${i}`, blob: new Blob(['x']) })),
  scanSent: false,
  queuedAt: `2025-01-01T10:00:0${id}.000Z`,
  problem: null,
});

/** A server that answers as told: 'ok', a status, or 0 for no network. */
function server(answers: { scan?: number[]; photo?: number[] } = {}) {
  const calls: string[] = [];
  const answer = (list: number[] | undefined, call: string) => {
    calls.push(call);
    const status = list?.shift() ?? 200;
    if (status !== 200) throw { status, message: `refused ${status}` };
  };
  const gateway: OutboxGateway = {
    scan: async (code) => (answer(answers.scan, `scan ${code}`), { message: `saved ${code}` }),
    addPhoto: async (code) => answer(answers.photo, `photo ${code}`),
  };
  return { gateway, calls };
}

describe('ScanOutbox', () => {
  it('sends the scan, then its photos, and forgets it only then', async () => {
    const store = memoryOutboxStore();
    const { gateway, calls } = server();
    const outbox = new ScanOutbox(store, gateway);
    const sent: string[] = [];
    outbox.onSent((item, message) => sent.push(`${item.id}: ${message}`));
    await outbox.add(scan('1', 2));
    await outbox.flush();
    expect(calls).toEqual(['scan POL00001', 'photo POL00001', 'photo POL00001']);
    expect(sent).toEqual(['1: saved POL00001']);
    expect(store.data.size).toBe(0);
    expect(outbox.snapshot().waiting).toEqual([]);
  });

  it('keeps a scan made offline, and sends it once when the network returns', async () => {
    const store = memoryOutboxStore();
    const { gateway, calls } = server({ scan: [0, 503] });
    const outbox = new ScanOutbox(store, gateway);
    await outbox.add(scan('1', 1));
    await outbox.flush();
    expect(outbox.snapshot().waiting.map((i) => i.id)).toEqual(['1']);
    await outbox.flush();
    expect(store.data.get('1')?.scanSent).toBe(false);
    await outbox.flush();
    await outbox.flush();
    expect(calls).toEqual(['scan POL00001', 'scan POL00001', 'scan POL00001', 'photo POL00001']);
    expect(store.data.size).toBe(0);
  });

  it('never sends a scan twice when only its photo failed', async () => {
    const store = memoryOutboxStore();
    const { gateway, calls } = server({ photo: [0] });
    const outbox = new ScanOutbox(store, gateway);
    await outbox.add(scan('1', 1));
    await outbox.flush();
    expect(store.data.get('1')).toMatchObject({ scanSent: true, photos: [{ id: '1-0' }] });
    await outbox.flush();
    expect(calls).toEqual(['scan POL00001', 'photo POL00001', 'photo POL00001']);
    expect(store.data.size).toBe(0);
  });

  it('holds a refused scan for the user with the server message, and goes on with the next', async () => {
    const store = memoryOutboxStore();
    const { gateway } = server({ scan: [422] });
    const outbox = new ScanOutbox(store, gateway);
    await outbox.add(scan('1'));
    await outbox.flush();
    await outbox.add(scan('2'));
    await outbox.flush();
    const { waiting, attention } = outbox.snapshot();
    expect(waiting).toEqual([]);
    expect(attention.map((i) => [i.id, i.problem])).toEqual([
      ['1', { status: 422, message: 'refused 422' }],
    ]);
    // Not retried by itself; gone only when the user discards it.
    await outbox.flush();
    expect(store.data.has('1')).toBe(true);
    await outbox.discard('1');
    expect(store.data.size).toBe(0);
    expect(outbox.snapshot().attention).toEqual([]);
  });

  it('reloads what a previous page left in the store', async () => {
    const store = memoryOutboxStore();
    await store.put(scan('1'));
    await store.put({ ...scan('2'), problem: { status: 404, message: 'gone' } });
    const outbox = new ScanOutbox(store, server({ scan: [0] }).gateway);
    await outbox.load();
    expect(outbox.snapshot()).toMatchObject({ loaded: true });
    expect(outbox.snapshot().waiting.map((i) => i.id)).toEqual(['1']);
    expect(outbox.snapshot().attention.map((i) => i.id)).toEqual(['2']);
  });
});
