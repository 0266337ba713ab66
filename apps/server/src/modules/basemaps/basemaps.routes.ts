import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { basemapsResponseSchema, type Basemap, type OfflineLayers } from '@integration/contracts';
import {
  buildOfflineLayers,
  OFFLINE_LAYERS,
  serializeRounded,
  type OfflineLayerName,
} from './offline-layers.ts';
import { sendStaticAsset, staticAsset, type StaticAsset } from './static-asset.ts';

const offlineUrl = (layer: OfflineLayerName) => `/api/map/offline/${layer}.geojson`;

export const OFFLINE_LAYER_URLS: OfflineLayers = {
  land: offlineUrl('land'),
  borders: offlineUrl('borders'),
  places: offlineUrl('places'),
};

/** Built at the first request (a few hundred ms), then served from memory. */
let offlineAssets: Record<OfflineLayerName, StaticAsset> | undefined;
function offlineAsset(layer: OfflineLayerName): StaticAsset {
  if (!offlineAssets) {
    const layers = buildOfflineLayers();
    offlineAssets = Object.fromEntries(
      OFFLINE_LAYERS.map((name) => [
        name,
        staticAsset('application/geo+json', serializeRounded(layers[name])),
      ]),
    ) as Record<OfflineLayerName, StaticAsset>;
  }
  return offlineAssets[layer];
}

/** The map's base layers (configured XYZ tiles) and the bundled offline layer. */
export function basemapsRoutes(basemaps: readonly Basemap[]) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['map'];

    api.get(
      '/map/basemaps',
      {
        schema: {
          tags,
          response: { 200: z.object({ status: z.literal(true), data: basemapsResponseSchema }) },
        },
      },
      async () => ({
        status: true as const,
        data: { basemaps: [...basemaps], offline: OFFLINE_LAYER_URLS },
      }),
    );

    // Public like the tiles they stand in for: world geography, no project data.
    for (const layer of OFFLINE_LAYERS) {
      api.get(
        `/map/offline/${layer}.geojson`,
        { config: { public: true }, schema: { tags } },
        (request, reply) => sendStaticAsset(request, reply, offlineAsset(layer)),
      );
    }
  };
}
