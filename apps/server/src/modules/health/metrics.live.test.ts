import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeAck } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';
import { closeSockets, connect, listeningApp } from '../realtime/realtime.fixtures.ts';

let t: TestApp;
let url: string;
let tokens: Awaited<ReturnType<typeof listeningApp>>['tokens'];
beforeAll(async () => {
  ({ t, url, tokens } = await listeningApp());
});
afterAll(async () => {
  closeSockets();
  await t.close();
});

const gauge = async (name: string) => {
  const text = (await t.app.inject({ url: '/api/metrics', headers: bearer(tokens.admin) })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? null : Number(line.split(' ')[1]);
};

describe('GET /api/metrics, live parts', () => {
  it('counts the open sockets and those sharing a live location', async () => {
    expect(await gauge('realtime_sockets')).toBe(0);
    const planner = await connect(url, tokens.planner);
    const field = await connect(url, tokens.field);
    expect(await gauge('realtime_sockets')).toBe(2);
    expect(await gauge('live_location_sessions')).toBe(0);

    const projectId = await idByName(t.db, 'projects', 'Nairobi CBD');
    const shared = (await field.socket.timeout(5000).emitWithAck('location:share', {
      projectId,
      lat: -1.2833,
      lng: 36.8172,
      accuracy: 8,
    })) as RealtimeAck;
    expect(shared).toEqual({ status: true });
    expect(await gauge('live_location_sessions')).toBe(1);

    planner.socket.disconnect();
    field.socket.disconnect();
    await expect.poll(() => gauge('realtime_sockets')).toBe(0);
    expect(await gauge('live_location_sessions')).toBe(0);
  });
});
