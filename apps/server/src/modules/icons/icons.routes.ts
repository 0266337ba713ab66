import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_MARKER_ICON_WIDTH } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { sendStaticAsset, staticAsset, type StaticAsset } from '../basemaps/static-asset.ts';
import { renderIcon } from './icon-svg.ts';
import { ICON_KEYS, ICON_SYMBOLS, resolveIconKey, type IconKey } from './icon-symbols.ts';

export const ICON_WIDTH_MIN = 8;
export const ICON_WIDTH_MAX = 256;

/** `?width=`: a whole number of pixels in range, else a localised 400. */
function parseWidth(raw: unknown): number {
  if (raw === undefined) return DEFAULT_MARKER_ICON_WIDTH;
  const width = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (width >= ICON_WIDTH_MIN && width <= ICON_WIDTH_MAX) return width;
  throw new AppError(400, 'VALIDATION_ERROR', 'icons.invalidWidth', {
    min: ICON_WIDTH_MIN,
    max: ICON_WIDTH_MAX,
    value: String(raw),
  });
}

// At most 11 icons × 249 widths, a few hundred bytes each.
const rendered = new Map<string, StaticAsset>();
function iconAsset(key: IconKey, width: number): StaticAsset {
  const cacheKey = `${key}@${width}`;
  let asset = rendered.get(cacheKey);
  if (!asset) {
    asset = staticAsset('image/svg+xml', renderIcon(ICON_SYMBOLS[key], width));
    rendered.set(cacheKey, asset);
  }
  return asset;
}

/** Map marker icons (SPEC §7 icon service). Public: images load without the bearer token. */
export async function iconsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/icons/:type.svg',
    {
      config: { public: true },
      schema: {
        tags: ['icons'],
        params: z.object({ type: z.string() }),
        // Checked in the handler, for a message that names the allowed range.
        querystring: z.looseObject({ width: z.string().optional() }),
      },
    },
    (request, reply) => {
      const key = resolveIconKey(request.params.type);
      if (!key) {
        throw new AppError(404, 'NOT_FOUND', 'icons.unknownType', {
          type: request.params.type,
          types: ICON_KEYS.join(', '),
        });
      }
      return sendStaticAsset(request, reply, iconAsset(key, parseWidth(request.query.width)));
    },
  );
}
