import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { elementIdParams } from '@integration/contracts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { EnclosuresService } from './enclosures.service.ts';
import { spliceDiagramPdf } from './splice-diagram-pdf.ts';

/**
 * Printable fibre documents under /api/fibre (issue 26): an enclosure's splice diagram as a PDF.
 * Whoever may read the enclosure's plan may print it: the plan is read the same way.
 */
export function fibreDocumentsRoutes(enclosures: EnclosuresService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/fibre/enclosures/:elementId/diagram.pdf',
      { schema: { tags: ['fibre documents'], params: elementIdParams } },
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
          .header(
            'content-disposition',
            contentDisposition(
              translate(locale, 'fibredocs.filename', { name: plan.enclosure.name }),
            ),
          )
          .header('access-control-expose-headers', 'content-disposition')
          .send(bytes);
      },
    );
  };
}
