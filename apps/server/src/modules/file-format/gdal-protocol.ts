import type { MessagePort } from 'node:worker_threads';
import type { ExportFormat, Locale } from '@integration/contracts';
import type { FileProblem } from './file-errors.ts';

/** Messages between the server and its GDAL worker thread. Paths are relative to the worker's root. */

export type SourceKind = 'shapefile' | 'geojson' | 'kml' | 'gpkg' | 'fgb' | 'csv' | 'osm';

export interface ImportSource {
  /** Path of the dataset under the worker's root. */
  path: string;
  /** The name the user knows it by ('archive.zip/folder/roads.shp'). */
  label: string;
  kind: SourceKind;
  openOptions: string[];
  /** A failure to read it is only a warning (a stray .json inside a shapefile zip). */
  optional: boolean;
  /** A shapefile without its .shx: GDAL rebuilds the index (never for a complete one). */
  restoreShx?: boolean;
  /** Warnings found before GDAL read it, already localised. */
  warnings: string[];
}

export interface ImportTask {
  op: 'import';
  locale: Locale;
  sources: ImportSource[];
  /** EPSG code the user gave for layers that declare no CRS. */
  epsg: number | null;
  /** Warnings about the upload as a whole, already localised. */
  warnings: string[];
  /** Job folder under the root; the answer is written to `${dir}/response.json`. */
  dir: string;
  /** Read only the layers of these names (a road network's chosen layer); all when unset. */
  onlyLayers?: string[] | null;
  /** Of an OpenStreetMap file, read only these of GDAL's layers (roads: 'lines'). */
  osmLayers?: string[] | null;
}

export interface ImportOutcome {
  responseFile: string;
  layers: number;
  features: number;
}

export interface ConvertLayer {
  /** Output layer name (an element type's display name, or points/lines/polygons). */
  name: string;
  /**
   * A file under the root holding the layer's features: GeoJSON, or CSV or FlatGeobuf with
   * `source`; or, when `streamed`, the name of a file the task's feed sends while GDAL reads it.
   */
  path: string;
  streamed?: boolean;
  /** How a CSV's or FlatGeobuf's columns become the output's fields and geometry. */
  source?: LayerSource;
}

export interface LayerSource {
  /**
   * The source is a FlatGeobuf written by PostGIS (its layer unnamed; no CSV open options), not
   * a CSV.
   */
  flatGeobuf?: boolean;
  /**
   * The column holding the geometry as hex WKB (in EPSG:4326), or none for a FlatGeobuf's own
   * geometry; and the layer's geometry type ('wkbPoint'). Null for a table without geometry
   * (GraceTHD's t_fibre).
   */
  geometry: { src?: string; type: string } | null;
  /** The output's fields in order: name, source column, OGR type (and subtype). */
  fields: { name: string; src: string; type: string; subtype?: string; width?: number }[];
  /** The column holding the element ids: a GeoPackage keeps them as its FID column. */
  fid?: { name: string; src: string };
}

/**
 * What GDAL writes: the plain GIS formats, and the exchange standards' files (GraceTHD's
 * GeoPackage and shapefiles; DXF).
 */
export type WriteFormat = ExportFormat | 'gracethd-gpkg' | 'gracethd-shp' | 'dxf';

export interface ConvertTask {
  op: 'convert';
  format: WriteFormat;
  /** Reproject to this EPSG code (the layers are in EPSG:4326). */
  targetSrs?: number;
  /** More ogr2ogr arguments for this task (a DXF header, creation options). */
  extraArgs?: string[];
  layers: ConvertLayer[];
  dir: string;
  /** Output base name, without extension, under dir. */
  output: string;
  /**
   * Write the output to disk as GDAL goes rather than in memory (copied out at the end): slower,
   * but memory does not grow with the file.
   */
  outputOnDisk?: boolean;
  /** Where the streamed layers' files arrive (gdal-host.ts's Feed), and its shared counters. */
  feed?: { port: MessagePort; signal: SharedArrayBuffer };
}

export interface ConvertOutcome {
  /** Absolute paths of the files written (a shapefile's parts, or one file). */
  files: string[];
}

/** The names of a dataset's layers (a GeoPackage recognised as a GraceTHD delivery). */
export interface LayersTask {
  op: 'layers';
  /** Path under the root. */
  path: string;
}

/** Tables of datasets (paths under the root) as GeoJSON sequences in WGS84, written in dir. */
export interface ReadTablesTask {
  op: 'readTables';
  sources: string[];
  tables: string[];
  dir: string;
  /** The EPSG code of layers that declare none (GraceTHD's: Lambert-93). */
  assumeSrs: number;
}

export interface ReadTablesOutcome {
  /** Each table found (lower case), its file (absolute) and GDAL's feature count. */
  tables: { name: string; file: string; count: number; assumedSrs: boolean }[];
}

export type WorkerTask = ImportTask | ConvertTask | LayersTask | ReadTablesTask;

export type WorkerRequest = { id: number; task: WorkerTask };

export type WorkerResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; problem: FileProblem }
  | { id: number; ok: false; crash: string };
