import { TILE_BUFFER, TILE_EXTENT, TILE_MAX_ZOOM } from '@integration/contracts';

/** A tile of the Web Mercator pyramid (XYZ scheme: y grows southwards). */
export interface TileId {
  z: number;
  x: number;
  y: number;
}

/** [west, south, east, north] in degrees. */
export type LngLatBox = [number, number, number, number];

export const tileKey = ({ z, x, y }: TileId) => `${z}/${x}/${y}`;

export function isTile({ z, x, y }: TileId): boolean {
  const side = 2 ** z;
  return (
    Number.isInteger(z) &&
    z >= 0 &&
    z <= TILE_MAX_ZOOM &&
    Number.isInteger(x) &&
    x >= 0 &&
    x < side &&
    Number.isInteger(y) &&
    y >= 0 &&
    y < side
  );
}

const MAX_LAT = 85.0511287798066;

/** The fractional tile column and row of a place at a zoom. */
function tileXY(lng: number, lat: number, z: number): [number, number] {
  const side = 2 ** z;
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const x = ((lng + 180) / 360) * side;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * side;
  return [x, y];
}

/**
 * The tiles of a zoom that draw something of a box: a feature within the buffer beyond a
 * tile's edge is in that tile too (TILE_BUFFER), so the box is widened by it.
 */
export function tileRange(box: LngLatBox, z: number) {
  const side = 2 ** z;
  const margin = TILE_BUFFER / TILE_EXTENT;
  const [x0, y0] = tileXY(box[0], box[3], z);
  const [x1, y1] = tileXY(box[2], box[1], z);
  const clamp = (v: number) => Math.max(0, Math.min(side - 1, Math.floor(v)));
  return {
    minX: clamp(x0 - margin),
    maxX: clamp(x1 + margin),
    minY: clamp(y0 - margin),
    maxY: clamp(y1 + margin),
  };
}

/** Whether a tile draws something of one of the boxes. */
export function tileMeets(tile: TileId, boxes: LngLatBox[]): boolean {
  return boxes.some((box) => {
    const r = tileRange(box, tile.z);
    return tile.x >= r.minX && tile.x <= r.maxX && tile.y >= r.minY && tile.y <= r.maxY;
  });
}

/** The tile of a zoom holding a place (tests and benchmarks pick tiles with it). */
export function tileAt(lng: number, lat: number, z: number): TileId {
  const [x, y] = tileXY(lng, lat, z);
  return { z, x: Math.floor(x), y: Math.floor(y) };
}
