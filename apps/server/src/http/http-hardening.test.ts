import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { MAX_JSON_DEPTH } from './json-body.ts';
import { MAX_LOGGED_CHARS, serializeError } from './log-serializers.ts';
import { importOrigins, tileOrigins } from './security-headers.ts';

let t: TestApp;
let token: string;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'integration-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Integration</title>');
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1);\n'.repeat(100));
  t = await createTestApp({
    webDistDir: webDir,
    trustProxy: true,
    importUrlOrigins: ['https://data.example.org'],
  });
  token = await t.login('viewer@example.com', 'viewer1234');
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('security headers on every answer', () => {
  it.each(['/api/health', '/', '/assets/app.js', '/api/no-such-route'])('%s', async (url) => {
    const answer = await t.app.inject({ url });
    const csp = answer.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // The default base maps' tile hosts may be fetched and drawn.
    expect(csp).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS only when the request came over HTTPS (through the trusted proxy)', async () => {
    const answer = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('allows the configured tile hosts, not same-origin ones', () => {
    const origins = tileOrigins([
      {
        id: 'satellite',
        tiles: ['https://a.example.com/{z}/{x}/{y}.jpg?key=K', '/tiles/{z}/{x}/{y}.png'],
        attribution: '',
        tileSize: 256,
        maxzoom: 19,
        overlay: { tiles: ['https://labels.example.org:8443/{quadkey}.png'], attribution: '' },
      },
    ]);
    expect(origins).toEqual(['https://a.example.com', 'https://labels.example.org:8443']);
  });
});

describe('where the web app may connect (connect-src)', () => {
  const connectSrc = async (host?: string) => {
    const answer = await t.app.inject({ url: '/', headers: host ? { host } : {} });
    const csp = answer.headers['content-security-policy'] as string;
    return csp.split(';').find((d) => d.trim().startsWith('connect-src')) ?? '';
  };

  it('lists our origin and socket, the tile hosts and the import hosts: no other https origin', async () => {
    const directive = await connectSrc('integration.example.com:8443');
    const sources = directive.trim().split(/\s+/).slice(1);
    expect(sources).not.toContain('https:');
    expect(sources).toEqual(
      expect.arrayContaining([
        "'self'",
        'ws://integration.example.com:8443',
        'wss://integration.example.com:8443',
        'https://tile.openstreetmap.org',
        'https://data.example.org',
      ]),
    );
    // Every source but ours is a configured host: the default base maps' and the import one.
    for (const source of sources) {
      expect(source).toMatch(
        /^('self'|wss?:\/\/integration\.example\.com:8443|https:\/\/([a-z]\.tile\.opentopomap\.org|tile\.openstreetmap\.org|server\.arcgisonline\.com|data\.example\.org))$/,
      );
    }
  });

  it('names no socket origin for a Host header that is not a plain host', async () => {
    const directive = await connectSrc('evil.example; script-src *');
    expect(directive).not.toContain('evil');
    expect(directive).not.toContain('ws://');
  });

  it('reads IMPORT_URL_ORIGINS as origins, refusing what is not one', () => {
    expect(importOrigins(' https://a.example.org/data/, http://b.example.com:8080 ')).toEqual([
      'http://b.example.com:8080',
      'https://a.example.org',
    ]);
    expect(importOrigins(undefined)).toEqual([]);
    expect(() => importOrigins('ftp://c.example.org')).toThrow(/IMPORT_URL_ORIGINS/);
  });
});

describe('client errors of the framework keep their 4xx', () => {
  it('a bad Range header on a static asset', async () => {
    const answer = await t.app.inject({ url: '/assets/app.js', headers: { range: 'bytes=9999-' } });
    expect(answer.statusCode).toBe(416);
  });

  it('an encoded .. under the API documentation', async () => {
    const answer = await t.app.inject({ url: '/api/docs/static/%2e%2e/%2e%2e/package.json' });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toMatchObject({ status: false, message: expect.any(String) });
  });
});

describe('JSON bodies nested too deeply', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it.each([
    [
      '/api/file-format/geoJSONToSHP',
      `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":${nested(100_000)}}}]}`,
    ],
    [
      '/api/networkelements/pole/edit/multiple',
      `{"data":[{"id":1,"attributes":${nested(10_000)}}]}`,
    ],
    ['/api/clusters/cluster/create', nested(MAX_JSON_DEPTH + 1)],
  ])('%s answers 400 naming the problem, in the caller language', async (url, payload) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${url}?locale=fr`,
      payload,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(String(MAX_JSON_DEPTH));
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('what the log keeps of an error', () => {
  it('keeps the failed statement but never its parameters (names, values, hashes)', () => {
    const params = Array.from({ length: 10_000 }, (_, i) => `secret attribute value ${i}`);
    const error = new DrizzleQueryError('insert into x values ($1, $2)', params, new Error('boom'));
    const logged = serializeError(error);
    const line = JSON.stringify(logged);
    expect(line).not.toContain('secret attribute value');
    expect(line).toContain('insert into x');
    expect(logged.cause).toMatchObject({ message: 'boom' });
    expect(line.length).toBeLessThan(12 * MAX_LOGGED_CHARS);
  });

  it('cuts very long messages', () => {
    const logged = serializeError(new Error('x'.repeat(5_000_000)));
    expect(logged.message.length).toBeLessThan(MAX_LOGGED_CHARS + 100);
    expect(JSON.stringify(logged).length).toBeLessThan(12 * MAX_LOGGED_CHARS);
  });
});
