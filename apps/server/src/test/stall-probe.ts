import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What a second client saw of `/api/health` while the work ran. */
export interface StallReport {
  probes: number;
  /** The slowest answer, in milliseconds (a probe still unanswered at the end counts as its wait). */
  worstMs: number;
  /** Probes answered later than a second, or not at all. */
  overOneSecond: number;
}

/*
 * The probing client runs in its own process: probing from the test's own event loop would not
 * see a stall, since its timers would wait out the same blocked loop as the server.
 */
const PROBE_SCRIPT = `
const url = process.argv[1];
const latencies = [];
const pending = new Set();
const probe = () => {
  const started = performance.now();
  const entry = { started };
  pending.add(entry);
  fetch(url, { signal: AbortSignal.timeout(60000) })
    .then((r) => r.arrayBuffer())
    .catch(() => {})
    .finally(() => { pending.delete(entry); latencies.push(performance.now() - started); });
};
const timer = setInterval(probe, 100);
probe();
process.send('ready');
process.on('message', () => {
  clearInterval(timer);
  const now = performance.now();
  const waiting = [...pending].map((p) => now - p.started);
  process.send({ latencies, waiting }, () => process.exit(0));
});
`;

/** The URL of the app's health route, starting it on a loopback port if it does not listen yet. */
async function healthUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}/api/health`;
}

/**
 * Runs `work` while another process asks `/api/health` every 100 ms: the goal of the
 * hardening issues is that no request of one user keeps another's answer over a second.
 */
export async function whileProbingHealth<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<{ result: T; report: StallReport }> {
  const url = await healthUrl(app);
  const child = spawn(process.execPath, ['-e', PROBE_SCRIPT, url], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`health probe exited early (${code})`)));
  });
  // A short settle so that the first probes show the quiet server's own answer time.
  await new Promise((resolve) => setTimeout(resolve, 200));
  let result: T;
  try {
    result = await work();
  } finally {
    // Give the probe in flight when the work ended its chance to answer.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const seen = await new Promise<{ latencies: number[]; waiting: number[] }>((resolve, reject) => {
    child.once('message', (message) =>
      resolve(message as { latencies: number[]; waiting: number[] }),
    );
    child.once('exit', (code) => reject(new Error(`health probe exited early (${code})`)));
    child.send('stop');
  });
  const all = [...seen.latencies, ...seen.waiting];
  return {
    result,
    report: {
      probes: all.length,
      worstMs: Math.round(Math.max(0, ...all)),
      overOneSecond: all.filter((ms) => ms > 1000).length,
    },
  };
}
