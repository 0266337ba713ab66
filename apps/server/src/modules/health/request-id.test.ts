import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built web app of one page, so that static answers are checked too.
  webDist = await mkdtemp(path.join(os.tmpdir(), 'integration-request-id-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Integration</title>');
  t = await createTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

const idOf = (response: { headers: Record<string, unknown> }) => response.headers['x-request-id'];

describe('X-Request-Id', () => {
  it('is on a success, a refusal, an API 404 and a web app page', async () => {
    const admin = await t.login('admin@example.com', 'admin1234');
    const ok = await t.app.inject({ url: '/api/health' });
    const refused = await t.app.inject({ url: '/api/users/profile' });
    const missing = await t.app.inject({ url: '/api/no-such-route', headers: bearer(admin) });
    const page = await t.app.inject({ url: '/projects' });
    expect([ok.statusCode, refused.statusCode, missing.statusCode, page.statusCode]).toEqual([
      200, 401, 404, 200,
    ]);
    for (const response of [ok, refused, missing, page]) expect(idOf(response)).toMatch(UUID);
    expect(new Set([ok, refused, missing, page].map(idOf)).size).toBe(4);
  });

  it('echoes a short, safe id sent by a proxy or a client', async () => {
    const sent = 'edge-7f3a.B_42';
    const response = await t.app.inject({
      url: '/api/users/profile',
      headers: { 'x-request-id': sent },
    });
    expect(response.statusCode).toBe(401);
    expect(idOf(response)).toBe(sent);
  });

  it('replaces an id that is too long or carries other characters', async () => {
    for (const sent of ['a'.repeat(65), 'two words', 'id\u00e9', '<script>', '']) {
      const response = await t.app.inject({
        url: '/api/health',
        headers: { 'x-request-id': sent },
      });
      expect(idOf(response)).toMatch(UUID);
    }
  });

  it('is the reqId of the JSON log lines of its request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await buildApp({
      config: t.config,
      db: t.db,
      logger: { level: 'info', stream },
    });
    try {
      const response = await logged.inject({
        url: '/api/health',
        headers: { 'x-request-id': 'trace-123' },
      });
      expect(idOf(response)).toBe('trace-123');
      const ofRequest = lines.filter((line) => line.reqId === 'trace-123');
      expect(ofRequest.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    } finally {
      await logged.close();
    }
  });
});
