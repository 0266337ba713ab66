import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientIdParams,
  idParams,
  projectsQuery,
  subsidiaryIdParams,
} from '@integration/contracts';
import { requireUser } from '../auth/auth.hook.ts';
import type { HierarchyService } from './hierarchy.service.ts';

/** Subsidiary → client → main project → project, as far as the user may see. */
export function hierarchyRoutes(hierarchy: HierarchyService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['hierarchy'];

    api.get(
      '/projects/platforms',
      { schema: { tags, querystring: projectsQuery } },
      async (request) => ({
        status: true,
        data: await hierarchy.projects(requireUser(request), request.query.mainProjectId),
      }),
    );

    api.get('/projects/:id', { schema: { tags, params: idParams } }, async (request) => ({
      status: true,
      data: await hierarchy.project(requireUser(request), request.params.id),
    }));

    // The spec's path for the list of subsidiaries.
    api.get('/country/camusat/all', { schema: { tags } }, async (request) => ({
      status: true,
      data: await hierarchy.subsidiaries(requireUser(request)),
    }));

    api.get(
      '/client/:subsidiaryId',
      { schema: { tags, params: subsidiaryIdParams } },
      async (request) => ({
        status: true,
        data: await hierarchy.clients(requireUser(request), request.params.subsidiaryId),
      }),
    );

    api.get(
      '/mainproject/client/:clientId',
      { schema: { tags, params: clientIdParams } },
      async (request) => ({
        status: true,
        data: await hierarchy.mainProjects(requireUser(request), request.params.clientId),
      }),
    );
  };
}
