import type { FastifyInstance } from 'fastify';
import { appliedMigrationIds } from '../../db/migrate.ts';
import type { PgliteDatabase } from '../../db/pglite.ts';
import { unauthorized } from '../../http/app-error.ts';
import { sameSecret } from '../../http/same-secret.ts';

/** The header `npm run backup` sends: the token the server wrote to DATA_DIR/owner.json. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';
/** The answer's header listing the copy's migrations, for the backup's manifest. */
export const MIGRATIONS_HEADER = 'x-migrations';

/**
 * POST /api/operations/database-copy: a consistent copy of the embedded database while the
 * server runs (only this process may open its files). Not for users: it takes the operator
 * token that only someone able to read DATA_DIR has (and who could read the files anyway).
 */
export function databaseCopyRoutes(db: PgliteDatabase, token: string) {
  return async (app: FastifyInstance) => {
    app.post(
      '/operations/database-copy',
      { config: { public: true }, schema: { hide: true } },
      async (request, reply) => {
        const given = request.headers[OPERATOR_TOKEN_HEADER];
        if (typeof given !== 'string' || !sameSecret(given, token)) throw unauthorized();
        const migrations = await appliedMigrationIds(db);
        const copy = await db.snapshot();
        return reply
          .header('content-type', 'application/gzip')
          .header('cache-control', 'no-store')
          .header(MIGRATIONS_HEADER, migrations.join(','))
          .send(Buffer.from(await copy.arrayBuffer()));
      },
    );
  };
}
