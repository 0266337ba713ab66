import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { ElementsChangedPayload, MapElement } from '@integration/contracts';
import { socketElementEvents, type ElementCommit } from './element-events.ts';

const by = { id: 3, name: 'Grace Wanjiku' };
const element = (id: number, clusterId: number) =>
  ({ id, version: 2, clusterId }) as unknown as MapElement;

function harness(load: (ids: number[]) => Promise<MapElement[]>) {
  const sent: { room: string; payload: ElementsChangedPayload }[] = [];
  const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
  const events = socketElementEvents({
    emit: (room, _event, payload) =>
      sent.push({ room, payload: payload as ElementsChangedPayload }),
    load,
    log,
  });
  return { events, sent, log };
}

const commit = (over: Partial<ElementCommit>): ElementCommit => ({
  cause: 'update',
  by,
  at: '2026-01-01T00:00:00.000Z',
  changed: [],
  deleted: [],
  ...over,
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('socketElementEvents', () => {
  it('sends one event per cluster, elements whole, deletes by reference', async () => {
    const { events, sent } = harness(async (ids) => ids.map((id) => element(id, id < 10 ? 1 : 2)));
    events.committed(
      commit({
        changed: [
          { id: 1, version: 2, clusterId: 1, projectId: 5 },
          { id: 11, version: 2, clusterId: 2, projectId: 5 },
        ],
        deleted: [{ id: 12, version: 4, clusterId: 2, projectId: 5 }],
      }),
    );
    await flush();
    expect(sent.map((s) => s.room)).toEqual(['cluster:1', 'cluster:2']);
    expect(sent[1]?.payload).toMatchObject({
      clusterId: 2,
      projectId: 5,
      cause: 'update',
      by,
      changed: [],
      deleted: [{ id: 12, version: 4 }],
    });
    expect(sent[1]?.payload.elements.map((e) => e.id)).toEqual([11]);
  });

  it('falls back to references when the read fails, and never throws to the writer', async () => {
    const { events, sent, log } = harness(() => Promise.reject(new Error('database gone')));
    expect(() =>
      events.committed(commit({ changed: [{ id: 1, version: 2, clusterId: 1, projectId: 5 }] })),
    ).not.toThrow();
    await flush();
    expect(sent[0]?.payload).toMatchObject({ elements: [], changed: [{ id: 1, version: 2 }] });
    expect(log.warn).toHaveBeenCalled();
  });

  it('logs an emit that throws, and publishes the next commit', async () => {
    const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    let calls = 0;
    const events = socketElementEvents({
      emit: () => {
        calls += 1;
        if (calls === 1) throw new Error('adapter down');
      },
      load: async () => [],
      log,
    });
    const deleted = [{ id: 1, version: 2, clusterId: 1, projectId: 5 }];
    events.committed(commit({ cause: 'delete', deleted }));
    events.committed(commit({ cause: 'delete', deleted }));
    await flush();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
  });

  it('leaves out an element deleted between the commit and the read', async () => {
    const { events, sent } = harness(async () => []);
    events.committed(commit({ changed: [{ id: 1, version: 2, clusterId: 1, projectId: 5 }] }));
    await flush();
    expect(sent).toEqual([]);
  });
});
