import { z } from 'zod';

/** The map types of SPEC §2, in the order of the radio list; the first is the default. */
export const BASEMAP_IDS = ['terrain', 'satellite', 'roadmap', 'hybrid'] as const;
export const basemapIdSchema = z.enum(BASEMAP_IDS);
export type BasemapId = z.infer<typeof basemapIdSchema>;

/**
 * An XYZ tile URL template as MapLibre expands it: absolute http(s) or same-origin ('/...'),
 * with {z}, {x} and {y} (or {quadkey}).
 */
export const tileUrlSchema = z
  .string()
  .regex(/^(https?:\/\/|\/)/, 'must start with http://, https:// or /')
  .refine((url) => !url.includes('{s}'), {
    message: 'MapLibre does not expand {s}: list one URL per subdomain instead',
  })
  .refine(
    (url) => url.includes('{quadkey}') || ['{z}', '{x}', '{y}'].every((p) => url.includes(p)),
    {
      message: 'must contain {z}, {x} and {y} (or {quadkey})',
    },
  );

/** One raster tile source: the URLs are alternatives (subdomains) of the same tiles. */
export const rasterTilesSchema = z.object({
  tiles: z.array(tileUrlSchema).min(1),
  attribution: z.string(),
});

export const basemapSchema = rasterTilesSchema.extend({
  id: basemapIdSchema,
  tileSize: z.number().int().min(64).max(1024),
  /** The deepest zoom the source has tiles for; MapLibre overzooms beyond it. */
  maxzoom: z.number().int().min(0).max(24),
  /** Drawn on top of the base tiles (labels and roads of the hybrid map). */
  overlay: rasterTilesSchema.optional(),
});
export type Basemap = z.infer<typeof basemapSchema>;

/** URLs (relative to the app's origin) of the bundled offline layers, as GeoJSON. */
export const offlineLayersSchema = z.object({
  land: z.string(),
  borders: z.string(),
  places: z.string(),
});
export type OfflineLayers = z.infer<typeof offlineLayersSchema>;

/** `data` of GET /api/map/basemaps. */
export const basemapsResponseSchema = z.object({
  basemaps: z.array(basemapSchema),
  offline: offlineLayersSchema,
});
export type BasemapsResponse = z.infer<typeof basemapsResponseSchema>;

/** Properties of a feature of the offline places layer: one label per country. */
export interface OfflinePlaceProperties {
  name: string;
  /** 1 for the largest country: a symbol-sort-key, so big countries win label collisions. */
  rank: number;
}
