import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paramId, TILE_MAX_ZOOM } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { requireUser } from '../auth/auth.hook.ts';
import { isTile } from './tile-coordinates.ts';
import type { TilesService } from './tiles.service.ts';

const whole = z.coerce.number().int().nonnegative();
const tileParams = z.object({ projectId: paramId, z: whole, x: whole, y: whole });

/** `GET /api/tiles/{projectId}/{z}/{x}/{y}.mvt`: a project's vector tile (issue 30). */
export function tilesRoutes(tiles: TilesService) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/tiles/:projectId/:z/:x/:y(^\\d+).mvt',
      { schema: { tags: ['tiles'], params: tileParams } },
      async (request, reply) => {
        const { projectId, ...tile } = request.params;
        if (!isTile(tile)) {
          throw new AppError(400, 'VALIDATION_ERROR', 'tiles.badTile', {
            ...tile,
            max: TILE_MAX_ZOOM,
          });
        }
        const { etag, bytes } = await tiles.read(
          requireUser(request),
          projectId,
          tile,
          request.headers['if-none-match'],
        );
        // Private (the answer depends on the reader's rights), asked again each time: the tag
        // makes an unchanged tile a 304 of no bytes.
        reply.header('etag', etag).header('cache-control', 'private, no-cache');
        if (bytes === null) return reply.code(304).send();
        return reply
          .type('application/vnd.mapbox-vector-tile')
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      },
    );
  };
}
