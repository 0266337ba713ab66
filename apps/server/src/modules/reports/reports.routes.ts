import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParams,
  paramId,
  projectIdParams,
  reportBodySchema,
  shareReportBody,
  runReportBody,
} from '@integration/contracts';
import { requestLocale } from '../../http/locale.ts';
import { requestTimeZone } from '../../http/time-zone.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { READY_MADE_REPORTS } from './ready-made-reports.ts';
import type { ReportsService } from './reports.service.ts';

const userParams = z.object({ userId: paramId });
// Loose: `?locale=` (read by the error and message language) must survive the parse.
const exportQuery = z.object({ format: z.enum(['xlsx', 'pdf']).default('xlsx') }).loose();
const MEDIA_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** The report paths of SPEC §7, with update, delete, draft runs and the builder's attributes. */
export function reportsRoutes(reports: ReportsService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['reports'];
    const base = '/integration/reports';

    api.get(`${base}/user/:userId`, { schema: { tags, params: userParams } }, async (request) => ({
      status: true,
      data: await reports.ofUser(requireUser(request), request.params.userId),
    }));

    api.get(`${base}/attributes`, { schema: { tags } }, async (request) => ({
      status: true,
      data: await reports.attributesOfReadable(requireUser(request)),
    }));

    api.get(
      `${base}/attributes/:projectId`,
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await reports.attributes(requireUser(request), request.params.projectId),
      }),
    );

    // Ready-made FTTH reports a user may start from (the demo's own, in any deployment).
    api.get(`${base}/ready-made`, { schema: { tags } }, async (request) => {
      requireUser(request);
      return { status: true, data: READY_MADE_REPORTS };
    });

    api.get(`${base}/:id`, { schema: { tags, params: idParams } }, async (request) => ({
      status: true,
      data: await reports.get(requireUser(request), request.params.id),
    }));

    api.post(`${base}/create`, { schema: { tags, body: reportBodySchema } }, async (request) => ({
      status: true,
      data: await reports.create(requireUser(request), request.body),
      message: translate(requestLocale(request), 'reports.saved'),
    }));

    api.post(
      `${base}/update/:id`,
      { schema: { tags, params: idParams, body: reportBodySchema } },
      async (request) => ({
        status: true,
        data: await reports.update(requireUser(request), request.params.id, request.body),
        message: translate(requestLocale(request), 'reports.saved'),
      }),
    );

    api.post(
      `${base}/share/:id`,
      { schema: { tags, params: idParams, body: shareReportBody } },
      async (request) => {
        const report = await reports.share(
          requireUser(request),
          request.params.id,
          request.body.projectId,
        );
        const locale = requestLocale(request);
        return {
          status: true,
          data: report,
          message: report.sharedProjectName
            ? translate(locale, 'reports.shared', { project: report.sharedProjectName })
            : translate(locale, 'reports.unshared'),
        };
      },
    );

    api.delete(`${base}/:id`, { schema: { tags, params: idParams } }, async (request) => {
      const { name } = await reports.delete(requireUser(request), request.params.id);
      return {
        status: true,
        data: null,
        message: translate(requestLocale(request), 'reports.deleted', { name }),
      };
    });

    api.post(
      `${base}/export/:id`,
      { schema: { tags, params: idParams, body: runReportBody, querystring: exportQuery } },
      async (request, reply) => {
        const format = request.query.format;
        const { filename, bytes } = await reports.document(
          requireUser(request),
          request.params.id,
          request.body,
          requestLocale(request),
          format,
          requestTimeZone(request),
        );
        return reply
          .type(MEDIA_TYPES[format])
          .header('content-disposition', contentDisposition(filename))
          .header('access-control-expose-headers', 'content-disposition')
          .send(bytes);
      },
    );

    api.post(`${base}/run/draft`, { schema: { tags, body: runReportBody } }, async (request) => ({
      status: true,
      data: await reports.runDraft(requireUser(request), request.body, requestLocale(request)),
    }));

    api.post(
      `${base}/run/:id`,
      { schema: { tags, params: idParams, body: runReportBody } },
      async (request) => ({
        status: true,
        data: await reports.runSaved(
          requireUser(request),
          request.params.id,
          request.body,
          requestLocale(request),
        ),
      }),
    );
  };
}
