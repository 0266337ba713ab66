import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

const METRICS_TOKEN = 'scraper-secret-0123456789';

let t: TestApp;
let admin: string;
let planner: string;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN });
  admin = await t.login('admin@example.com', 'admin1234');
  planner = await t.login('planner@example.com', 'planner1234');
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/metrics', headers });

/** The value of one sample line of the exposition text, e.g. `http_requests_total{…}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) {
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return null;
}

describe('GET /api/metrics', () => {
  it('counts requests by route pattern and status, for an admin, in Prometheus text', async () => {
    const user = await t.app.inject({
      url: '/api/integration/reports/user/987654',
      headers: bearer(admin),
    });
    expect(user.statusCode).toBeLessThan(500);
    const response = await scrape(bearer(admin));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    // The route's pattern, never the URL: ids do not make new series.
    expect(
      sample(text, 'http_requests_total', {
        method: 'GET',
        route: '/api/integration/reports/user/:userId',
        status_code: String(user.statusCode),
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654');
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/integration/reports/user/:userId',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_requests_total', { route: '/api/auth/login', status_code: '200' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('times database statements, and reports sockets, live locations, file jobs and the process', async () => {
    const text = (await scrape(bearer(admin))).body;
    expect(sample(text, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'db_transaction_duration_seconds_count')).not.toBeNull();
    expect(sample(text, 'realtime_sockets')).toBe(0);
    expect(sample(text, 'live_location_sessions')).toBe(0);
    expect(sample(text, 'file_jobs_in_flight', { kind: 'import' })).toBe(0);
    expect(sample(text, 'file_jobs_in_flight', { kind: 'export' })).toBe(0);
    // The scrape itself is in flight while it is written.
    expect(sample(text, 'http_requests_in_flight', { route: '/api/metrics' })).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it("reports PostgreSQL's connection pool (the embedded database has none)", async () => {
    const text = (await scrape(bearer(admin))).body;
    if (t.db.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeNull();
    }
  });

  it('counts 404s under one label, whatever the path', async () => {
    await t.app.inject({ url: '/api/no/such/route/42', headers: bearer(admin) });
    const text = (await scrape(bearer(admin))).body;
    expect(
      sample(text, 'http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/api/no/such/route');
  });

  it('is refused to a planner (403) and to nobody signed in (401), in the envelope', async () => {
    const asPlanner = await scrape(bearer(planner));
    expect(asPlanner.statusCode).toBe(403);
    expect(asPlanner.json()).toMatchObject({ status: false, statusCode: 403, error: 'FORBIDDEN' });
    const anonymous = await scrape();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({
      status: false,
      statusCode: 401,
      error: 'UNAUTHORIZED',
    });
    const wrong = await scrape(bearer(`${METRICS_TOKEN}x`));
    expect(wrong.statusCode).toBe(401);
  });

  it('is readable with the METRICS_TOKEN as bearer', async () => {
    const response = await scrape(bearer(METRICS_TOKEN));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('http_requests_total');
  });
});
