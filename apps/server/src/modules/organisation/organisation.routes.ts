import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmQuery,
  createClientBody,
  createMainProjectBody,
  createProjectBody,
  createSubsidiaryBody,
  idParams,
  renameBody,
  updateProjectBody,
  updateSubsidiaryBody,
  type OrganisationLevel,
} from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { OrganisationService } from './organisation.service.ts';

/** Each level's path, mirroring SPEC §7's reads (`/country/camusat/all`, `/client/{id}`…). */
const PATHS: Record<OrganisationLevel, string> = {
  subsidiary: '/country/camusat',
  client: '/client',
  mainProject: '/mainproject',
  project: '/projects',
};

/** The organisation written by admins (issue 28): create, update, delete at each level. */
export function organisationRoutes(organisation: OrganisationService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organisation'];
    const said = (request: Parameters<typeof requestLocale>[0], key: string, name: string) =>
      translate(requestLocale(request), `organisation.${key}` as 'organisation.created', { name });

    api.post(
      `${PATHS.subsidiary}/create`,
      { schema: { tags, body: createSubsidiaryBody } },
      async (request) => {
        const data = await organisation.createSubsidiary(requireUser(request), request.body);
        return { status: true, data, message: said(request, 'created', data.name) };
      },
    );
    api.post(
      `${PATHS.client}/create`,
      { schema: { tags, body: createClientBody } },
      async (request) => {
        const data = await organisation.createClient(requireUser(request), request.body);
        return { status: true, data, message: said(request, 'created', data.name) };
      },
    );
    api.post(
      `${PATHS.mainProject}/create`,
      { schema: { tags, body: createMainProjectBody } },
      async (request) => {
        const data = await organisation.createMainProject(requireUser(request), request.body);
        return { status: true, data, message: said(request, 'created', data.name) };
      },
    );
    api.post(
      `${PATHS.project}/create`,
      { schema: { tags, body: createProjectBody } },
      async (request) => {
        const data = await organisation.createProject(requireUser(request), request.body);
        return { status: true, data, message: said(request, 'created', data.name) };
      },
    );

    api.post(
      `${PATHS.subsidiary}/update/:id`,
      { schema: { tags, params: idParams, body: updateSubsidiaryBody } },
      async (request) => {
        const user = requireUser(request);
        const data = await organisation.updateSubsidiary(user, request.params.id, request.body);
        return { status: true, data, message: said(request, 'updated', data.name) };
      },
    );
    for (const level of ['client', 'mainProject'] as const) {
      api.post(
        `${PATHS[level]}/update/:id`,
        { schema: { tags, params: idParams, body: renameBody } },
        async (request) => {
          const user = requireUser(request);
          const data = await organisation.rename(user, level, request.params.id, request.body.name);
          return { status: true, data, message: said(request, 'updated', data.name) };
        },
      );
    }
    api.post(
      `${PATHS.project}/update/:id`,
      { schema: { tags, params: idParams, body: updateProjectBody } },
      async (request) => {
        const user = requireUser(request);
        const data = await organisation.updateProject(user, request.params.id, request.body);
        return { status: true, data, message: said(request, 'updated', data.name) };
      },
    );

    for (const level of Object.keys(PATHS) as OrganisationLevel[]) {
      api.delete(
        `${PATHS[level]}/:id`,
        { schema: { tags, params: idParams, querystring: confirmQuery } },
        async (request) => {
          const user = requireUser(request);
          const data = await organisation.delete(
            user,
            level,
            request.params.id,
            request.query.confirm,
          );
          return { status: true, data, message: said(request, 'deleted', data.name) };
        },
      );
    }

    api.get('/organisation/history', { schema: { tags } }, async (request) => ({
      status: true,
      data: await organisation.history(requireUser(request)),
    }));
  };
}
