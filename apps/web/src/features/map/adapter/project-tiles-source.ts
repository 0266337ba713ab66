import type { Map as MapLibreMap, RequestParameters, VectorSourceSpecification } from 'maplibre-gl';
import { tilePath, TILE_MAX_ZOOM } from '@integration/contracts';
import { session } from '../../../session/session.ts';

/** The vector source of a whole project's tiles (issue 30). */
export const PROJECT_TILES = 'project-tiles';

export type Box = [west: number, south: number, east: number, north: number];

export interface TileId {
  z: number;
  x: number;
  y: number;
}

const TILES_PREFIX = '/api/tiles/';

/** The project's tile address with MapLibre's placeholders, absolute (its workers need it). */
export const projectTilesUrl = (projectId: number) =>
  `${window.location.origin}${tilePath(projectId, '{z}', '{x}', '{y}')}`;

export const projectTilesSource = (projectId: number): VectorSourceSpecification => ({
  type: 'vector',
  tiles: [projectTilesUrl(projectId)],
  minzoom: 0,
  // Cut to TILE_MAX_ZOOM; closer, MapLibre overzooms those tiles.
  maxzoom: TILE_MAX_ZOOM,
});

/**
 * Tiles are /api routes: they carry the session's Bearer token like every API call. Read at
 * each request, so a refreshed token is used from then on. Other URLs (base maps) go as they are.
 */
export function withTileToken(url: string): RequestParameters {
  const path = url.startsWith(window.location.origin)
    ? url.slice(window.location.origin.length)
    : url;
  if (!path.startsWith(TILES_PREFIX)) return { url };
  const token = session.token();
  return {
    url,
    headers: {
      'accept-language': session.locale(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** Put the token on tile requests of this map. */
export function authoriseTiles(map: MapLibreMap): void {
  map.setTransformRequest((url) => withTileToken(url));
}

const clampLat = (lat: number) => Math.max(-85.0511, Math.min(85.0511, lat));

/** Web Mercator tile column and row of a place at zoom z. */
export function tileOf(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (clampLat(lat) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return { x: Math.max(0, Math.min(n - 1, x)), y: Math.max(0, Math.min(n - 1, y)) };
}

/** The tiles of zoom z that meet a box (at most `limit`: a box larger than that is cut). */
export function tilesInBox([w, s, e, n]: Box, z: number, limit = 256): TileId[] {
  const min = tileOf(w, n, z);
  const max = tileOf(e, s, z);
  const tiles: TileId[] = [];
  for (let x = min.x; x <= max.x; x++) {
    for (let y = min.y; y <= max.y; y++) {
      tiles.push({ z, x, y });
      if (tiles.length >= limit) return tiles;
    }
  }
  return tiles;
}

/** Where two boxes overlap, or null. */
export function overlap(a: Box, b: Box): Box | null {
  const box: Box = [
    Math.max(a[0], b[0]),
    Math.max(a[1], b[1]),
    Math.min(a[2], b[2]),
    Math.min(a[3], b[3]),
  ];
  return box[0] <= box[2] && box[1] <= box[3] ? box : null;
}

/** The zoom of the tiles a map shows at a zoom (vector tiles of 512 px, cut to TILE_MAX_ZOOM). */
export const tileZoomAt = (zoom: number) => Math.max(0, Math.min(TILE_MAX_ZOOM, Math.floor(zoom)));

/** How long a changed place is remembered: tiles MapLibre keeps aside are refetched when seen. */
const REMEMBERED_MS = 10 * 60_000;

/**
 * The places whose tiles changed (`tiles:changed`) and the tiles of them already fetched
 * again. MapLibre refetches only the tiles in view (refreshTiles); those it keeps for later
 * (another zoom, a panned-away place) would come back stale, so each changed place is
 * remembered and its tiles refetched as the view reaches them, once each.
 */
export class ChangedPlaces {
  private places: { box: Box; at: number; done: Set<string> }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  add(boxes: Box[]): void {
    const at = this.now();
    for (const box of boxes) this.places.push({ box, at, done: new Set() });
  }

  /**
   * The tiles to fetch again for a view (its box and map zoom): those of a changed place in
   * view, at the zoom shown and the one under it (drawn while the closer ones load), not yet
   * fetched again since the change.
   */
  due(view: Box, zoom: number): TileId[] {
    const now = this.now();
    this.places = this.places.filter((p) => now - p.at < REMEMBERED_MS);
    const z = tileZoomAt(zoom);
    const due = new Map<string, TileId>();
    for (const place of this.places) {
      const seen = overlap(place.box, view);
      if (!seen) continue;
      for (const zoomShown of z > 0 ? [z, z - 1] : [z]) {
        for (const tile of tilesInBox(seen, zoomShown, 64)) {
          const key = `${tile.z}/${tile.x}/${tile.y}`;
          if (place.done.has(key)) continue;
          place.done.add(key);
          due.set(key, tile);
        }
      }
    }
    return [...due.values()];
  }
}
