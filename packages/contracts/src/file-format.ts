import { z } from 'zod';
import { bodyId, text } from './primitives.ts';
import { ELEMENT_TYPES } from './element-types.ts';

/** GIS file formats the server writes (issue "GIS files"). */
export const EXPORT_FORMATS = ['geojson', 'kml', 'shp', 'gpkg', 'fgb', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** File extension of each export; a shapefile leaves as a zip of its parts. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  geojson: 'geojson',
  kml: 'kml',
  shp: 'zip',
  gpkg: 'gpkg',
  fgb: 'fgb',
  csv: 'csv',
};

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  geojson: 'application/geo+json',
  kml: 'application/vnd.google-earth.kml+xml',
  shp: 'application/zip',
  gpkg: 'application/geopackage+sqlite3',
  fgb: 'application/octet-stream',
  csv: 'text/csv; charset=utf-8',
};

/** File extensions the import accepts (parts of a shapefile, archives, single-file formats). */
export const IMPORT_EXTENSIONS = [
  'zip',
  'kmz',
  'kml',
  'geojson',
  'json',
  'gpkg',
  'fgb',
  'csv',
  // OpenStreetMap XML (.osm) and PBF (.osm.pbf), read by GDAL's OSM driver.
  'osm',
  'pbf',
  'shp',
  'shx',
  'dbf',
  'prj',
  'cpg',
  'dbt',
] as const;

const segments = ELEMENT_TYPES.map((t) => t.segment) as [string, ...string[]];
const id = bodyId;

/**
 * Exchange standards (issue 29): deliveries built from the network's connectivity, not from one
 * type's layer. `gracethd`: one GeoPackage of the GraceTHD 2.0.1 tables; `gracethd-shpcsv`: the
 * model's own layout (shapefiles for the spatial tables, `;` CSV for the others) in a zip;
 * `ofds`: an Open Fibre Data Standard network package; `dxf`: a drawing for CAD offices.
 */
export const EXCHANGE_FORMATS = ['gracethd', 'gracethd-shpcsv', 'ofds', 'dxf'] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number];

export const EXCHANGE_EXTENSIONS: Record<ExchangeFormat, string> = {
  gracethd: 'gpkg',
  'gracethd-shpcsv': 'zip',
  ofds: 'json',
  dxf: 'dxf',
};

export const EXCHANGE_MEDIA_TYPES: Record<ExchangeFormat, string> = {
  gracethd: 'application/geopackage+sqlite3',
  'gracethd-shpcsv': 'application/zip',
  ofds: 'application/json',
  dxf: 'image/vnd.dxf',
};

export const isExchangeFormat = (format: string): format is ExchangeFormat =>
  (EXCHANGE_FORMATS as readonly string[]).includes(format);

/** GraceTHD statuses (l_statut) a delivery may be declared in. */
export const GRACETHD_STATUTS = [
  'PRE',
  'DIA',
  'AVP',
  'PRO',
  'ACT',
  'EXE',
  'TVX',
  'REC',
  'MCO',
] as const;

export const exportBody = z.object({
  /**
   * The scope, exactly one of the three: a cluster, a central office or a whole project (every
   * format; the server checks there is one).
   */
  clusterId: id.optional(),
  centralOfficeId: id.optional(),
  projectId: id.optional(),
  format: z.enum([...EXPORT_FORMATS, ...EXCHANGE_FORMATS]),
  /** Only these elements (the map's selection); absent means the whole scope. */
  elementIds: z.array(id).max(200_000).optional(),
  /** Only these types, as registry URL segments (the visible layers). */
  types: z.array(z.enum(segments)).max(ELEMENT_TYPES.length).optional(),
  /** Exchange formats: the delivery's coordinate system, an EPSG code (GraceTHD: 2154 by default). */
  crs: z.number().int().min(1024).max(999_999).optional(),
  /** GraceTHD: prefix of every code (a client's naming rule). */
  codePrefix: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,12}$/)
    .optional(),
  /** GraceTHD: the delivery's status (l_statut); by default from the clusters' phases. */
  statut: z.enum(GRACETHD_STATUTS).optional(),
  /** GraceTHD: only run the pre-export checks and answer their problems. */
  dryRun: z.boolean().optional(),
  /** OFDS: a zip of the package JSON with its GeoJSON nodes and spans files. */
  ofdsGeojson: z.boolean().optional(),
});
export type ExportBody = z.infer<typeof exportBody>;
export type FileExportBody = ExportBody & { format: ExportFormat };

/** A GeoJSON geometry, loosely: the converter (GDAL) checks the details. */
export const geoJsonGeometry = z.object({
  type: z.enum([
    'Point',
    'MultiPoint',
    'LineString',
    'MultiLineString',
    'Polygon',
    'MultiPolygon',
    'GeometryCollection',
  ]),
  coordinates: z.unknown().optional(),
  geometries: z.array(z.unknown()).optional(),
});

export const geoJsonFeature = z.object({
  type: z.literal('Feature'),
  id: z.union([text(), z.number()]).optional(),
  geometry: geoJsonGeometry.nullable(),
  properties: z.record(text(), z.unknown()).nullable(),
});

export const geoJsonFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geoJsonFeature).max(500_000),
});

/** POST /file-format/geoJSONToSHP (SPEC §7): a FeatureCollection, a Feature or a geometry. */
export const geoJsonToShpBody = z.union([
  geoJsonFeatureCollection,
  geoJsonFeature,
  geoJsonGeometry.extend({ coordinates: z.unknown() }),
]);
export type GeoJsonToShpBody = z.infer<typeof geoJsonToShpBody>;

export type GeoJsonFeature = z.infer<typeof geoJsonFeature>;
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id?: string | number;
    geometry: { type: string; coordinates?: unknown; geometries?: unknown[] } | null;
    properties: Record<string, unknown> | null;
  }[];
}

/** The kind of geometry a layer holds; layers of mixed kinds are split into one per kind. */
export type LayerGeometryKind = 'point' | 'line' | 'polygon' | 'collection';

export interface ImportedField {
  name: string;
  /** GDAL's field type: String, Integer, Integer64, Real, Date, DateTime, … */
  type: string;
}

export interface ImportedCrs {
  /** EPSG code when one is known. */
  epsg: number | null;
  name: string | null;
  /** file: declared by the file; assumed: no CRS, coordinates looked like lon/lat; user: the epsg field. */
  source: 'file' | 'assumed' | 'user';
}

/** One layer found in the uploaded files (one per geometry kind of a source layer). */
export interface ImportedLayer {
  name: string;
  /** The layer's name in its file (several entries share it when a layer mixes kinds). */
  sourceLayer: string;
  /** The file it came from, as uploaded (zip entries as zip/path). */
  file: string;
  geometryKind: LayerGeometryKind;
  /** GeoJSON geometry type, or the Multi type when a layer mixes single and multi. */
  geometryType: string;
  featureCount: number;
  fields: ImportedField[];
  crs: ImportedCrs;
  /** Reprojected to WGS84 (EPSG:4326), features without geometry left out. */
  features: FeatureCollection;
  warnings: string[];
}

export interface ImportResult {
  layers: ImportedLayer[];
  /** About the upload as a whole: files skipped, layers without features… */
  warnings: string[];
}

/** Details of a 422 asking for the coordinate system of layers that declare none. */
export interface CrsRequiredDetails {
  crsRequired: true;
  layers: { file: string; layer: string; extent: number[] | null }[];
}

/** Header of the geoJSONToSHP answer: DBF field names that had to be shortened. */
export const FIELD_RENAMES_HEADER = 'x-field-renames';
