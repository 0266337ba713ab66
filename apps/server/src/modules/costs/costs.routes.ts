import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bomQuery, priceBookBody, projectIdParams, type Locale } from '@integration/contracts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { localDateTime, requestTimeZone, sheetDate } from '../../http/time-zone.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { bomPdf } from './bom-pdf.ts';
import { bomWorkbook } from './bom-sheet.ts';
import type { CostsService } from './costs.service.ts';

const DOCUMENTS = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** Price book and bill of materials under /api/design (issue 27). */
export function costsRoutes(costs: CostsService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['design'];

    api.get('/design/bom', { schema: { tags, querystring: bomQuery } }, async (request) => ({
      status: true,
      data: await costs.bom(requireUser(request), request.query),
    }));

    for (const ext of ['xlsx', 'pdf'] as const) {
      api.get(
        `/design/bom.${ext}`,
        { schema: { tags, querystring: bomQuery } },
        async (request, reply) => {
          const locale: Locale = requestLocale(request);
          const bom = await costs.bom(requireUser(request), request.query);
          const now = new Date();
          const zone = requestTimeZone(request);
          const body =
            ext === 'xlsx'
              ? await bomWorkbook(bom, locale, sheetDate(now, zone))
              : await bomPdf(bom, locale, localDateTime(now, zone));
          return reply
            .type(DOCUMENTS[ext])
            .header(
              'content-disposition',
              contentDisposition(
                translate(locale, 'costs.sheet.filename', { name: bom.name, ext }),
              ),
            )
            .header('access-control-expose-headers', 'content-disposition')
            .send(body);
        },
      );
    }

    api.get(
      '/design/projects/:projectId/prices',
      { schema: { tags, params: projectIdParams } },
      async (request) => ({
        status: true,
        data: await costs.priceBook(requireUser(request), request.params.projectId),
      }),
    );

    api.post(
      '/design/projects/:projectId/prices',
      { schema: { tags, params: projectIdParams, body: priceBookBody } },
      async (request) => ({
        status: true,
        data: await costs.savePriceBook(
          requireUser(request),
          request.params.projectId,
          request.body,
        ),
        message: translate(requestLocale(request), 'costs.pricesSaved'),
      }),
    );
  };
}
