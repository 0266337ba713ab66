import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import { adminQuery } from './global-setup.ts';
import { baseTestConfig } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Signs in through the API and answers the access token. */
  login(email: string, password: string): Promise<string>;
  /** The mails written to the outbox so far, newest last. */
  outbox(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * A copy of the seeded database for one test file: on PostgreSQL a database made from the
 * template (its url given), else an embedded one in memory, or in `dataDir` when given.
 */
export async function openCopy(
  dataDir?: string,
): Promise<{ db: Database; drop: () => Promise<void>; url?: string }> {
  const templateUrl = inject('postgresTemplateUrl');
  if (templateUrl) {
    const template = new URL(templateUrl);
    const copy = new URL(templateUrl);
    const name = `${template.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
    copy.pathname = `/${name}`;
    // From the maintenance database: a session on the template, even one only asking for a
    // copy, makes another worker's copy fail ("source database is being accessed").
    const maintenance = new URL(templateUrl);
    maintenance.pathname = '/postgres';
    await copyDatabase(maintenance.toString(), template.pathname.slice(1), name);
    const db = await openPostgres(copy.toString());
    return {
      db,
      url: copy.toString(),
      drop: () => adminQuery(templateUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    };
  }
  const dump = await readFile(inject('pgliteDumpFile'));
  const db = await openPglite({ dataDir, loadDataDir: new Blob([dump]) });
  return { db, drop: async () => {} };
}

/** CREATE DATABASE … TEMPLATE, tried again while another worker's copy holds the template. */
async function copyDatabase(adminUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } catch (error) {
      // 55006 object_in_use: the template is being copied by another worker right now.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A server on its own copy of the seeded database, driven through app.inject. */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'integration-test-'));
  const { db, drop } = await openCopy();
  const config: Config = { ...baseTestConfig(), dataDir, ...overrides };
  const app = await buildApp({ config, db, logger: false });
  const outboxDir = path.join(dataDir, 'outbox');

  return {
    app,
    db,
    config,
    async login(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password, platform: 'integration' },
      });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
      return response.json<{ access_token: string }>().access_token;
    },
    async outbox() {
      const files = (await readdir(outboxDir).catch(() => [] as string[])).sort();
      return Promise.all(files.map((f) => readFile(path.join(outboxDir, f), 'utf8')));
    },
    async close() {
      await app.close();
      await db.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function body<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
