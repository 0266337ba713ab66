import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExportFormat } from '@integration/contracts';
import type { FileProblem } from './file-errors.ts';
import { gdalMessage, type GdalApi } from './gdal-api.ts';
import type { ConvertLayer, ConvertOutcome, ConvertTask } from './gdal-protocol.ts';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One VRT layer over one GeoJSON file (its layer is named after the file). */
const vrtLayer = (layer: ConvertLayer) => `
  <OGRVRTLayer name="${xml(layer.name)}">
    <SrcDataSource>/output/${xml(layer.path)}</SrcDataSource>
    <SrcLayer>${xml(path.basename(layer.path, '.geojson'))}</SrcLayer>
    <LayerSRS>EPSG:4326</LayerSRS>
  </OGRVRTLayer>`;

/**
 * The layers as one GDAL dataset: one layer each (shapefile, GeoPackage, KML folders), or their
 * union (GeoJSON, FlatGeobuf, CSV hold one layer), so that one ogr2ogr call writes the file.
 */
function vrt(layers: ConvertLayer[], union: boolean, name: string): string {
  const body = layers.map(vrtLayer).join('');
  return union
    ? `<OGRVRTDataSource><OGRVRTUnionLayer name="${xml(name)}"><GeometryType>wkbUnknown</GeometryType><LayerSRS>EPSG:4326</LayerSRS>${body}</OGRVRTUnionLayer></OGRVRTDataSource>`
    : `<OGRVRTDataSource>${body}</OGRVRTDataSource>`;
}

const OPTIONS: Record<ExportFormat, { union: boolean; args: string[] }> = {
  geojson: { union: true, args: ['-f', 'GeoJSON', '-lco', 'RFC7946=YES', '-nlt', 'GEOMETRY'] },
  kml: { union: false, args: ['-f', 'KML', '-dsco', 'NameField=Name'] },
  shp: { union: false, args: ['-f', 'ESRI Shapefile', '-lco', 'ENCODING=UTF-8'] },
  gpkg: { union: false, args: ['-f', 'GPKG'] },
  fgb: { union: true, args: ['-f', 'FlatGeobuf', '-nlt', 'GEOMETRY'] },
  csv: {
    union: true,
    args: ['-f', 'CSV', '-lco', 'GEOMETRY=AS_WKT', '-lco', 'WRITE_BOM=YES', '-nlt', 'GEOMETRY'],
  },
};

/** Writes the layers in the asked format with GDAL; answers the files written. */
export async function convertExport(
  gdal: GdalApi,
  task: ConvertTask,
  root: string,
): Promise<ConvertOutcome> {
  const { union, args } = OPTIONS[task.format];
  const vrtPath = `${task.dir}/layers.vrt`;
  writeFileSync(path.join(root, vrtPath), vrt(task.layers, union, task.output));
  const output = `${task.dir}/${task.output}`;
  if (task.format === 'shp') mkdirSync(path.join(root, `${output}.shp`), { recursive: true });
  const ds = (await gdal.open(`/output/${vrtPath}`)).datasets[0];
  if (!ds) throw failure('no dataset');
  try {
    const written = await gdal.ogr2ogr(ds, args, output);
    if (task.format === 'shp') {
      const dir = path.join(root, `${output}.shp`);
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
}

const failure = (reason: string): FileProblem => ({
  status: 422,
  key: 'files.conversionFailed',
  vars: { reason },
});
