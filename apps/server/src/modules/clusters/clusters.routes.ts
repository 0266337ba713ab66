import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmQuery,
  createClusterBody,
  idParams,
  memberParams,
  projectIdParams,
  updateClusterBody,
} from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { ClustersService } from './clusters.service.ts';

/** The cluster paths of SPEC §7. */
export function clustersRoutes(clusters: ClustersService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['clusters'];

    api.get('/clusters/all', { schema: { tags } }, async (request) => ({
      status: true,
      data: await clusters.all(requireUser(request)),
    }));

    api.get('/clusters/co/:id', { schema: { tags, params: idParams } }, async (request) => ({
      status: true,
      data: await clusters.ofCentralOffice(requireUser(request), request.params.id),
    }));

    api.get('/clusters/cluster/:id', { schema: { tags, params: idParams } }, async (request) => ({
      status: true,
      data: await clusters.get(requireUser(request), request.params.id),
    }));

    api.get(
      '/clusters/:projectId',
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await clusters.ofProject(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/clusters/cluster/create',
      { schema: { tags, body: createClusterBody } },
      async (request) => {
        const cluster = await clusters.create(requireUser(request), request.body);
        return {
          status: true,
          data: cluster,
          message: translate(requestLocale(request), 'clusters.created', { name: cluster.name }),
        };
      },
    );

    api.post(
      '/clusters/cluster/update/:id',
      { schema: { tags, params: idParams, body: updateClusterBody } },
      async (request) => ({
        status: true,
        data: await clusters.update(requireUser(request), request.params.id, request.body),
        message: translate(requestLocale(request), 'clusters.updated'),
      }),
    );

    api.delete(
      '/clusters/cluster/:id/removeUser/:userId',
      { schema: { tags, params: memberParams } },
      async (request) => ({
        status: true,
        data: await clusters.removeUser(
          requireUser(request),
          request.params.id,
          request.params.userId,
        ),
        message: translate(requestLocale(request), 'clusters.userRemoved'),
      }),
    );

    api.delete(
      '/clusters/cluster/:id',
      { schema: { tags, params: idParams, querystring: confirmQuery } },
      async (request) => {
        const { name } = await clusters.delete(
          requireUser(request),
          request.params.id,
          request.query.confirm,
        );
        return {
          status: true,
          data: null,
          message: translate(requestLocale(request), 'clusters.deleted', { name }),
        };
      },
    );
  };
}
