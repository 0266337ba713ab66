import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MemoryFolder, openVector } from '../../apps/server/src/modules/file-format/gdal-memory.ts';
import { bareGdalApi } from './bare-gdal.ts';

/** One layer of a conversion: its name in the output, and a FlatGeobuf file holding it. */
export interface BareLayer {
  name: string;
  file: string;
  /** The layer's name inside the file. */
  srcLayer: string;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The layers as one dataset, as our export's VRT has them: one layer each, or their union for
 * the formats that hold one layer.
 */
export function layersVrt(
  layers: { name: string; path: string; srcLayer: string }[],
  union: boolean,
) {
  const body = layers
    .map(
      (l) =>
        `<OGRVRTLayer name="${xml(l.name)}"><SrcDataSource>${xml(l.path)}</SrcDataSource><SrcLayer>${xml(l.srcLayer)}</SrcLayer></OGRVRTLayer>`,
    )
    .join('');
  return union
    ? `<OGRVRTDataSource><OGRVRTUnionLayer name="elements">${body}</OGRVRTUnionLayer></OGRVRTDataSource>`
    : `<OGRVRTDataSource>${body}</OGRVRTDataSource>`;
}

/**
 * gdal3.js alone converting several FlatGeobuf layers to one file (the same features our export
 * reads, a layer per element type): inputs read into GDAL's memory, the output written there
 * and copied to disk in one go, or, with `onDisk`, written to disk as GDAL goes (as our export
 * does for large files).
 */
export async function bareGdalLayers(folder: string) {
  const gdal = await bareGdalApi(folder);
  let runs = 0;
  return {
    async convert(
      layers: BareLayer[],
      union: boolean,
      args: string[],
      output: string,
      onDisk: boolean,
    ): Promise<void> {
      const memory = new MemoryFolder(gdal, `bare-layers-${runs++}`);
      const name = path.basename(output, path.extname(output));
      const shapefile = args.includes('ESRI Shapefile');
      const target = path.join(folder, output);
      rmSync(target, { recursive: true, force: true });
      try {
        const inputs = layers.map((l, i) => {
          const at = memory.write(`in-${i}.fgb`, '');
          gdal.Module.FS.writeFile(at, readFileSync(l.file));
          return { name: l.name, path: at, srcLayer: l.srcLayer };
        });
        const vrt = memory.write('layers.vrt', layersVrt(inputs, union));
        const dataset = openVector(gdal, vrt);
        if (!dataset) throw new Error('gdal3.js cannot open the layers');
        try {
          // gdal3.js adds the format's extension; a shapefile's is a folder of its layers.
          if (onDisk) {
            if (shapefile) mkdirSync(path.join(folder, `${name}.shp`), { recursive: true });
            await gdal.ogr2ogr(dataset, args, name);
            return;
          }
          if (shapefile) memory.mkdir(`${name}.shp`);
          // ogr2ogr writes under /output: '../tmp/…' is the memory folder.
          const into = `../${memory.path.slice(1)}/${name}`;
          const written = await gdal.ogr2ogr(dataset, args, into);
          memory.copyOut(shapefile ? `${memory.path}/${name}.shp` : written.local, folder);
        } finally {
          await gdal.close(dataset);
        }
      } finally {
        memory.remove();
      }
    },
  };
}
