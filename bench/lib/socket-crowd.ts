// A crowd of Socket.IO clients in a process of its own (so that their work does not weigh on
// the server's timings), for `npm run bench realtime`. Driven over IPC:
//   → { connect: { urls, count, token, projectId, clusterId } }  ← { connected: n }
//   → { expect: round }   ← { round, arrivals: number[] }  (epoch ms, one per connected socket)
//   → { flush: round }    ← { round, arrivals }  (what arrived so far: a round given up on)
//   → { awaitLarge: n }  ← { large: n }  (once every socket has had n events by reference)
//   → { close: true }
// A round's edit names its elements `RT-{round}-…`: a socket's arrival for a round is the
// first elements:changed naming it.
import { io, type Socket } from 'socket.io-client';

interface ConnectOrder {
  urls: string[];
  count: number;
  token: string;
  projectId: number;
  clusterId: number;
}

interface ChangedPayload {
  elements?: { name?: string }[];
  changed?: unknown[];
}

const nowMs = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
/** Per round, the arrival time per socket. */
const arrivals = new Map<number, Map<number, number>>();
let expected: number | undefined;
/** Per socket, how many events by reference (a large write) it received. */
const large: number[] = [];
let awaitedLarge: number | undefined;

function reportLarge() {
  if (awaitedLarge === undefined || large.length < sockets.length) return;
  if (sockets.some((s, k) => s.connected && (large[k] ?? 0) < (awaitedLarge as number))) return;
  send({ large: awaitedLarge });
  awaitedLarge = undefined;
}

const send = (message: unknown) => process.send?.(message);

function roundOf(payload: ChangedPayload): number | undefined {
  const match = /^RT-(\d+)-/.exec(payload.elements?.[0]?.name ?? '');
  return match ? Number(match[1]) : undefined;
}

/** Sockets still connected: one the server dropped (a missed ping on a busy machine) is not waited for. */
const live = () => sockets.filter((s) => s.connected).length;

function reportIfComplete(round: number, force = false) {
  const got = arrivals.get(round) ?? new Map<number, number>();
  if (expected !== round || (!force && got.size < live())) return;
  expected = undefined;
  send({ round, arrivals: [...got.values()] });
  arrivals.delete(round);
}

async function connectAll(order: ConnectOrder) {
  await Promise.all(
    Array.from({ length: order.count }, async (_, k) => {
      const url = order.urls[k % order.urls.length] as string;
      const socket = io(url, {
        path: '/api/ws',
        auth: { token: order.token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      large[k] = 0;
      socket.on('elements:changed', (payload: ChangedPayload) => {
        const at = nowMs();
        if (payload.changed?.length) {
          large[k] = (large[k] ?? 0) + 1;
          reportLarge();
          return;
        }
        const round = roundOf(payload);
        if (round === undefined) return;
        const got = arrivals.get(round) ?? new Map<number, number>();
        if (!got.has(k)) got.set(k, at);
        arrivals.set(round, got);
        reportIfComplete(round);
      });
      socket.on('disconnect', (reason) => {
        if (reason === 'io client disconnect' || reason === 'io server disconnect') return;
        send({ dropped: reason });
        if (expected !== undefined) reportIfComplete(expected);
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const answer = (await socket.timeout(10_000).emitWithAck('presence:set', {
        projectId: order.projectId,
        clusterId: order.clusterId,
      })) as {
        status: boolean;
      };
      if (!answer.status) throw new Error('presence:set refused');
    }),
  );
  send({ connected: sockets.length });
}

interface Order {
  connect?: ConnectOrder;
  expect?: number;
  flush?: number;
  awaitLarge?: number;
  close?: boolean;
}

process.on('message', (message: Order) => {
  if (message.awaitLarge !== undefined) {
    awaitedLarge = message.awaitLarge;
    reportLarge();
  } else if (message.connect) {
    connectAll(message.connect).catch((error: unknown) => send({ error: String(error) }));
  } else if (message.flush !== undefined) {
    reportIfComplete(message.flush, true);
  } else if (message.expect !== undefined) {
    expected = message.expect;
    reportIfComplete(message.expect);
  } else if (message.close) {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});
