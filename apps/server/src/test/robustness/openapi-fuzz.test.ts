import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../test-app.ts';
import {
  describe as describeValue,
  HOSTILE_PATH_VALUES,
  HOSTILE_VALUES,
  malformedBodies,
  sample,
  type JsonSchema,
} from './openapi-fuzz.ts';
import { validRequests, type ValidRequest } from './valid-bodies.ts';

/**
 * The fuzz pass of the robustness suite: every body, path and query schema of the OpenAPI
 * document receives malformed values, and none may answer 5xx.
 */
interface Operation {
  method: string;
  path: string;
  body?: JsonSchema;
  pathParams: string[];
  queryParams: string[];
}

let t: TestApp;
let admin: string;
let operations: Operation[] = [];
let valid: Map<string, ValidRequest>;

beforeAll(async () => {
  t = await createTestApp({ loginMaxPerIp: 100_000 });
  admin = await t.login('admin@example.com', 'admin1234');
  valid = await validRequests(t.db);
  await t.app.ready();
  const document = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
          parameters?: { in: string; name: string }[];
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      body: op.requestBody?.content?.['application/json']?.schema,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
}, 120_000);
afterAll(() => t.close());

/** Public auth routes are fuzzed without a token: a fuzzed password must not lock the test out. */
const headersFor = (path: string) => (path.startsWith('/api/auth/') ? {} : bearer(admin));
const fill = (path: string, values: Record<string, string> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1');

async function send(method: string, url: string, payload: unknown, path: string) {
  const answer = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { ...headersFor(path), 'content-type': 'application/json' },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  return answer;
}

describe('fuzz: no malformed input answers 5xx', () => {
  it('reads the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(50);
  });

  it('every JSON body schema', async () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    let sent = 0;
    for (const op of operations.filter((o) => o.body)) {
      // The ten element types share their schemas: the first gets every mutation, the rest a sample.
      const key = JSON.stringify(op.body);
      const known = valid.get(`${op.method} ${op.path}`);
      const all = malformedBodies(op.body as JsonSchema, known?.body);
      const bodies = seen.has(key) ? all.filter((_, i) => i % 9 === 0) : all;
      seen.add(key);
      for (const { label, body } of bodies) {
        const answer = await send(op.method, known?.url ?? fill(op.path), body, op.path);
        sent++;
        if (answer.statusCode >= 500)
          failures.push(
            `${op.method} ${op.path} ${label} → ${answer.statusCode} ${answer.body.slice(0, 200)}`,
          );
        else if (answer.statusCode >= 400 && typeof answer.json().message !== 'string') {
          failures.push(
            `${op.method} ${op.path} ${label} → ${answer.statusCode} without a message`,
          );
        }
      }
    }
    expect(sent).toBeGreaterThan(2_000);
    expect(failures).toEqual([]);
  }, 600_000);

  it('every path and query parameter', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const body = op.body ? sample(op.body) : undefined;
      for (const bad of HOSTILE_PATH_VALUES) {
        for (const name of op.pathParams) {
          const answer = await send(op.method, fill(op.path, { [name]: bad }), body, op.path);
          if (answer.statusCode >= 500)
            failures.push(`${op.method} ${op.path} ${name}=${bad} → ${answer.statusCode}`);
        }
        for (const name of op.queryParams) {
          const url = `${fill(op.path)}?${name}=${bad}`;
          const answer = await send(op.method, url, body, op.path);
          if (answer.statusCode >= 500) failures.push(`${op.method} ${url} → ${answer.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('whole bodies of the wrong shape, on every route that takes one', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.body)) {
      for (const bad of HOSTILE_VALUES) {
        const answer = await send(op.method, fill(op.path), bad, op.path);
        if (answer.statusCode >= 500)
          failures.push(
            `${op.method} ${op.path} body=${describeValue(bad)} → ${answer.statusCode}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('still answers its health check within a second afterwards', async () => {
    const started = performance.now();
    const answer = await t.app.inject({ url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
