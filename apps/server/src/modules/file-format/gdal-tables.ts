import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FileProblem } from './file-errors.ts';
import { gdalLog, gdalMessage, type GdalApi } from './gdal-api.ts';
import { MemoryFolder } from './gdal-memory.ts';
import type { ReadTablesOutcome, ReadTablesTask } from './gdal-protocol.ts';

/**
 * Reads the named tables of datasets (a GraceTHD GeoPackage, its shapefiles) as GeoJSON text
 * sequences, one feature a line (a feature's FID as its `id`: t_love keeps lv_id so),
 * reprojected to WGS84, written to the job's folder for the server to read line by line. Layers
 * declaring no coordinate system are taken to be in `assumeSrs`. Each dataset is read, and its
 * tables written, in WebAssembly memory, then copied in one go (see gdal-memory.ts: several
 * times faster than GDAL's small reads and writes through the disk).
 */
export async function readTables(
  gdal: GdalApi,
  task: ReadTablesTask,
  root: string,
): Promise<ReadTablesOutcome> {
  const wanted = new Set(task.tables.map((t) => t.toLowerCase()));
  const tables: ReadTablesOutcome['tables'] = [];
  const diskDir = path.join(root, task.dir);
  for (const [i, source] of task.sources.entries()) {
    const memory = new MemoryFolder(gdal, `${task.dir}-read-${i}`);
    try {
      // A shapefile comes with its companions (same name, other extensions).
      const file = path.join(root, source);
      const stem = path.basename(file, path.extname(file));
      const companions = readdirSync(path.dirname(file)).filter(
        (name) => path.basename(name, path.extname(name)) === stem,
      );
      for (const name of companions) memory.copyIn(path.join(path.dirname(file), name));
      gdalLog.clear();
      // gdal3.js opens paths under its /output folder: '/output/../tmp/…' is the memory folder.
      const opened = await gdal
        .open(`/output/..${memory.path}/${path.basename(file)}`)
        .catch(() => null);
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
            // ogr2ogr writes under /output: '../tmp/…' is the memory folder.
            const written = await gdal.ogr2ogr(
              ds,
              ['-f', 'GeoJSONSeq', '-preserve_fid', ...srs, '-lco', 'RS=NO', layer.name],
              `../${memory.path.slice(1)}/read-${name}`,
            );
            const [copied] = memory.copyOut(path.posix.normalize(written.local), diskDir);
            tables.push({
              name,
              file: copied ?? '',
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
    } finally {
      memory.remove();
    }
  }
  return { tables };
}

const unreadable = (file: string, reason: string): FileProblem => ({
  status: 422,
  key: 'files.unreadable',
  vars: { file, reason },
});
