import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ConvertLayer, ConvertOutcome, LayerSource } from '../../file-format/gdal-protocol.ts';
import { convertFed } from '../../file-format/feed-files.ts';
import type { GdalHost } from '../../file-format/gdal-host.ts';
import { closeStream, write } from '../../file-format/job-files.ts';
import { zipStream } from '../../file-format/zip-writer.ts';
import type { ModelColumn, ModelTable } from './model-sql.ts';
import { GRACETHD_TABLES } from './model-tables.ts';
import type { Found, Row, Value } from './gracethd-tables.ts';

export type Layout = 'gpkg' | 'shpcsv';

const GEOMETRY_TYPES: Record<NonNullable<ModelTable['geometry']>['type'], string> = {
  Point: 'wkbPoint',
  LineString: 'wkbLineString',
  Polygon: 'wkbPolygon',
  MultiPolygon: 'wkbMultiPolygon',
};

/**
 * How GDAL types a column. The model's exchange layout (shapefiles and CSV) wants dates as
 * `aaaa-mm-jj` and timestamps as `aaaa-mm-jj hh:mm:ss`, which GDAL's CSV and DBF writers would
 * format their own way: there they travel as text already formatted; booleans are 0/1.
 */
function ogrField(column: ModelColumn, layout: Layout) {
  switch (column.type) {
    case 'integer':
      return { type: 'Integer' };
    case 'bigint':
      return { type: 'Integer64' };
    case 'real':
      return { type: 'Real' };
    case 'boolean':
      return layout === 'gpkg' ? { type: 'Integer', subtype: 'Boolean' } : { type: 'Integer' };
    case 'date':
      return layout === 'gpkg' ? { type: 'Date' } : { type: 'String', width: 10 };
    case 'timestamp':
      return layout === 'gpkg' ? { type: 'DateTime' } : { type: 'String', width: 19 };
    default:
      return { type: 'String', width: column.length ?? 254 };
  }
}

/** One CSV field of the VRT's input: numbers bare, text quoted, null empty. */
function csvField(value: Value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return `"${value.replace(/"/g, '""')}"`;
}

/**
 * Text the model forbids or cannot hold: a `;` (the CSV's separator, co_1_s00001) becomes `,`;
 * longer than the column is cut. Each kind is reported once per column with its count.
 */
function cleanText(table: ModelTable, rows: Row[], found: Found[]): void {
  const columns = table.columns.filter((c) => c.type === 'text');
  for (const column of columns) {
    let semicolons = 0;
    let cut = 0;
    let first: string | null = null;
    for (const row of rows) {
      const value = row[column.name];
      if (typeof value !== 'string') continue;
      let text = value;
      if (text.includes(';')) {
        text = text.replaceAll(';', ',');
        semicolons++;
        first ??= String(row[table.primaryKey]);
      }
      const max = column.length ?? 254;
      if (text.length > max) {
        text = text.slice(0, max);
        cut++;
        first ??= String(row[table.primaryKey]);
      }
      row[column.name] = text;
    }
    const about = { elementIds: [], clusterId: null, table: table.name, column: column.name };
    if (semicolons)
      found.push({
        ...about,
        code: 'text',
        severity: 'warning',
        key: 'exchange.check.semicolon',
        vars: { table: table.name, column: column.name, row: `${first} (${semicolons})` },
      });
    if (cut)
      found.push({
        ...about,
        code: 'text',
        severity: 'warning',
        key: 'exchange.check.textCut',
        vars: { table: table.name, column: column.name, row: `${first} (${cut})` },
      });
  }
}

/**
 * A table in the model's CSV form (co_1_f00004–7): a header, `;` between values, UTF-8, no BOM,
 * no text delimiters (a value never holds `;`, replaced by cleanText; a line break becomes a
 * space), booleans 0/1, dates and timestamps as already formatted.
 */
async function writeModelCsv(table: ModelTable, rows: Row[], file: string): Promise<void> {
  const cell = (value: Value | undefined) =>
    value === null || value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : value.replace(/[\r\n]+/g, ' ');
  await writeLines(file, table.columns.map((c) => c.name).join(';'), rows, (row) =>
    table.columns.map((c) => cell(row[c.name])).join(';'),
  );
}

/** A header and a line per row, written a megabyte at a time. */
async function writeLines(
  file: string,
  header: string,
  rows: Row[],
  line: (row: Row) => string,
): Promise<void> {
  const out = createWriteStream(file);
  try {
    for (const chunk of chunksOf(header, rows, line)) await write(out, chunk);
  } finally {
    await closeStream(out);
  }
}

/** How GDAL reads a table's rows in the VRT's CSV form (see vrtCsv). */
function tableSource(table: ModelTable, layout: Layout): LayerSource {
  return {
    geometry: table.geometry ? { src: 'geom', type: GEOMETRY_TYPES[table.geometry.type] } : null,
    // A table keyed by a number (t_love's lv_id) keeps it as the GeoPackage's own FID column.
    ...(layout === 'gpkg' && table.columns[0]?.type === 'bigint'
      ? { fid: { name: table.primaryKey, src: 'c1' } }
      : {}),
    fields: table.columns.map((column, i) => ({
      name: column.name,
      src: `c${i + 1}`,
      ...ogrField(column, layout),
    })),
  };
}

/** A table's rows as the VRT's CSV: columns c1…, then the geometry as hex WKB. */
function vrtCsv(table: ModelTable) {
  const header = table.columns.map((_, i) => `c${i + 1}`);
  if (table.geometry) header.push('geom');
  return {
    header: header.join(','),
    line: (row: Row) => {
      const cells = table.columns.map((column) => csvField(row[column.name] ?? null));
      if (table.geometry) cells.push(String(row.geom ?? ''));
      return cells.join(',');
    },
  };
}

/** A header and a line per row, a megabyte of text at a time. */
function* chunksOf(header: string, rows: Row[], line: (row: Row) => string) {
  let chunk = header + '\n';
  for (const row of rows) {
    chunk += line(row) + '\n';
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** One table's rows as the VRT's CSV file, and how GDAL reads it. */
async function writeTable(
  table: ModelTable,
  rows: Row[],
  file: string,
  layout: Layout,
): Promise<LayerSource> {
  const { header, line } = vrtCsv(table);
  await writeLines(file, header, rows, line);
  return tableSource(table, layout);
}

/**
 * Every table of the model as the VRT's CSV files in the job's folder (empty tables too: a
 * delivery holds the whole model), text cleaned as the model wants; how GDAL reads each.
 */
export async function writeTableFiles(
  job: { dir: string; abs: string },
  tables: Map<string, Row[]>,
  options: { layout: Layout; found: Found[] },
): Promise<(ConvertLayer & { spatial: boolean })[]> {
  const layers: (ConvertLayer & { spatial: boolean })[] = [];
  for (const table of GRACETHD_TABLES) {
    const rows = tables.get(table.name) ?? [];
    cleanText(table, rows, options.found);
    const file = `${table.name}.csv`;
    const source = await writeTable(table, rows, path.join(job.abs, file), options.layout);
    layers.push({
      name: table.name,
      path: `${job.dir}/${file}`,
      source,
      spatial: Boolean(table.geometry),
    });
  }
  return layers;
}

/**
 * The GeoPackage: each table's CSV goes to GDAL on a feed as it is written, while GDAL writes the
 * tables before it (no file of its own: 0.4 s of the demo-sized delivery's 2 s was writing them
 * all before GDAL began). Answers the file written.
 */
async function streamGeoPackage(
  gdal: GdalHost,
  job: { dir: string },
  tables: Map<string, Row[]>,
  options: { crs: number; found: Found[] },
): Promise<string> {
  const { outcome } = await convertFed(
    gdal,
    {
      op: 'convert',
      format: 'gracethd-gpkg',
      layers: GRACETHD_TABLES.map((table) => ({
        name: table.name,
        path: `${table.name}.csv`,
        streamed: true,
        source: tableSource(table, 'gpkg'),
      })),
      dir: job.dir,
      output: 'gracethd',
      targetSrs: options.crs,
    },
    GRACETHD_TABLES.map((table) => ({
      name: `${table.name}.csv`,
      pages: (async function* () {
        const rows = tables.get(table.name) ?? [];
        cleanText(table, rows, options.found);
        const { header, line } = vrtCsv(table);
        for (const chunk of chunksOf(header, rows, line)) {
          yield [chunk];
          // A turn of the event loop between megabytes: others are answered meanwhile.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })(),
    })),
  );
  return outcome.files[0] ?? '';
}

/**
 * Writes every table of the model (empty ones too: a delivery holds the whole model) and has
 * GDAL write them in the delivery's coordinate system: one GeoPackage (geometry column `geom`),
 * or the model's exchange layout — shapefiles (Windows-1252) for the spatial tables and `;` CSVs
 * for the others — zipped.
 */
export async function writeDelivery(
  gdal: GdalHost,
  job: { dir: string; abs: string },
  tables: Map<string, Row[]>,
  options: { layout: Layout; crs: number; found: Found[] },
): Promise<{ stream: Readable; file?: string }> {
  if (options.layout === 'gpkg') {
    const file = await streamGeoPackage(gdal, job, tables, options);
    return { stream: createReadStream(file), file };
  }
  const layers = await writeTableFiles(job, tables, options);
  const shapes = await gdal.run<ConvertOutcome>({
    op: 'convert',
    format: 'gracethd-shp',
    layers: layers.filter((l) => l.spatial).map(({ spatial: _, ...layer }) => layer),
    dir: job.dir,
    output: 'shp',
    targetSrs: options.crs,
  });
  const csvs: string[] = [];
  for (const layer of layers.filter((l) => !l.spatial)) {
    const table = GRACETHD_TABLES.find((t) => t.name === layer.name);
    if (!table) continue;
    const file = path.join(job.abs, 'csv', `${table.name}.csv`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeModelCsv(table, tables.get(table.name) ?? [], file);
    csvs.push(file);
  }
  const files = [...shapes.files, ...csvs].map((file) => ({
    name: path.basename(file),
    file,
  }));
  return { stream: zipStream(files) };
}
