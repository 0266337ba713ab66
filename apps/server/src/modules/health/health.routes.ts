import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { translate } from '../../i18n/translate.ts';
import { requestLocale } from '../../http/locale.ts';
import { APP_VERSION } from '../../version.ts';
import type { Readiness, ReadinessProbe } from './readiness.ts';

/** What is down, in the reader's words: "the database does not answer, Redis does not answer". */
const downParts = (state: Readiness) => [
  ...(state.database === 'down' ? (['health.down.database'] as const) : []),
  ...(state.redis === 'down' ? (['health.down.redis'] as const) : []),
  ...(state.migrations === 'running' ? (['health.down.migrating'] as const) : []),
  // Unknown with the database up: it answered, but not which migrations are applied.
  ...(state.migrations === 'pending' || (state.migrations === 'unknown' && state.database === 'up')
    ? (['health.down.migrations'] as const)
    : []),
];

export function healthRoutes(db: Database, readiness: ReadinessProbe) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => readiness.close());

    app.get('/health', { config: { public: true }, schema: { tags: ['health'] } }, async () => {
      const row = await db.one<{ postgis: string; postgres: string }>(
        sql`SELECT postgis_lib_version() AS postgis, current_setting('server_version') AS postgres`,
      );
      return {
        status: true,
        data: { db: db.kind, version: APP_VERSION, postgres: row?.postgres, postgis: row?.postgis },
      };
    });

    // For load balancers and orchestrators: 503 takes this instance out of rotation until its
    // database (and Redis, when configured) answer again. /health says it runs; this, that it
    // can serve.
    app.get(
      '/health/ready',
      { config: { public: true }, schema: { tags: ['health'] } },
      async (request, reply) => {
        const state = await readiness.check();
        const { ready, ...details } = state;
        if (ready) return { status: true, data: details };
        const locale = requestLocale(request);
        const down = downParts(state)
          .map((key) => translate(locale, key))
          .join(', ');
        return reply.code(503).send({
          status: false,
          statusCode: 503,
          error: 'SERVICE_UNAVAILABLE',
          message: translate(locale, 'health.notReady', { down }),
          details,
        });
      },
    );
  };
}
