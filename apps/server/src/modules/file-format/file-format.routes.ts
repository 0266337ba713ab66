import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportBody, geoJsonToShpBody, isExchangeFormat } from '@integration/contracts';
import type { Config } from '../../config.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { requestLocale } from '../../http/locale.ts';
import { requireUser } from '../auth/auth.hook.ts';
import type { ExchangeService } from '../exchange/exchange.service.ts';
import type { FileAnswer, FileFormatService, UploadPart } from './file-format.service.ts';

function sendFile(reply: FastifyReply, answer: FileAnswer) {
  reply.type(answer.mediaType);
  if (answer.filename) reply.header('content-disposition', contentDisposition(answer.filename));
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  reply.header(
    'access-control-expose-headers',
    'content-disposition, x-field-renames, x-skipped-features, x-crs, x-export-warnings, x-delivery-warnings',
  );
  return reply.send(answer.stream);
}

/**
 * GIS files: import (read, or an exchange delivery imported), export of a cluster or an exchange
 * delivery, and GeoJSON to shapefile (SPEC §7).
 */
export function fileFormatRoutes(
  files: FileFormatService,
  exchange: ExchangeService,
  config: Config,
) {
  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => files.close());
    app.addHook('onListen', () => files.gdal.warm());
    await app.register(fastifyMultipart, {
      limits: { fileSize: config.importMaxBytes, files: 200, fields: 20, fieldSize: 64 * 1024 },
    });
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['GIS files'];

    api.post(
      '/file-format/import',
      { schema: { tags, consumes: ['multipart/form-data'] }, bodyLimit: config.importMaxBytes },
      async (request, reply) => {
        const stream = await files.importFiles(
          request.parts() as AsyncIterable<UploadPart>,
          requireUser(request),
          requestLocale(request),
        );
        return reply.type('application/json; charset=utf-8').send(stream);
      },
    );

    api.post(
      '/file-format/geoJSONToSHP',
      { schema: { tags, body: geoJsonToShpBody }, bodyLimit: config.importMaxBytes },
      async (request, reply) => {
        requireUser(request);
        return sendFile(reply, await files.geoJsonToShp(request.body));
      },
    );

    api.post(
      '/file-format/export',
      { schema: { tags, body: exportBody } },
      async (request, reply) => {
        const user = requireUser(request);
        const { body } = request;
        const locale = requestLocale(request);
        const format = body.format;
        if (isExchangeFormat(format))
          return sendFile(reply, await exchange.exportDelivery(user, { ...body, format }, locale));
        // The client went away before the file was ready: the export stops.
        const cancel = new AbortController();
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) cancel.abort();
        });
        return sendFile(
          reply,
          await files.exportFile(user, { ...body, format }, locale, cancel.signal),
        );
      },
    );
  };
}
