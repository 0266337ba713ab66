/**
 * Reads the GraceTHD model's table definitions (gracethd_30_tables.sql, GPL-3.0, kept outside the
 * project): names, types, NOT NULLs and value lists of every column. Used to generate
 * model-tables.ts and by the test that keeps that file equal to the model.
 */

export type ModelColumnType =
  'text' | 'integer' | 'bigint' | 'real' | 'date' | 'timestamp' | 'boolean';

export interface ModelColumn {
  name: string;
  type: ModelColumnType;
  notNull: boolean;
  /** The value list (l_*) a REFERENCES names, or the table of a foreign key. */
  references?: string;
  /** VARCHAR's length. */
  length?: number;
}

export interface ModelTable {
  name: string;
  columns: ModelColumn[];
  /** The geometry column `geom`: its type and SRID. */
  geometry?: { type: 'Point' | 'LineString' | 'MultiPolygon' | 'Polygon'; srid: number };
  primaryKey: string;
}

const TYPES: [RegExp, ModelColumnType][] = [
  [/^VARCHAR\s*\(/i, 'text'],
  [/^TEXT/i, 'text'],
  [/^BIGINT/i, 'bigint'],
  [/^INTEGER|^SMALLINT|^INT\b/i, 'integer'],
  [/^NUMERIC|^REAL|^DOUBLE|^FLOAT/i, 'real'],
  [/^TIMESTAMP/i, 'timestamp'],
  [/^DATE/i, 'date'],
  [/^BOOLEAN/i, 'boolean'],
];

/** The model's SQL → its tables, in the file's order. */
export function parseModelSql(text: string): ModelTable[] {
  const tables: ModelTable[] = [];
  // Trusted reference text read by a test and a script, never user input.
  const blocks = text.split(/CREATE TABLE\s+/i).slice(1);
  for (const block of blocks) {
    const name = block.slice(0, block.indexOf('(')).trim();
    const body = block.slice(block.indexOf('(') + 1, block.indexOf(');'));
    const table: ModelTable = { name, columns: [], primaryKey: '' };
    for (const raw of body.split(/,\s*\n/)) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (!line) continue;
      const pk = /PRIMARY KEY \((\w+)\)/i.exec(line);
      if (pk?.[1]) {
        table.primaryKey = pk[1];
        continue;
      }
      if (/^CONSTRAINT/i.test(line)) continue;
      const [column, ...rest] = line.split(' ');
      const definition = rest.join(' ');
      if (!column) continue;
      const geometry = /^Geometry\((\w+),(\d+)\)/i.exec(definition);
      if (geometry) {
        const kinds = ['Point', 'LineString', 'MultiPolygon', 'Polygon'] as const;
        const kind = kinds.find((k) => k.toLowerCase() === geometry[1]?.toLowerCase());
        if (!kind) throw new Error(`${name}: unknown geometry ${definition}`);
        table.geometry = {
          type: kind,
          srid: Number(geometry[2]),
        };
        continue;
      }
      const type = TYPES.find(([pattern]) => pattern.test(definition))?.[1];
      if (!type) throw new Error(`${name}.${column}: unknown type ${definition}`);
      const length = /^VARCHAR\s*\((\d+)\)/i.exec(definition)?.[1];
      const references = /REFERENCES\s+(\w+)/i.exec(definition)?.[1];
      table.columns.push({
        name: column,
        type,
        notNull: /NOT NULL/i.test(definition),
        ...(references ? { references } : {}),
        ...(length ? { length: Number(length) } : {}),
      });
    }
    if (!table.primaryKey) {
      // Tables keyed by two columns (t_cond_chem) or none: the first column stands in.
      table.primaryKey = table.columns[0]?.name ?? '';
    }
    tables.push(table);
  }
  return tables;
}
