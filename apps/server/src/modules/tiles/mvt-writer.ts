import { fromVectorTileJs, type VectorTileLayerLike } from '@maplibre/vt-pbf';
import type Point from '@mapbox/point-geometry';
import { TILE_EXTENT } from '@integration/contracts';

/**
 * One feature of a tile as the database writes it for the server's encoder (tile-encoders.ts):
 * [id, type, name, cluster, phase, capacity, cableType, color, pattern, geometry as GeoJSON
 * in tile coordinates].
 */
export type TileRow = [
  number,
  string,
  string,
  number,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  { type: string; coordinates: unknown },
];

type XY = [number, number];
const MVT_TYPE: Record<string, 1 | 2 | 3> = {
  Point: 1,
  MultiPoint: 1,
  LineString: 2,
  MultiLineString: 2,
  Polygon: 3,
  MultiPolygon: 3,
};

/** The rings (MVT's geometry parts) of a GeoJSON geometry already in tile coordinates. */
function partsOf(geometry: TileRow[9]): XY[][] {
  const c = geometry.coordinates;
  switch (geometry.type) {
    case 'Point':
      return [[c as XY]];
    case 'MultiPoint':
    case 'LineString':
      return [c as XY[]];
    case 'MultiLineString':
    case 'Polygon':
      return c as XY[][];
    case 'MultiPolygon':
      return (c as XY[][][]).flat();
    default:
      return [];
  }
}

const PROPERTY_NAMES = [
  'id',
  'type',
  'name',
  'cluster',
  'phase',
  'capacity',
  'cableType',
  'color',
  'pattern',
] as const;

/**
 * Mapbox Vector Tile bytes of a tile's rows, one layer per element type: what ST_AsMVT writes
 * on PostgreSQL, written here where PostGIS cannot (PGlite's has no protobuf).
 */
export function writeMvt(rows: TileRow[]): Uint8Array {
  const byType = new Map<string, TileRow[]>();
  for (const row of rows) {
    if (!MVT_TYPE[row[9].type]) continue;
    const list = byType.get(row[1]) ?? [];
    list.push(row);
    byType.set(row[1], list);
  }
  const layers: Record<string, VectorTileLayerLike> = {};
  for (const [name, features] of [...byType].sort(([a], [b]) => a.localeCompare(b))) {
    layers[name] = {
      version: 2,
      name,
      extent: TILE_EXTENT,
      length: features.length,
      feature(i: number) {
        const row = features[i] as TileRow;
        const properties: Record<string, string | number> = {};
        PROPERTY_NAMES.forEach((key, k) => {
          const value = row[k];
          if (value !== null && value !== undefined) properties[key] = value as string | number;
        });
        return {
          id: row[0],
          type: MVT_TYPE[row[9].type] as 1 | 2 | 3,
          extent: TILE_EXTENT,
          properties,
          loadGeometry: () =>
            partsOf(row[9]).map((part) => part.map(([x, y]) => ({ x, y }) as Point)),
        };
      },
    };
  }
  return fromVectorTileJs({ layers });
}
