import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileProblem } from './file-errors.ts';
import { gdalLog, gdalMessage, type GdalApi } from './gdal-api.ts';
import { FLATGEOBUF_LAYER } from './flatgeobuf-pages.ts';
import { FeedReader, MemoryFolder, openVector } from './gdal-memory.ts';
import type {
  ConvertLayer,
  ConvertOutcome,
  ConvertTask,
  LayerSource,
  WriteFormat,
} from './gdal-protocol.ts';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A CSV's or FlatGeobuf's columns as the output's fields, typed (a CSV's empty text read as
 * null); the geometry from hex WKB, or the FlatGeobuf's own; the ids as FIDs when the format
 * keeps them.
 */
function vrtFields(source: LayerSource, fidColumn: boolean): string {
  const fid =
    fidColumn && source.fid
      ? `<FID name="${xml(source.fid.name)}">${xml(source.fid.src)}</FID>`
      : '';
  const geometry = source.geometry
    ? (source.geometry.src
        ? `<GeometryField encoding="WKB" field="${xml(source.geometry.src)}">`
        : '<GeometryField>') +
      `<GeometryType>${source.geometry.type}</GeometryType><SRS>EPSG:4326</SRS></GeometryField>`
    : '<GeometryType>wkbNone</GeometryType>';
  return (
    (source.flatGeobuf
      ? ''
      : `<OpenOptions><OOI key="EMPTY_STRING_AS_NULL">YES</OOI></OpenOptions>`) +
    geometry +
    fid +
    source.fields
      .filter((f) => !fidColumn || f.src !== source.fid?.src)
      .map(
        (f) =>
          `<Field name="${xml(f.name)}" src="${xml(f.src)}" type="${f.type}"${f.subtype ? ` subtype="${f.subtype}"` : ''}${f.width ? ` width="${f.width}"` : ''}/>`,
      )
      .join('')
  );
}

/**
 * One VRT layer over one file (its layer named after it, or PostGIS's unnamed FlatGeobuf layer):
 * GeoJSON, or CSV or FlatGeobuf with its fields.
 */
const vrtLayer = (layer: ConvertLayer, fidColumn: boolean) => `
  <OGRVRTLayer name="${xml(layer.name)}">
    <SrcDataSource>${xml(layer.path)}</SrcDataSource>
    <SrcLayer>${xml(layer.source?.flatGeobuf ? FLATGEOBUF_LAYER : path.basename(layer.path, path.extname(layer.path)))}</SrcLayer>
    ${layer.source ? vrtFields(layer.source, fidColumn) : '<LayerSRS>EPSG:4326</LayerSRS>'}
  </OGRVRTLayer>`;

/**
 * The layers as one GDAL dataset: one layer each (shapefile, GeoPackage, KML folders), or their
 * union (GeoJSON, FlatGeobuf, CSV hold one layer), so that one ogr2ogr call writes the file.
 */
function vrt(layers: ConvertLayer[], union: boolean, name: string, fidColumn: boolean): string {
  const body = layers.map((l) => vrtLayer(l, fidColumn)).join('');
  return union
    ? `<OGRVRTDataSource><OGRVRTUnionLayer name="${xml(name)}"><GeometryType>wkbUnknown</GeometryType><LayerSRS>EPSG:4326</LayerSRS>${body}</OGRVRTUnionLayer></OGRVRTDataSource>`
    : `<OGRVRTDataSource>${body}</OGRVRTDataSource>`;
}

/** Per format: one layer or their union, ogr2ogr's arguments, whether ids become the FID column. */
export const EXPORT_OPTIONS: Record<
  WriteFormat,
  { union: boolean; args: string[]; fidColumn?: boolean }
> = {
  geojson: { union: true, args: ['-f', 'GeoJSON', '-lco', 'RFC7946=YES', '-nlt', 'GEOMETRY'] },
  kml: { union: false, args: ['-f', 'KML', '-dsco', 'NameField=Name'] },
  shp: { union: false, args: ['-f', 'ESRI Shapefile', '-lco', 'ENCODING=UTF-8'] },
  gpkg: { union: false, args: ['-f', 'GPKG'], fidColumn: true },
  fgb: { union: true, args: ['-f', 'FlatGeobuf', '-nlt', 'GEOMETRY'] },
  csv: {
    union: true,
    args: ['-f', 'CSV', '-lco', 'GEOMETRY=AS_WKT', '-lco', 'WRITE_BOM=YES', '-nlt', 'GEOMETRY'],
  },
  // GraceTHD (issue 29): the model's tables, geometry column `geom`, each layer typed by its VRT.
  'gracethd-gpkg': {
    union: false,
    args: ['-f', 'GPKG', '-lco', 'GEOMETRY_NAME=geom'],
    fidColumn: true,
  },
  // The model's exchange layout: shapefiles in Windows-1252 (its CSVs are written without GDAL).
  'gracethd-shp': { union: false, args: ['-f', 'ESRI Shapefile', '-lco', 'ENCODING=CP1252'] },
  // DXF holds one layer ("entities"): each feature's Layer field names its CAD layer.
  dxf: { union: true, args: ['-f', 'DXF'] },
};

/** Inputs larger than this are converted on disk, not in WebAssembly memory (limited to a few GB). */
const IN_MEMORY_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Writes the layers in the asked format with GDAL; answers the files written. Inputs and output
 * live in WebAssembly memory during the conversion (see gdal-memory.ts) unless they are large.
 */
export async function convertExport(
  gdal: GdalApi,
  task: ConvertTask,
  root: string,
): Promise<ConvertOutcome> {
  const options = EXPORT_OPTIONS[task.format];
  const { union, fidColumn = false } = options;
  const args = [
    ...options.args,
    ...(task.targetSrs ? ['-t_srs', `EPSG:${task.targetSrs}`] : []),
    ...(task.extraArgs ?? []),
  ];
  // A folder of files per layer: shapefiles.
  const folder = task.format === 'shp' || task.format === 'gracethd-shp';
  const diskDir = path.join(root, task.dir);
  const inputBytes = task.layers
    .filter((l) => !l.streamed)
    .reduce((n, l) => n + statSync(path.join(root, l.path)).size, 0);
  const streamed = task.layers.some((l) => l.streamed);
  const memory =
    streamed || inputBytes <= IN_MEMORY_MAX_BYTES ? new MemoryFolder(gdal, task.dir) : null;
  const feed =
    task.feed && memory
      ? new FeedReader(gdal, task.feed.port, new Int32Array(task.feed.signal))
      : null;
  try {
    const layers = task.layers.map((l) => ({
      ...l,
      path: !memory
        ? `/output/${l.path}`
        : l.streamed
          ? feedFile(feed, `${memory.path}/${l.path}`, l.path)
          : memory.copyIn(path.join(root, l.path)),
    }));
    const text = vrt(layers, union, task.output, fidColumn);
    const vrtPath = memory ? memory.write('layers.vrt', text) : `/output/${task.dir}/layers.vrt`;
    if (!memory) writeFileSync(path.join(diskDir, 'layers.vrt'), text);
    // A large output goes straight to disk: memory would hold the whole file.
    const outputMemory = task.outputOnDisk ? null : memory;
    // ogr2ogr writes under /output: '../tmp/…' is the memory folder.
    const output = outputMemory
      ? `../${outputMemory.path.slice(1)}/${task.output}`
      : `${task.dir}/${task.output}`;
    const folderName = `${task.output}.shp`;
    if (folder) {
      if (outputMemory) outputMemory.mkdir(folderName);
      else mkdirSync(path.join(diskDir, folderName), { recursive: true });
    }
    gdalLog.clear();
    const ds = openVector(gdal, vrtPath);
    if (!ds) throw failure(gdalLog.firstError() ?? 'no dataset');
    try {
      const written = await gdal.ogr2ogr(ds, args, output);
      feed?.assertRead();
      const file = folder ? `${output}.shp` : written.local.replace(/^\/output\//, '');
      if (outputMemory) {
        const target = folder ? path.join(diskDir, folderName) : diskDir;
        mkdirSync(target, { recursive: true });
        return { files: outputMemory.copyOut(path.posix.join('/output', file), target) };
      }
      if (folder) {
        const dir = path.join(root, file);
        return {
          files: readdirSync(dir)
            .sort()
            .map((f) => path.join(dir, f)),
        };
      }
      return { files: [written.real] };
    } catch (error) {
      throw failure(gdalMessage(error));
    } finally {
      await gdal.close(ds);
    }
  } finally {
    feed?.close();
    memory?.remove();
  }
}

function feedFile(feed: FeedReader | null, at: string, name: string): string {
  if (!feed) throw new Error('a streamed layer needs a feed');
  return feed.create(at, name);
}

const failure = (reason: string): FileProblem => ({
  status: 422,
  key: 'files.conversionFailed',
  vars: { reason },
});
