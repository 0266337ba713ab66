import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { elementIdParams, idParams, traceQuery } from '@integration/contracts';
import { z } from 'zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { EnclosuresService } from './enclosures.service.ts';
import { budgetWorkbook, traceWorkbook } from './fibre-sheets.ts';
import { spliceDiagramPdf } from './splice-diagram-pdf.ts';
import type { TraceService } from './trace.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const clusterIdParams = z.object({ clusterId: idParams.shape.id });

/**
 * Fibre documents under /api/fibre (issue 26): an enclosure's splice diagram as a PDF, a trace
 * and a cluster's loss budget as spreadsheets. Whoever may read the plan, the trace or the
 * budget may download it: each is read through the same service call as its JSON.
 */
export function fibreDocumentsRoutes(enclosures: EnclosuresService, traces: TraceService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['fibre documents'];
    const attachment = (name: string) => ({
      'content-disposition': contentDisposition(name),
      'access-control-expose-headers': 'content-disposition',
    });

    api.get(
      '/fibre/trace.xlsx',
      { schema: { tags, querystring: traceQuery } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const user = requireUser(request);
        const trace = await traces.trace(user, request.query, locale);
        const title = await traces.traceTitle(request.query);
        return reply
          .type(XLSX)
          .headers(attachment(translate(locale, 'fibredocs.traceFilename', { name: title })))
          .send(await traceWorkbook(trace, title, locale));
      },
    );

    api.get(
      '/fibre/clusters/:clusterId/budget.xlsx',
      { schema: { tags, params: clusterIdParams } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const user = requireUser(request);
        const { homes, clusterName } = await traces.budget(user, request.params.clusterId);
        return reply
          .type(XLSX)
          .headers(attachment(translate(locale, 'fibredocs.budgetFilename', { name: clusterName })))
          .send(await budgetWorkbook(homes, clusterName, locale));
      },
    );

    api.get(
      '/fibre/enclosures/:elementId/diagram.pdf',
      { schema: { tags, params: elementIdParams } },
      async (request, reply) => {
        const locale = requestLocale(request);
        const plan = await enclosures.plan(
          requireUser(request),
          { elementId: request.params.elementId },
          locale,
        );
        const bytes = await spliceDiagramPdf(plan, locale, new Date().toISOString().slice(0, 10));
        return reply
          .type('application/pdf')
          .headers(
            attachment(translate(locale, 'fibredocs.filename', { name: plan.enclosure.name })),
          )
          .send(bytes);
      },
    );
  };
}
