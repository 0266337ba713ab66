import path from 'node:path';
import type { FileProblem } from './file-errors.ts';
import { gdalLog, gdalMessage, type GdalApi } from './gdal-api.ts';
import type { ReadTablesOutcome, ReadTablesTask } from './gdal-protocol.ts';

/**
 * Reads the named tables of datasets (a GraceTHD GeoPackage, its shapefiles) as GeoJSON text
 * sequences on disk, one feature a line, reprojected to WGS84: the server reads them line by
 * line (a feature's FID as its `id`: t_love keeps lv_id so). Layers declaring no coordinate
 * system are taken to be in `assumeSrs`.
 */
export async function readTables(
  gdal: GdalApi,
  task: ReadTablesTask,
): Promise<ReadTablesOutcome> {
  const wanted = new Set(task.tables.map((t) => t.toLowerCase()));
  const tables: ReadTablesOutcome['tables'] = [];
  for (const source of task.sources) {
    gdalLog.clear();
    const opened = await gdal.open(`/output/${source}`).catch(() => null);
    const ds = opened?.datasets[0];
    if (!ds) throw unreadable(path.basename(source), gdalLog.firstError() ?? 'no dataset');
    try {
      for (const layer of ds.info.layers ?? []) {
        const name = layer.name.toLowerCase();
        if (!wanted.has(name) || tables.some((t) => t.name === name)) continue;
        const spatial = Boolean(layer.geometryFields?.length);
        const declared = Boolean(layer.geometryFields?.[0]?.coordinateSystem?.wkt);
        const srs = !spatial
          ? []
          : declared
            ? ['-t_srs', 'EPSG:4326']
            : ['-s_srs', `EPSG:${task.assumeSrs}`, '-t_srs', 'EPSG:4326'];
        try {
          const written = await gdal.ogr2ogr(
            ds,
            ['-f', 'GeoJSONSeq', '-preserve_fid', ...srs, '-lco', 'RS=NO', layer.name],
            `${task.dir}/read-${name}`,
          );
          tables.push({
            name,
            file: written.real,
            count: layer.featureCount,
            assumedSrs: spatial && !declared,
          });
        } catch (error) {
          throw unreadable(`${path.basename(source)}/${layer.name}`, gdalMessage(error));
        }
      }
    } finally {
      await gdal.close(ds);
    }
  }
  return { tables };
}

const unreadable = (file: string, reason: string): FileProblem => ({
  status: 422,
  key: 'files.unreadable',
  vars: { file, reason },
});
