import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  designSettingsBody,
  idParams,
  problemsQuery,
  projectIdParams,
} from '@integration/contracts';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestTimeZone } from '../../http/time-zone.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { DesignService } from './design.service.ts';
import { problemsWorkbook } from './problems-sheet.ts';

const clusterIdParams = z.object({ clusterId: idParams.shape.id });

/** Design checks under /api/design (issue 27). */
export function designRoutes(design: DesignService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['design'];

    api.get(
      '/design/clusters/:clusterId/problems',
      { schema: { tags, params: clusterIdParams, querystring: problemsQuery } },
      async (request) => ({
        status: true,
        data: await design.problems(
          requireUser(request),
          request.params.clusterId,
          requestLocale(request),
          request.query.rule,
        ),
      }),
    );

    api.get(
      '/design/clusters/:clusterId/problems.xlsx',
      { schema: { tags, params: clusterIdParams, querystring: problemsQuery } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const user = requireUser(request);
        const found = await design.problems(
          user,
          request.params.clusterId,
          locale,
          request.query.rule,
        );
        const name = await design.clusterName(request.params.clusterId);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header(
            'content-disposition',
            contentDisposition(translate(locale, 'design.sheet.filename', { name })),
          )
          .header('access-control-expose-headers', 'content-disposition')
          .send(await problemsWorkbook(found, name, locale, requestTimeZone(request)));
      },
    );

    api.get(
      '/design/projects/:projectId/settings',
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await design.settings(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/design/projects/:projectId/settings',
      { schema: { tags, params: projectIdParams, body: designSettingsBody } },
      async (request) => ({
        status: true,
        data: await design.saveSettings(
          requireUser(request),
          request.params.projectId,
          request.body,
        ),
        message: translate(requestLocale(request), 'design.settingsSaved'),
      }),
    );
  };
}
