import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { seedDatabase } from '../apps/server/src/db/seed/index.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { medianMs, type Figure } from './lib/report.ts';

/**
 * API overhead of an authenticated call: GET /api/users/profile (token check, user lookup,
 * envelope) beside the raw SQL that reads the same user.
 */
export async function authFigures(): Promise<Figure[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'integration-bench-auth-'));
  const config = {
    ...loadConfig(),
    dataDir,
    logLevel: 'silent',
    seedDemo: true,
    adminEmail: 'admin@example.com',
    adminPassword: 'admin1234',
  };
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await seedDatabase(db, config);
    const app = await buildApp({ config, db, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'admin1234', platform: 'integration' },
    });
    const token = login.json<{ access_token: string }>().access_token;
    const profile = await medianMs(300, () =>
      app.inject({ url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } }),
    );
    const raw = await medianMs(300, () =>
      db.rows(sql`SELECT u.*, json_agg(p.*) FROM users u
                  JOIN user_platforms up ON up.user_id = u.id JOIN platforms p ON p.id = up.platform_id
                  WHERE u.id = 1 GROUP BY u.id`),
    );
    const signIn = await medianMs(10, () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@example.com', password: 'admin1234', platform: 'integration' },
      }),
    );
    const hash = await hashPassword('admin1234');
    const bareVerify = await medianMs(10, () => verifyPassword(hash, 'admin1234'));
    await app.close();
    return [
      {
        name: `GET /api/users/profile (${db.kind})`,
        ours: profile,
        reference: raw,
        referenceName: 'raw SQL, same user',
        unit: 'ms',
      },
      {
        name: 'POST /api/auth/login (argon2id verify)',
        ours: signIn,
        reference: bareVerify,
        referenceName: 'argon2id verify alone',
        unit: 'ms',
      },
    ];
  } finally {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
