import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { AppError } from '../../../http/app-error.ts';
import type { ReadTablesOutcome } from '../../file-format/gdal-protocol.ts';
import { extractZip, inspectZip } from '../../file-format/zip-archive.ts';
import type { ImportContext } from '../exchange-context.ts';
import { GRACETHD_DEFAULT_CRS } from './gracethd-crs.ts';
import type { Row } from './gracethd-tables.ts';
import { GRACETHD_TABLES } from './model-tables.ts';

/** The rows a delivery may hold in all (a 2,000-home cluster: ~150,000 with its positions). */
export const MAX_DELIVERY_ROWS = 1_500_000;

/** The tables an import reads; the others are counted as skipped. */
export const READ_TABLES = [
  't_noeud',
  't_ptech',
  't_ebp',
  't_sitetech',
  't_ltech',
  't_baie',
  't_tiroir',
  't_cassette',
  't_cable',
  't_cableline',
  't_fibre',
  't_position',
  't_suf',
  't_adresse',
  't_love',
  't_znro',
  't_zsro',
];

const SPATIAL = new Set(GRACETHD_TABLES.filter((t) => t.geometry).map((t) => t.name));

export interface DeliveryRows {
  tables: Map<string, Row[]>;
  /** GeoJSON geometries of the spatial tables' rows, by table and row index. */
  geometries: Map<string, ({ type: string; coordinates: unknown } | null)[]>;
  warnings: { key: 'assumedSrs'; table: string }[];
}

/** A GeoJSON text sequence (one feature a line) read line by line: properties and geometry. */
async function readFeatures(
  file: string,
  table: string,
  into: DeliveryRows,
  budget: { rows: number },
): Promise<void> {
  const rows: Row[] = [];
  const geometries: ({ type: string; coordinates: unknown } | null)[] = [];
  const model = GRACETHD_TABLES.find((t) => t.name === table);
  const key = model?.columns[0]?.type === 'bigint' ? model.primaryKey : null;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    if (++budget.rows > MAX_DELIVERY_ROWS) tooMany(table);
    const feature = JSON.parse(line) as {
      id?: number;
      properties: Record<string, unknown> | null;
      geometry: { type: string; coordinates: unknown } | null;
    };
    const row = lowerKeys(feature.properties ?? {});
    // A table keyed by a number keeps its key as the GeoPackage's FID (ours: t_love's lv_id).
    if (key && !(key in row) && feature.id !== undefined) row[key] = feature.id;
    rows.push(row);
    geometries.push(feature.geometry);
  }
  into.tables.set(table, rows);
  into.geometries.set(table, geometries);
}

function tooMany(table: string): never {
  throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'exchange.tooManyRows', {
    table,
    count: `> ${MAX_DELIVERY_ROWS}`,
    max: MAX_DELIVERY_ROWS,
  });
}

function lowerKeys(properties: Record<string, unknown>): Row {
  const row: Row = {};
  for (const [key, value] of Object.entries(properties)) {
    const name = key.toLowerCase();
    row[name] =
      value === null || value === undefined
        ? null
        : typeof value === 'number'
          ? value
          : typeof value === 'boolean'
            ? Number(value)
            : String(value);
  }
  return row;
}

/**
 * A table in the model's CSV form: a header, `;` between values, no text delimiters (the model
 * forbids `;` in values). Every value stays text: `1.10` must not become 1.1, an INSEE code keeps
 * its zeros. Split by indexOf: no pattern meets the file's text.
 */
async function readModelCsv(
  file: string,
  table: string,
  into: DeliveryRows,
  budget: { rows: number },
): Promise<void> {
  const rows: Row[] = [];
  let header: string[] | null = null;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const raw of lines) {
    const line: string = header === null ? raw.replace(/^\uFEFF/, '') : raw;
    if (!line.trim()) continue;
    const cells = line.split(';');
    if (header === null) {
      header = cells.map((c) => c.trim().toLowerCase());
      continue;
    }
    if (++budget.rows > MAX_DELIVERY_ROWS) tooMany(table);
    const row: Row = {};
    header.forEach((name, i) => {
      const value = cells[i] ?? '';
      row[name] = value === '' ? null : value;
    });
    rows.push(row);
  }
  into.tables.set(table, rows);
}

/**
 * Reads a GraceTHD delivery: a GeoPackage, or the model's layout (shapefiles + `;` CSVs) zipped
 * or sent as loose files. Spatial tables come through GDAL (reprojected to WGS84; a layer without
 * a coordinate system is taken to be in Lambert-93, the model's, and said); CSVs are read here.
 */
export async function readDelivery(context: ImportContext): Promise<DeliveryRows> {
  const { gdal, uploads, job, config } = context;
  const into: DeliveryRows = { tables: new Map(), geometries: new Map(), warnings: [] };
  const budget = { rows: 0 };
  const wanted = new Set(READ_TABLES);
  let files = uploads.map((u) => ({ abs: u.abs, name: u.name }));
  const zip = uploads.find((u) => u.name.toLowerCase().endsWith('.zip'));
  if (zip) {
    const entries = await inspectZip(zip.abs, zip.name, 5_000);
    const members = entries.filter((e) => {
      const base = path.posix.basename(e.name).toLowerCase();
      return wanted.has(base.replace(/\.(shp|shx|dbf|prj|cpg|csv)$/, ''));
    });
    const total = members.reduce((n, e) => n + e.size, 0);
    if (total > config.importMaxBytes * 5 || members.some((e) => e.size > config.importMaxBytes))
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'files.tooLarge', {
        max: Math.round(config.importMaxBytes / 1024 / 1024),
      });
    const dir = path.join(job.abs, 'delivery');
    const written = await extractZip(zip.abs, zip.name, dir, new Set(members.map((m) => m.name)));
    files = written.map((abs) => ({ abs, name: path.basename(abs) }));
  }
  const tableOf = (name: string) =>
    path
      .basename(name)
      .toLowerCase()
      .replace(/\.\w+$/, '');
  const gpkg = files.filter((f) => f.name.toLowerCase().endsWith('.gpkg'));
  const shapes = files.filter(
    (f) => f.name.toLowerCase().endsWith('.shp') && wanted.has(tableOf(f.name)),
  );
  const sources = [...gpkg, ...shapes].map((f) => path.relative(gdal.root, f.abs));
  if (sources.length) {
    const outcome = await gdal.run<ReadTablesOutcome>({
      op: 'readTables',
      sources,
      tables: READ_TABLES,
      dir: job.dir,
      assumeSrs: GRACETHD_DEFAULT_CRS,
    });
    for (const table of outcome.tables) {
      if (table.assumedSrs && SPATIAL.has(table.name))
        into.warnings.push({ key: 'assumedSrs', table: table.name });
      await readFeatures(table.file, table.name, into, budget);
    }
  }
  for (const csv of files.filter((f) => f.name.toLowerCase().endsWith('.csv'))) {
    const table = tableOf(csv.name);
    if (wanted.has(table) && !into.tables.has(table))
      await readModelCsv(csv.abs, table, into, budget);
  }
  return into;
}
