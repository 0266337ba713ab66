import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database.ts';

/** What the live parts of the server report when scraped (real time: issue 19, sockets). */
export interface LiveCounts {
  /** Socket.IO connections open on this instance. */
  sockets: number;
  /** Of those, the ones sharing their user's position (live location). */
  locationSessions: number;
}

/** A route label for requests that matched no route (404s, the web app's client-side paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * GIS file jobs: the import and export routes run a whole conversion in their request, so the
 * jobs in flight are these requests in flight.
 */
const FILE_JOB_ROUTES: Record<string, 'import' | 'export'> = {
  '/api/file-format/import': 'import',
  '/api/file-format/export': 'export',
  '/api/file-format/geoJSONToSHP': 'export',
};

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

let processRegistry: Registry | undefined;

/**
 * CPU, memory, GC, handles and event-loop lag: one set per process however many apps it builds
 * (the tests build hundreds; each set would keep its own event-loop monitor running).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type AppMetrics = ReturnType<typeof createMetrics>;

/**
 * The metrics of one app (GET /api/metrics, Prometheus text format). Route labels are route
 * patterns (`/api/clusters/:id`), never raw URLs, so ids do not multiply the series.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const httpLabels = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: httpLabels,
    registers,
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of its answer, by method, route pattern and status code.',
    labelNames: httpLabels,
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });
  const fileJobs = new Gauge({
    name: 'file_jobs_in_flight',
    help: 'GIS file imports and exports running now on this instance.',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const kind of ['import', 'export']) fileJobs.set({ kind }, 0);
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database statement, waiting for a connection included.',
    buckets: QUERY_BUCKETS,
    registers,
  });
  const transactions = new Histogram({
    name: 'db_transaction_duration_seconds',
    help: 'Time of each database transaction, from BEGIN to COMMIT or ROLLBACK.',
    buckets: QUERY_BUCKETS,
    registers,
  });

  let live: () => LiveCounts = () => ({ sockets: 0, locationSessions: 0 });
  new Gauge({
    name: 'realtime_sockets',
    help: 'Socket.IO connections open on this instance.',
    registers,
    collect() {
      this.set(live().sockets);
    },
  });
  new Gauge({
    name: 'live_location_sessions',
    help: 'Sockets on this instance sharing their user position (live location).',
    registers,
    collect() {
      this.set(live().locationSessions);
    },
  });

  let pool: (() => PoolStats) | undefined;
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of this instance by state (open, idle, waiting for one, max).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = pool?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
        this.set({ state }, stats[state]);
      }
    },
  });

  const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

  return {
    queries,
    transactions,
    /** Where the pool's state comes from (PostgreSQL only), read at each scrape. */
    watchPool(stats: (() => PoolStats) | undefined): void {
      pool = stats;
    },
    /** Where the socket counts come from, read at each scrape. */
    watchLive(counts: () => LiveCounts): void {
      live = counts;
    },
    /** Counts and times every request of the app (API, web app files, 404s). */
    register(app: FastifyInstance): void {
      app.addHook('onRequest', async (request, reply) => {
        const route = routeOf(request);
        const job = FILE_JOB_ROUTES[route];
        inFlight.inc({ route });
        if (job) fileJobs.inc({ kind: job });
        // 'close' comes once, whether the answer was sent or the client went away.
        reply.raw.once('close', () => {
          inFlight.dec({ route });
          if (job) fileJobs.dec({ kind: job });
        });
      });
      app.addHook('onResponse', async (request, reply) => {
        const labels = {
          method: request.method,
          route: routeOf(request),
          status_code: String(reply.statusCode),
        };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
    },
    contentType: registry.contentType,
    /** The exposition text: this app's metrics and the process's. */
    text: () => Registry.merge([processMetrics(), registry]).metrics(),
  };
}
