import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { APP_VERSION } from '../../version.ts';

export function healthRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.get('/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => {
      const row = await db.one<{ postgis: string; postgres: string }>(
        sql`SELECT postgis_lib_version() AS postgis, current_setting('server_version') AS postgres`,
      );
      return {
        status: true,
        data: { db: db.kind, version: APP_VERSION, postgres: row?.postgres, postgis: row?.postgis },
      };
    });
  };
}
