import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import initGdalJs from 'gdal3.js/node.js';
import type { GdalApi } from '../../apps/server/src/modules/file-format/gdal-api.ts';
import { MemoryFolder, openVector } from '../../apps/server/src/modules/file-format/gdal-memory.ts';

/**
 * gdal3.js alone, in the bench's own thread: the same WebAssembly GDAL our exports run, with none
 * of our database reads, CSV, worker, styles or HTTP around it. What an export costs beyond this
 * is ours to answer for.
 */
export async function bareGdal(folder: string) {
  const gdal = await bareGdalApi(folder);
  let runs = 0;
  return {
    /**
     * Converts a file on disk to `output` (a file or, for a shapefile, a folder, under `folder`)
     * with ogr2ogr's `args`, as fast as gdal3.js goes: the input read into GDAL's memory, the
     * output written there and then to disk in one go (as our exports do, gdal-memory.ts).
     */
    convert(input: string, args: string[], output: string): Promise<void> {
      return convertInMemory(gdal, `bare-${runs++}`, input, args, path.join(folder, output));
    },
  };
}

/** gdal3.js itself, its /output folder mounted on `folder`. */
export async function bareGdalApi(folder: string): Promise<GdalApi> {
  const packageDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('gdal3.js/package.json')),
    'dist/package',
  );
  return (await initGdalJs({
    path: path.relative(process.cwd(), packageDir) || '.',
    dest: folder,
    env: { OGR_GEOJSON_MAX_OBJ_SIZE: '0' },
    logHandler: () => {},
    errorHandler: () => {},
  })) as unknown as GdalApi;
}

async function convertInMemory(
  gdal: GdalApi,
  dir: string,
  input: string,
  args: string[],
  output: string,
): Promise<void> {
  const memory = new MemoryFolder(gdal, dir);
  try {
    const source = memory.write(path.basename(input), '');
    gdal.Module.FS.writeFile(source, readFileSync(input));
    const dataset = openVector(gdal, source);
    if (!dataset) throw new Error(`gdal3.js cannot open ${input}`);
    const name = path.basename(output, path.extname(output));
    const shapefile = args.includes('ESRI Shapefile');
    if (shapefile) memory.mkdir(`${name}.shp`);
    try {
      // ogr2ogr writes under /output: '../tmp/…' is the memory folder.
      const target = `../${memory.path.slice(1)}/${name}`;
      const written = await gdal.ogr2ogr(dataset, args, target).catch((error: unknown) => {
        // gdal3.js rejects on the shapefile driver's warning that it shortened a long field
        // name, once the file is written; our export shortens them itself, beforehand.
        if (!/laundered/.test((error as { message?: string }).message ?? '')) throw error;
        return { local: `/output/${target}` };
      });
      rmSync(output, { recursive: true, force: true });
      memory.copyOut(
        shapefile ? `${memory.path}/${name}.shp` : written.local,
        path.dirname(output),
      );
    } finally {
      await gdal.close(dataset);
    }
  } finally {
    memory.remove();
  }
}
