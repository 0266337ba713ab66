import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/auth.hook.ts';

export async function platformsRoutes(app: FastifyInstance) {
  // Any platform's user may list where they can go.
  app.get(
    '/platforms/user',
    { config: { anyPlatform: true }, schema: { tags: ['platforms'] } },
    async (request) => {
      const platforms = requireUser(request).platforms;
      return { status: true, platforms, data: platforms };
    },
  );
}
