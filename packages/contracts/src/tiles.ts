import type { ElementTypeName } from './element-types.ts';

/**
 * Vector tiles of a whole project (issue 30): `GET /api/tiles/{projectId}/{z}/{x}/{y}.mvt`,
 * Mapbox Vector Tile 2.1, one layer per element type named by its internal name (`PboFat`,
 * `Cable`, `Zone`…), extent TILE_EXTENT. Every feature's id is the element's id.
 */
export const tilePath = (
  projectId: number,
  z: number | string,
  x: number | string,
  y: number | string,
) => `/api/tiles/${projectId}/${z}/${x}/${y}.mvt`;

/** Tile coordinates per side (the MVT default) and the margin drawn beyond each edge. */
export const TILE_EXTENT = 4096;
export const TILE_BUFFER = 64;
/** Tiles are cut from zoom 0 to this one; the map overzooms beyond it. */
export const TILE_MAX_ZOOM = 16;

/**
 * Which markers keep their icon where they collide, and which stay longest as the view zooms
 * out: the network's backbone first (an FDT-SRO serves a whole cluster, a splice closure a
 * feeder), then the points users are served from, then the supports and the premises of which
 * a cluster has hundreds.
 */
export const MARKER_PRIORITY: Record<string, number> = {
  FDTSRO: 0,
  SpliceClosure: 1,
  PboFat: 2,
  Manhole: 3,
  Loop: 4,
  SFU: 5,
  Pole: 6,
  Building: 7,
};

/**
 * The lowest zoom at which a type's features are in the tiles. Below it the type is left out:
 * a city's 200,000 poles at zoom 10 would be a blur of dots and a megabyte per tile.
 */
export const TILE_MIN_ZOOM: Record<ElementTypeName, number> = {
  Zone: 0,
  FDTSRO: 0,
  Cable: 0,
  SpliceClosure: 13,
  PboFat: 14,
  Manhole: 15,
  Loop: 15,
  SFU: 15,
  Pole: 15,
  Building: 15,
};

/** The properties of a tiled feature (MVT values: strings and numbers only). */
export interface TileFeatureProperties {
  id: number;
  type: ElementTypeName;
  name: string;
  /** The element's cluster id. */
  cluster: number;
  /** The cluster's phase (Planned, In-Progress, Completed, Cancelled…). */
  phase: string;
  /** Cables: their Capacity and Type attributes, as the templates' styles key them. */
  capacity?: string;
  cableType?: string;
  /** Cables and zones: the colour the template gives them (for a cable, by capacity). */
  color?: string;
  /** Cables: the line pattern the template gives their type (solid, dashed, dotted). */
  pattern?: string;
}

/**
 * Real time: sent to the project's room after a commit changed elements there. `boxes` are
 * [west, south, east, north] in degrees (the elements' old and new places); an open map
 * refetches the tiles it holds that meet one of them.
 */
export interface TilesChangedPayload {
  projectId: number;
  boxes: [number, number, number, number][];
}
