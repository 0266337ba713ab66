import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { computeRouteBody, routeProjectParams, routingSettingsBody } from '@integration/contracts';
import type { Config } from '../../config.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { UploadPart } from '../file-format/file-format.service.ts';
import type { RoadImportService } from './road-import.service.ts';
import type { RoutingService } from './routing.service.ts';

/** Create Route (issue 18): routes between points, and each project's road network. */
export function routingRoutes(
  routing: RoutingService,
  roadImport: RoadImportService,
  config: Config,
) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: config.importMaxBytes, files: 200, fields: 20, fieldSize: 64 * 1024 },
    });
    // The routing worker stops with the server.
    app.addHook('onClose', () => routing.close());
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['routing'];

    api.post('/routes/compute', { schema: { tags, body: computeRouteBody } }, async (request) => ({
      status: true,
      data: await routing.compute(requireUser(request), request.body),
    }));

    api.get(
      '/routes/network/:projectId',
      { schema: { tags, params: routeProjectParams } },
      async (request) => ({
        status: true,
        data: await routing.network(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/routes/network/:projectId',
      {
        schema: { tags, params: routeProjectParams, consumes: ['multipart/form-data'] },
        bodyLimit: config.importMaxBytes,
      },
      async (request) => {
        const locale = requestLocale(request);
        const { report, mode } = await roadImport.importNetwork(
          requireUser(request),
          request.params.projectId,
          request.parts() as AsyncIterable<UploadPart>,
          locale,
        );
        return {
          status: true,
          data: report,
          message: translate(
            locale,
            mode === 'add' ? 'routing.networkAdded' : 'routing.networkReplaced',
            { edges: report.edges, km: report.kilometres },
          ),
        };
      },
    );

    api.delete(
      '/routes/network/:projectId',
      { schema: { tags, params: routeProjectParams } },
      async (request) => {
        const { edges } = await routing.clearNetwork(
          requireUser(request),
          request.params.projectId,
        );
        return {
          status: true,
          data: { edges },
          message: translate(requestLocale(request), 'routing.networkCleared', { edges }),
        };
      },
    );

    api.get(
      '/routes/settings/:projectId',
      { schema: { tags, params: routeProjectParams } },
      async (request) => ({
        status: true,
        data: await routing.settings(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/routes/settings/:projectId',
      { schema: { tags, params: routeProjectParams, body: routingSettingsBody } },
      async (request) => ({
        status: true,
        data: await routing.saveSettings(
          requireUser(request),
          request.params.projectId,
          request.body,
        ),
        message: translate(requestLocale(request), 'routing.settingsSaved'),
      }),
    );
  };
}
