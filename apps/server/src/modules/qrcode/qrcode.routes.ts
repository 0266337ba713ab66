import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_ID,
  TAG_PHOTO_MAX_BYTES,
  createQrTemplateBody,
  idParams,
  labelsFitQuery,
  labelsQuery,
  nearbyQuery,
  paramId,
  qrDeleteQuery,
  scanTagBody,
  tagCodeParams,
  updateQrTemplateBody,
} from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import { requestTimeZone } from '../../http/time-zone.ts';
import { translate } from '../../i18n/translate.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { DocumentAnswer, QrDocumentsService } from './qr-documents.service.ts';
import type { QrTagsService } from './qr-tags.service.ts';
import type { QrTemplatesService } from './qr-templates.service.ts';

const clusterParams = z.object({ clusterId: paramId });
const photoParams = tagCodeParams.extend({ photoId: paramId });
const pageQuery = z.object({
  // A sequence number is a PostgreSQL integer: 2147483648 is refused, not a 500.
  after: z
    .string()
    .regex(/^[0-9]{1,10}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_ID))
    .optional(),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .transform(Number)
    .optional(),
});
/** Photos arrive as the image's own bytes: what a phone's camera input gives, and a queue keeps. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
const photoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'qr.photoTooLarge', {
    max: TAG_PHOTO_MAX_BYTES / 1024 / 1024,
  });
const isReadable = (body: unknown): body is Readable =>
  typeof (body as Readable | null)?.pipe === 'function';

function sendDocument(reply: FastifyReply, answer: DocumentAnswer) {
  return reply
    .type(answer.mediaType)
    .header('content-disposition', contentDisposition(answer.filename))
    .header('x-tag-count', String(answer.count))
    .header('access-control-expose-headers', 'content-disposition, x-tag-count')
    .send(answer.stream);
}

/** QR templates (SPEC §7) and the field's tag scans (issue "QR asset tags"). */
export function qrcodeRoutes(
  templates: QrTemplatesService,
  tagsService: QrTagsService,
  documents: QrDocumentsService,
) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['QR tags'];

    // Photo files whose rows went with a cluster or a project: swept a minute after start,
    // then every six hours.
    const sweep = () =>
      void tagsService.sweep().catch((error: unknown) => app.log.warn({ error }, 'photo sweep'));
    const firstSweep = setTimeout(sweep, 60_000).unref();
    const sweeps = setInterval(sweep, 6 * 60 * 60 * 1000).unref();
    app.addHook('onClose', async () => {
      clearTimeout(firstSweep);
      clearInterval(sweeps);
    });

    api.get('/qrcode/templates', { schema: { tags } }, async (request) => ({
      status: true,
      data: await templates.all(requireUser(request)),
    }));

    api.get(
      '/qrcode/templates/cluster/:clusterId',
      { schema: { tags, params: clusterParams } },
      async (request) => ({
        status: true,
        data: await templates.ofCluster(requireUser(request), request.params.clusterId),
      }),
    );

    api.post(
      '/qrcode/templates/create',
      { schema: { tags, body: createQrTemplateBody } },
      async (request) => {
        const template = await templates.create(requireUser(request), request.body);
        return {
          status: true,
          data: template,
          message: translate(requestLocale(request), 'qr.created', {
            name: template.name,
            count: template.noOfTags,
          }),
        };
      },
    );

    api.post(
      '/qrcode/templates/update/:id',
      { schema: { tags, params: idParams, body: updateQrTemplateBody } },
      async (request) => ({
        status: true,
        data: await templates.update(requireUser(request), request.params.id, request.body),
        message: translate(requestLocale(request), 'qr.updated'),
      }),
    );

    api.delete(
      '/qrcode/templates/:id',
      { schema: { tags, params: idParams, querystring: qrDeleteQuery } },
      async (request) => {
        const force = request.query.force === 'true';
        const user = requireUser(request);
        const files = await tagsService.templatePhotoHashes(request.params.id);
        const { name } = await templates.delete(user, request.params.id, force);
        await tagsService.forget(files);
        return {
          status: true,
          statusCode: 200,
          data: null,
          message: translate(requestLocale(request), 'qr.deleted', { name }),
        };
      },
    );

    api.get(
      '/qrcode/templates/generate/:id',
      { schema: { tags, params: idParams, querystring: labelsQuery } },
      async (request, reply) =>
        sendDocument(
          reply,
          await documents.labelsPdf(
            requireUser(request),
            request.params.id,
            request.query,
            requestLocale(request),
          ),
        ),
    );

    // Asked by the labels dialog before printing: what the chosen stock cannot print whole,
    // and where the QR links point (a local PUBLIC_URL is warned about).
    api.get(
      '/qrcode/templates/:id/labels/fit',
      { schema: { tags, params: idParams, querystring: labelsFitQuery } },
      async (request) => ({
        status: true,
        data: await documents.labelsFit(
          requireUser(request),
          request.params.id,
          request.query.layout,
          requestLocale(request),
        ),
      }),
    );

    api.get('/qrcode/link-base', { schema: { tags } }, async (request) => {
      requireUser(request);
      return { status: true, data: documents.linkBase() };
    });

    api.get(
      '/qrcode/templates/excel/:id',
      { schema: { tags, params: idParams } },
      async (request, reply) =>
        sendDocument(
          reply,
          await documents.tagsXlsx(
            requireUser(request),
            request.params.id,
            requestLocale(request),
            requestTimeZone(request),
          ),
        ),
    );

    api.get(
      '/qrcode/templates/:id/tags',
      { schema: { tags, params: idParams, querystring: pageQuery } },
      async (request) => ({
        status: true,
        data: await tagsService.page(
          requireUser(request),
          request.params.id,
          request.query.after ?? 0,
          request.query.limit ?? 100,
        ),
      }),
    );

    api.get('/qrcode/tags/:code', { schema: { tags, params: tagCodeParams } }, async (request) => ({
      status: true,
      data: await tagsService.view(requireUser(request), request.params.code),
    }));

    api.get(
      '/qrcode/tags/:code/nearby',
      { schema: { tags, params: tagCodeParams, querystring: nearbyQuery } },
      async (request) => ({
        status: true,
        data: await tagsService.nearby(requireUser(request), request.params.code, request.query),
      }),
    );

    api.post(
      '/qrcode/tags/:code/scan',
      { schema: { tags, params: tagCodeParams, body: scanTagBody } },
      async (request) => {
        const tag = await tagsService.scan(requireUser(request), request.params.code, request.body);
        return {
          status: true,
          data: tag,
          message: translate(requestLocale(request), 'qr.scanned', {
            code: tag.code,
            element: tag.element?.name ?? '',
          }),
        };
      },
    );

    await app.register(async (photos) => {
      // The body of a photo is the image's own bytes, streamed to a file by the service: no
      // JSON or form parser here, and anything else than an image type is refused with 415.
      photos.removeAllContentTypeParsers();
      photos.addContentTypeParser(PHOTO_TYPES, (_request, payload, done) => done(null, payload));
      // Too large is said in the photo's terms rather than as a generic body limit.
      photos.setErrorHandler((error) => {
        const code = (error as { code?: string }).code;
        if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw photoTooLarge();
        if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_ERR_CTP_EMPTY_TYPE') {
          throw new AppError(415, 'VALIDATION_ERROR', 'qr.photoNotImage');
        }
        throw error;
      });
      const typed = photos.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/qrcode/tags/:code/photos',
        { schema: { tags, params: tagCodeParams } },
        async (request) => {
          const announced = Number(request.headers['content-length'] ?? 0) || 0;
          if (announced > TAG_PHOTO_MAX_BYTES) throw photoTooLarge();
          if (!isReadable(request.body)) {
            throw new AppError(415, 'VALIDATION_ERROR', 'qr.photoNotImage');
          }
          return {
            status: true,
            data: await tagsService.addPhoto(
              requireUser(request),
              request.params.code,
              request.body,
              announced,
            ),
            message: translate(requestLocale(request), 'qr.photoAdded'),
          };
        },
      );
      typed.get(
        '/qrcode/tags/:code/photos/:photoId',
        { schema: { tags, params: photoParams } },
        async (request, reply) => {
          const photo = await tagsService.photo(
            requireUser(request),
            request.params.code,
            request.params.photoId,
          );
          // A photo id never changes its bytes: its hash is its version.
          const etag = `"${photo.sha256}"`;
          reply
            .type(photo.contentType)
            .header('etag', etag)
            .header('cache-control', 'private, max-age=31536000, immutable')
            .header('x-content-type-options', 'nosniff');
          if (request.headers['if-none-match'] === etag) {
            if (!Buffer.isBuffer(photo.body)) photo.body.destroy();
            return reply.code(304).send();
          }
          return reply.header('content-length', String(photo.size)).send(photo.body);
        },
      );
      typed.delete(
        '/qrcode/tags/:code/photos/:photoId',
        { schema: { tags, params: photoParams } },
        async (request) => {
          await tagsService.deletePhoto(
            requireUser(request),
            request.params.code,
            request.params.photoId,
          );
          return {
            status: true,
            data: null,
            message: translate(requestLocale(request), 'photos.deleted'),
          };
        },
      );
    });
  };
}
