// `npm run bench realtime`: live edits (issue 19). 200 Socket.IO clients (in a child process,
// on loopback) have one cluster open; a small edit/multiple (10 poles) is saved ROUNDS times:
// p50/p99 of the time from the commit to every socket having elements:changed, on one
// instance and on two instances sharing Redis. Then what publishing adds to an edit/multiple
// of the largest batch of poles, beside the same call on an instance with publishing off, taking turns.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { MAX_BATCH } from '@integration/contracts';
import {
  noElementEvents,
  type ElementEvents,
} from '../apps/server/src/modules/realtime/element-events.ts';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import type { Figure } from './lib/report.ts';

const SOCKETS = Number(process.env.BENCH_REALTIME_SOCKETS ?? 200);
const ROUNDS = Number(process.env.BENCH_REALTIME_ROUNDS ?? 50);
const SMALL = 10;
const LARGE = MAX_BATCH;
const COST_RUNS = Number(process.env.BENCH_REALTIME_COST_RUNS ?? 7);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const nowMs = () => performance.timeOrigin + performance.now();
const here = path.dirname(fileURLToPath(import.meta.url));

/** The commit times the instances' element services report, in order. */
const commits: number[] = [];
const timed = (live: ElementEvents): ElementEvents => ({
  committed(commit) {
    commits.push(nowMs());
    live.committed(commit);
  },
});

/** An instance of the app over the bench database, its publishing wrapped by `events`. */
const startInstance = (
  bench: BenchDatabase,
  redisUrl: string | undefined,
  events: (live: ElementEvents) => ElementEvents,
) => startBenchServer(bench, { redisUrl }, { elementEvents: events });

/** The crowd's process, and a way to wait for its next message of a kind. */
function startCrowd() {
  const child: ChildProcess = fork(path.join(here, 'lib', 'socket-crowd.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message: Record<string, unknown>) => {
    if ('dropped' in message) console.log(`- (a socket was dropped: ${String(message.dropped)})`);
  });
  const next = <T>(key: string) =>
    new Promise<T>((resolve, reject) => {
      const listen = (message: Record<string, unknown>) => {
        if (message.error) reject(new Error(String(message.error)));
        else if (key in message) resolve(message as T);
        else return;
        child.off('message', listen);
      };
      child.on('message', listen);
    });
  return { child, next };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

let clusters = 0;
/** A cluster of its own with `count` poles; answers its id, its project and the poles' ids. */
async function clusterWithPoles(server: BenchServer, bench: BenchDatabase, count: number) {
  const row = await bench.db.one<{ id: number; projectId: number }>(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT id, ${`RT-BENCH-${count}-${++clusters}`} FROM central_offices WHERE name = 'CO Nairobi Central'
    RETURNING id, (SELECT project_id FROM central_offices WHERE name = 'CO Nairobi Central') AS "projectId"`);
  const clusterId = row?.id ?? 0;
  const data = Array.from({ length: count }, (_, i) => ({
    clusterId,
    coordinates: { lat: -1.29 + (i % 100) * 0.0001, lng: 36.81 + Math.floor(i / 100) * 0.0001 },
    attributes: { Height: 9 },
  }));
  const answer = await server.call(
    'POST',
    '/networkelements/pole/create/multiple',
    JSON.stringify({ data }),
  );
  const ids = (JSON.parse(answer) as { data: { id: number }[] }).data.map((e) => e.id);
  return { clusterId, projectId: row?.projectId ?? 0, ids };
}

/** ROUNDS small edits through `editAt`; per round, commit → last socket, and each delivery. */
async function deliveries(
  crowd: ReturnType<typeof startCrowd>,
  editAt: BenchServer,
  ids: number[],
): Promise<{ all: number[]; each: number[] }> {
  const all: number[] = [];
  const each: number[] = [];
  let short = 0;
  for (let round = 1; round <= ROUNDS + 2; round++) {
    const body = JSON.stringify({
      data: ids.map((id, i) => ({ id, name: `RT-${round}-${i}` })),
    });
    const arrived = crowd.next<{ round: number; arrivals: number[] }>('arrivals');
    crowd.child.send({ expect: round });
    const before = commits.length;
    await editAt.call('POST', '/networkelements/pole/edit/multiple?cause=route', body);
    // A round not complete within 10 s is taken as it stands (sockets dropped meanwhile).
    const giveUp = setTimeout(() => crowd.child.send({ flush: round }), 10_000);
    const { arrivals } = await arrived;
    clearTimeout(giveUp);
    if (arrivals.length < SOCKETS) short += SOCKETS - arrivals.length;
    const committedAt = commits[before] ?? NaN;
    // Two warm-up rounds.
    if (round <= 2) continue;
    all.push(Math.max(...arrivals) - committedAt);
    for (const at of arrivals) each.push(at - committedAt);
  }
  if (short) console.log(`- (${short} deliveries missing: sockets dropped or late)`);
  return { all, each };
}

/** An edit/multiple renaming all these poles, a new name each call. */
function renameAll(server: BenchServer, ids: number[]) {
  let n = 0;
  return () =>
    server.call(
      'POST',
      '/networkelements/pole/edit/multiple',
      JSON.stringify({ data: ids.map((id) => ({ id, name: `LARGE-${n++}` })) }),
    );
}

/**
 * What publishing adds to an edit/multiple of the largest batch of poles in the crowd's cluster (their refs
 * go to every socket), beside the same call on an instance with publishing off, taking turns.
 * Before each call the previous publish has reached every socket, so that its sending (in
 * this process) is not charged to the next call.
 */
async function publishingCost(
  kind: 'pglite' | 'postgres',
): Promise<{ figure: Figure; note: string }> {
  const bench = await benchDatabase(kind);
  const instances: BenchServer[] = [];
  const crowd = startCrowd();
  try {
    const live = await startInstance(bench, undefined, (events) => events);
    const off = await startInstance(bench, undefined, () => noElementEvents);
    instances.push(live, off);
    const token = live.token;
    const large = await clusterWithPoles(live, bench, LARGE);
    const connected = crowd.next<{ connected: number }>('connected');
    crowd.child.send({
      connect: {
        urls: [live.origin],
        count: SOCKETS,
        token,
        projectId: large.projectId,
        clusterId: large.clusterId,
      },
    });
    await connected;
    let published = 0;
    const settled = async () => {
      const done = crowd.next<{ large: number }>('large');
      crowd.child.send({ awaitLarge: published });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((resolve) => (timer = setTimeout(resolve, 60_000)));
      await Promise.race([done, late]);
      clearTimeout(timer);
    };
    const editLive = renameAll(live, large.ids);
    const editOff = renameAll(off, large.ids);
    const timesOn: number[] = [];
    const timesOff: number[] = [];
    const delivered: number[] = [];
    for (let run = 0; run <= COST_RUNS; run++) {
      await settled();
      let start = performance.now();
      await editOff();
      if (run > 0) timesOff.push(performance.now() - start);
      start = performance.now();
      await editLive();
      if (run > 0) timesOn.push(performance.now() - start);
      published += 1;
      await settled();
      if (run > 0) delivered.push(performance.now() - start);
    }
    const on = percentile(timesOn, 50);
    const without = percentile(timesOff, 50);
    return {
      figure: {
        name: `${bench.label}: edit/multiple of ${LARGE.toLocaleString('en')}, publishing to ${SOCKETS} sockets`,
        ours: on,
        reference: without,
        referenceName: 'the same call, publishing off',
        unit: 'ms',
        goal: 1.1,
      },
      note:
        `${bench.label}: edit/multiple of ${LARGE.toLocaleString('en')} (median of ${COST_RUNS}, taking turns) ${on.toFixed(0)} ms ` +
        `publishing, ${without.toFixed(0)} ms not; its ${LARGE.toLocaleString('en')} refs reached all ` +
        `${SOCKETS} sockets ${percentile(delivered, 50).toFixed(0)} ms after the call was sent.`,
    };
  } finally {
    crowd.child.send({ close: true });
    for (const instance of instances) await instance.app.close();
    await bench.dispose();
  }
}

/** Commit → every socket, for small edits, on one instance or on two sharing Redis. */
async function latency(bench: BenchDatabase, redis: boolean) {
  const instances: BenchServer[] = [];
  const crowd = startCrowd();
  try {
    const redisUrl = redis ? REDIS_URL : undefined;
    instances.push(await startInstance(bench, redisUrl, timed));
    if (redis) instances.push(await startInstance(bench, redisUrl, timed));
    const origins = instances.map((i) => i.origin);
    const editAt = instances[0] as BenchServer;
    const token = editAt.token;
    const small = await clusterWithPoles(editAt, bench, SMALL);
    const connected = crowd.next<{ connected: number }>('connected');
    // With two instances, half the sockets on each; every edit through the first.
    crowd.child.send({
      connect: {
        urls: origins,
        count: SOCKETS,
        token,
        projectId: small.projectId,
        clusterId: small.clusterId,
      },
    });
    await connected;
    return await deliveries(crowd, editAt, small.ids);
  } finally {
    crowd.child.send({ close: true });
    for (const instance of instances) await instance.app.close();
  }
}

export async function realtimeFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const notes: string[] = [`${SOCKETS} Socket.IO clients in a child process, on one cluster.`];
  const figures: Figure[] = [];
  const bench = await benchDatabase('pglite');
  let one: { all: number[]; each: number[] };
  let two: { all: number[]; each: number[] };
  try {
    one = await latency(bench, false);
    two = await latency(bench, true);
  } finally {
    await bench.dispose();
  }
  notes.push(
    `Commit → every one of ${SOCKETS} sockets has the event (${ROUNDS} edits of ${SMALL} poles, PGlite): ` +
      `one instance p50 ${percentile(one.all, 50).toFixed(1)} ms, p99 ${percentile(one.all, 99).toFixed(1)} ms; ` +
      `two instances with Redis p50 ${percentile(two.all, 50).toFixed(1)} ms, p99 ${percentile(two.all, 99).toFixed(1)} ms.`,
    `Per delivery (each socket, each edit): one instance p50 ${percentile(one.each, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(one.each, 99).toFixed(1)} ms; two instances p50 ${percentile(two.each, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(two.each, 99).toFixed(1)} ms.`,
  );
  figures.push(
    {
      name: `commit → all ${SOCKETS} sockets, p50 (two instances + Redis vs one)`,
      ours: percentile(two.all, 50),
      reference: percentile(one.all, 50),
      referenceName: 'one instance, p50',
      unit: 'ms',
    },
    {
      name: `commit → all ${SOCKETS} sockets, p99 (two instances + Redis vs one)`,
      ours: percentile(two.all, 99),
      reference: percentile(one.all, 99),
      referenceName: 'one instance, p99',
      unit: 'ms',
    },
  );
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  else notes.push('PostgreSQL with PostGIS not reachable: publishing cost on PGlite only.');
  for (const kind of kinds) {
    const { figure, note } = await publishingCost(kind);
    figures.push(figure);
    notes.push(note);
  }
  return { figures, notes };
}
