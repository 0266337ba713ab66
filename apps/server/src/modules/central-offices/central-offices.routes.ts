import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmQuery,
  createCentralOfficeBody,
  idParams,
  memberParams,
  projectIdParams,
  updateCentralOfficeBody,
} from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { CentralOfficesService } from './central-offices.service.ts';

/** The central office paths of SPEC §7. */
export function centralOfficesRoutes(offices: CentralOfficesService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['central offices'];

    api.get('/centraloffices/all', { schema: { tags } }, async (request) => ({
      status: true,
      data: await offices.all(requireUser(request)),
    }));

    api.get(
      '/centraloffices/project/:projectId',
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await offices.ofProject(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/centraloffices/centraloffice/create',
      { schema: { tags, body: createCentralOfficeBody } },
      async (request) => {
        const office = await offices.create(requireUser(request), request.body);
        return {
          status: true,
          data: office,
          message: translate(requestLocale(request), 'centralOffices.created', {
            name: office.name,
          }),
        };
      },
    );

    api.post(
      '/centraloffices/centraloffice/update/:id',
      { schema: { tags, params: idParams, body: updateCentralOfficeBody } },
      async (request) => ({
        status: true,
        data: await offices.addUsers(requireUser(request), request.params.id, request.body.users),
        message: translate(requestLocale(request), 'centralOffices.updated'),
      }),
    );

    api.delete(
      '/centraloffices/centraloffice/:id/removeUser/:userId',
      { schema: { tags, params: memberParams } },
      async (request) => ({
        status: true,
        data: await offices.removeUser(
          requireUser(request),
          request.params.id,
          request.params.userId,
        ),
        message: translate(requestLocale(request), 'centralOffices.userRemoved'),
      }),
    );

    api.delete(
      '/centraloffices/centraloffice/delete/:id',
      { schema: { tags, params: idParams, querystring: confirmQuery } },
      async (request) => {
        const { name } = await offices.delete(
          requireUser(request),
          request.params.id,
          request.query.confirm,
        );
        return {
          status: true,
          data: null,
          message: translate(requestLocale(request), 'centralOffices.deleted', { name }),
        };
      },
    );
  };
}
