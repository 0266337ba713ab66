import { PLATFORM_NAME } from '@integration/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.ts';
import { forbidden, unauthorized } from '../../http/app-error.ts';
import { sameSecret } from '../../http/same-secret.ts';
import type { AppMetrics } from '../../observability/metrics.ts';
import { bearerToken } from '../auth/auth.hook.ts';
import { verifyToken } from '../auth/tokens.ts';

/**
 * GET /api/metrics, Prometheus' text format: for a scraper holding METRICS_TOKEN, or an admin
 * signed in. It is `public` to the default auth hook (a scraper's token is no sign-in token)
 * and checks both itself: 401 without a valid token, 403 for a user who is not an admin.
 */
export function metricsRoutes(db: Database, metrics: AppMetrics, metricsToken: string | undefined) {
  async function assertMayRead(app: FastifyInstance, request: FastifyRequest) {
    const token = bearerToken(request);
    if (token && metricsToken && sameSecret(token, metricsToken)) return;
    const verified = await verifyToken(app, db, token);
    if (!verified) throw unauthorized();
    const { user } = verified;
    if (user.role !== 'admin' || !user.platforms.some((p) => p.name === PLATFORM_NAME)) {
      throw forbidden();
    }
  }

  return async (app: FastifyInstance) => {
    app.get(
      '/metrics',
      { config: { public: true }, schema: { tags: ['metrics'] } },
      async (request, reply) => {
        await assertMayRead(app, request);
        const text = await metrics.text();
        return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
      },
    );
  };
}
