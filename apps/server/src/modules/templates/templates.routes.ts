import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ELEMENT_TYPES, templateIdParams, updateTemplateBody } from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { TemplatesService } from './templates.service.ts';

/**
 * Editing a project's element templates, per type beside the type's other routes
 * (`GET {base}/templates/project/{projectId}` lists them): `POST {base}/templates/update/{id}`
 * with the whole attribute list.
 */
export function templatesRoutes(templates: TemplatesService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    for (const type of ELEMENT_TYPES) {
      api.post(
        `/networkelements/${type.segment}/templates/update/:templateId`,
        { schema: { tags: ['templates'], params: templateIdParams, body: updateTemplateBody } },
        async (request) => {
          const { templateId } = request.params;
          const template = await templates.update(
            requireUser(request),
            type,
            templateId,
            request.body,
          );
          return {
            status: true,
            data: template,
            message: translate(requestLocale(request), 'templates.saved', { name: template.name }),
          };
        },
      );
    }
  };
}
