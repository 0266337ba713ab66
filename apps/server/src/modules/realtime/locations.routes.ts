import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectIdParams } from '@integration/contracts';
import { requireUser } from '../auth/auth.hook.ts';
import type { LiveLocations } from './live-locations.ts';

/** `GET /locations/project/{projectId}`: the positions shared now (LiveLocation[]). */
export function locationsRoutes(locations: LiveLocations) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/locations/project/:projectId',
      { schema: { tags: ['live locations'], params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await locations.ofProject(requireUser(request), request.params.projectId),
      }),
    );
  };
}
