import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLATFORM_NAME, userIdParams } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { toPublicUser, usersRepository } from './users.repository.ts';

export function usersRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/users/profile', { schema: { tags: ['users'] } }, async (request) => {
      const user = toPublicUser(requireUser(request));
      return { status: true, user, data: user };
    });

    // Everyone on the platform, for assigning people to COs and clusters.
    api.get('/users/integration', { schema: { tags: ['users'] } }, async (request) => {
      const me = requireUser(request);
      if (me.role !== 'admin' && me.role !== 'planner') throw forbidden();
      const users = (await usersRepository.listByPlatform(db, PLATFORM_NAME)).map(toPublicUser);
      return { status: true, data: users };
    });

    api.get('/users/:id', { schema: { tags: ['users'], params: userIdParams } }, async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      // Checked before the lookup, so the answer never tells whether an id exists.
      if (me.role !== 'admin' && me.id !== id) throw forbidden();
      const user = await usersRepository.findById(db, id);
      if (!user) throw new AppError(404, 'NOT_FOUND', 'users.notFound', { id });
      return { status: true, data: toPublicUser(user) };
    });
  };
}
