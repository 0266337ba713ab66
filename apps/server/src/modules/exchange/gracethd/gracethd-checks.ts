import type { ModelTable } from './model-sql.ts';
import { GRACETHD_LISTS, GRACETHD_TABLES } from './model-tables.ts';
import type { Found, Row } from './gracethd-tables.ts';
import { turns } from './turns.ts';

/** Problems of one kind reported at most this many times each (the rest are counted). */
const MAX_PER_KIND = 200;

const MODEL = new Map(GRACETHD_TABLES.map((t) => [t.name, t]));

/**
 * The delivery's rows checked as GraceTHD-Check would begin: every NOT NULL column filled, every
 * coded column in its value list, every foreign key naming a row, every code once per table.
 * Set based (a Set of codes per table): 100,000 fibres take milliseconds. `elementOf` names our
 * element behind a row's code, so that the problem opens on the map.
 */
export async function checkTables(
  tables: Map<string, Row[]>,
  elementOf: (table: string, row: Row) => { id: number; clusterId: number } | null,
  /** Foreign keys checked only toward these tables (an import reads some tables only). */
  targets?: ReadonlySet<string>,
): Promise<Found[]> {
  const found: Found[] = [];
  const turn = turns();
  const counts = new Map<string, number>();
  const push = (kind: string, problem: Found) => {
    const n = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, n);
    if (n <= MAX_PER_KIND) found.push(problem);
  };
  const keys = new Map<string, Set<string>>();
  for (const [name, rows] of tables) {
    const model = MODEL.get(name);
    if (!model) continue;
    const set = new Set<string>();
    for (const row of rows) {
      const key = String(row[model.primaryKey] ?? '');
      if (set.has(key))
        push(`dup:${name}`, {
          code: 'foreignKey',
          severity: 'error',
          key: 'exchange.check.duplicate',
          vars: { table: name, value: key },
          elementIds: [],
          clusterId: null,
          table: name,
          value: key,
        });
      set.add(key);
    }
    keys.set(name, set);
  }
  for (const [name, rows] of tables) {
    const model: ModelTable | undefined = MODEL.get(name);
    if (!model) continue;
    for (const row of rows) {
      await turn();
      const rowName = String(row[model.primaryKey] ?? '');
      const about = () => {
        const element = elementOf(name, row);
        return {
          elementIds: element ? [element.id] : [],
          clusterId: element?.clusterId ?? null,
        };
      };
      for (const column of model.columns) {
        const value = row[column.name];
        if (value === null || value === undefined || value === '') {
          if (column.notNull)
            push(`null:${name}.${column.name}`, {
              code: 'mandatory',
              severity: 'error',
              key: 'exchange.check.mandatory',
              vars: { table: name, column: column.name, row: rowName },
              ...about(),
              table: name,
              column: column.name,
            });
          continue;
        }
        const target = column.references;
        if (!target) continue;
        const text = String(value);
        if (target.startsWith('l_')) {
          if (!GRACETHD_LISTS[target]?.includes(text))
            push(`list:${name}.${column.name}`, {
              code: 'valueList',
              severity: 'error',
              key: 'exchange.check.valueList',
              vars: { table: name, column: column.name, value: text, list: target, row: rowName },
              ...about(),
              table: name,
              column: column.name,
              value: text,
            });
        } else if ((!targets || targets.has(target)) && !keys.get(target)?.has(text)) {
          push(`fk:${name}.${column.name}`, {
            code: 'foreignKey',
            severity: 'error',
            key: 'exchange.check.foreignKey',
            vars: { table: name, column: column.name, value: text, target, row: rowName },
            ...about(),
            table: name,
            column: column.name,
            value: text,
          });
        }
      }
    }
  }
  return found;
}
