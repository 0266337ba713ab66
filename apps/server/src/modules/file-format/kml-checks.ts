import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileProblem } from './file-errors.ts';

const COORDINATES = /<(?:\w+:)?coordinates[^>]*>([\s\S]*?)<\/(?:\w+:)?coordinates>/g;

/** Whether one KML coordinates text holds only tuples of finite numbers ("lng,lat[,alt] …"). */
export function finiteKmlCoordinates(text: string): boolean {
  const tuples = text.replace(/,\s+/g, ',').trim().split(/\s+/).filter(Boolean);
  return tuples.every((tuple) => {
    const parts = tuple.split(',').filter((p) => p !== '');
    return parts.length >= 2 && parts.every((p) => Number.isFinite(Number(p)));
  });
}

/**
 * SPEC §5: coordinates must be finite numbers. GDAL's KML reader quietly drops a geometry it
 * cannot parse, so a placemark with "1e999,nan" would vanish; it is refused here instead, naming it.
 */
export async function checkKmlCoordinates(file: string, label: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  let index = 0;
  for (const match of text.matchAll(COORDINATES)) {
    index++;
    if (!finiteKmlCoordinates(match[1] ?? '')) {
      throw fileProblem(422, 'files.coordinatesNotFinite', {
        file: label,
        layer: path.basename(label, path.extname(label)),
        index,
      });
    }
  }
}
