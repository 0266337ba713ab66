import { createRequire } from 'node:module';
import path from 'node:path';
import initGdalJs from 'gdal3.js/node.js';
import type { GdalApi } from '../../apps/server/src/modules/file-format/gdal-api.ts';

/**
 * gdal3.js alone, in the bench's own thread, over a folder mounted at /output: the same
 * WebAssembly GDAL our exports run, with none of our database reads, CSV, worker, styles or
 * HTTP around it. What an export costs beyond this is ours to answer for.
 */
export async function bareGdal(folder: string) {
  const packageDir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('gdal3.js/package.json')),
    'dist/package',
  );
  const gdal = (await initGdalJs({
    path: path.relative(process.cwd(), packageDir) || '.',
    dest: folder,
    logHandler: () => {},
    errorHandler: () => {},
  })) as unknown as GdalApi;
  return {
    /** Converts /output/<input> to `output` (under /output) with ogr2ogr's `args`. */
    async convert(input: string, args: string[], output: string): Promise<void> {
      const opened = await gdal.open(`/output/${input}`);
      const dataset = opened.datasets[0];
      if (!dataset) throw new Error(`gdal3.js cannot open ${input}`);
      try {
        await gdal.ogr2ogr(dataset, args, output).catch((error: { message?: string }) => {
          // gdal3.js rejects on the shapefile driver's warning that it shortened a long field
          // name, once the file is written; our export shortens them itself, beforehand.
          if (!/laundered/.test(error.message ?? '')) throw error;
        });
      } finally {
        await gdal.close(dataset);
      }
    },
  };
}
