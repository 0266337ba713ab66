import { open } from 'node:fs/promises';
import path from 'node:path';
import type { GdalHost } from '../file-format/gdal-host.ts';
import type { UploadedFile } from '../file-format/upload-sources.ts';
import { inspectZip } from '../file-format/zip-archive.ts';

export type DeliveryStandard = 'gracethd' | 'ofds';

/** GraceTHD's two tables no delivery lacks: the nodes and the cables. */
const GRACETHD_CORE = ['t_noeud', 't_cable'];

/** The first bytes of a JSON file: enough to see an OFDS package's top-level keys. */
const PEEK_BYTES = 64 * 1024;

async function peek(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PEEK_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

const baseNames = (names: string[]) =>
  new Set(names.map((name) => path.posix.basename(name).toLowerCase()));

/**
 * Which exchange standard the uploads are, from their content: a GeoPackage holding GraceTHD's
 * t_noeud and t_cable tables, a zip of the model's layout (t_noeud.shp and t_cable.csv), or JSON
 * whose first object is an OFDS network package ("networks") or, when a main project is named,
 * OFDS GeoJSON (features whose properties carry a "network"). Null for any other GIS file.
 */
export async function recogniseDelivery(
  uploads: UploadedFile[],
  gdal: GdalHost,
  fields: ReadonlyMap<string, string>,
): Promise<DeliveryStandard | null> {
  const loose = baseNames(uploads.map((u) => u.name));
  if (loose.has('t_noeud.shp') && loose.has('t_cable.csv')) return 'gracethd';
  for (const upload of uploads) {
    const extension = path.extname(upload.name).toLowerCase();
    if (extension === '.zip') {
      const entries = await inspectZip(upload.abs, upload.name, 5_000).catch(() => []);
      const names = baseNames(entries.map((e) => e.name));
      if (names.has('t_noeud.shp') && names.has('t_cable.csv')) return 'gracethd';
    } else if (extension === '.gpkg') {
      const layers = await gdal
        .run<string[]>({ op: 'layers', path: path.relative(gdal.root, upload.abs) })
        .catch(() => []);
      const names = new Set(layers.map((l) => l.toLowerCase()));
      if (GRACETHD_CORE.every((table) => names.has(table))) return 'gracethd';
    } else if (extension === '.json' || extension === '.geojson') {
      const head = await peek(upload.abs);
      // Only keys are looked for (indexOf, no pattern): user text meets no regular expression.
      if (head.trimStart().startsWith('{') && head.includes('"networks"')) return 'ofds';
      // OFDS's GeoJSON files are GIS layers too (nodes and spans): read as a network only when
      // the import names the main project a network goes under (the import wizard does).
      if (
        fields.has('mainProjectId') &&
        head.includes('"FeatureCollection"') &&
        head.includes('"network"')
      )
        return 'ofds';
    }
  }
  return null;
}
