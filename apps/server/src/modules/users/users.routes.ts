import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUserBody, PLATFORM_NAME, userIdParams } from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { toPublicUser, usersRepository } from './users.repository.ts';
import type { UsersService } from './users.service.ts';

export function usersRoutes(db: Database, users: UsersService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/users/profile', { schema: { tags: ['users'] } }, async (request) => {
      const user = toPublicUser(requireUser(request));
      return { status: true, user, data: user };
    });

    // The people to assign to COs and clusters: everyone on the platform for admins; for a
    // planner, the people of their own projects (emails and mobiles are not for everyone).
    api.get('/users/integration', { schema: { tags: ['users'] } }, async (request) => {
      const me = requireUser(request);
      if (me.role !== 'admin' && me.role !== 'planner') throw forbidden();
      const records =
        me.role === 'admin'
          ? await usersRepository.listByPlatform(db, PLATFORM_NAME)
          : await usersRepository.listProjectMembers(db, PLATFORM_NAME, me.id);
      return { status: true, data: records.map(toPublicUser) };
    });

    api.post(
      '/users',
      { schema: { tags: ['users'], body: createUserBody } },
      async (request, reply) => {
        if (requireUser(request).role !== 'admin') throw forbidden();
        const locale = requestLocale(request);
        const user = await users.invite(request.body, locale);
        return reply.code(201).send({
          status: true,
          data: user,
          message: translate(locale, 'users.invited', { email: user.email }),
        });
      },
    );

    api.get(
      '/users/:id',
      { schema: { tags: ['users'], params: userIdParams } },
      async (request) => {
        const me = requireUser(request);
        const { id } = request.params;
        // Checked before the lookup, so the answer never tells whether an id exists.
        if (me.role !== 'admin' && me.id !== id) throw forbidden();
        const user = await usersRepository.findById(db, id);
        if (!user) throw new AppError(404, 'NOT_FOUND', 'users.notFound', { id });
        return { status: true, data: toPublicUser(user) };
      },
    );
  };
}
