import { sql, type SQL } from 'drizzle-orm';
import type { Aggregation, GroupByLevel, Metric } from '@integration/contracts';
import { EXISTING_USERS, EXISTING_USERS_SOURCE } from './report-attributes.ts';

/** Where a run looks: a project, or one of its COs or clusters. */
export interface RunScope {
  projectId: number;
  centralOfficeId: number | null;
  clusterId: number | null;
}

/** A metric's rows as its subquery answered them. */
export interface RawRow {
  group: string | null;
  value: unknown;
  notNumbers?: number;
  divisionsByZero?: number;
}

/**
 * How attribute texts become numbers. `plain` casts them and divides, as one would by hand:
 * the fastest, and right whenever every value is a number or empty and no divisor is zero; else
 * the query fails (a data exception) and the run is made again `checked`, where each text is
 * tested first, and a text that is not a number or a zero divisor makes an empty value and a
 * note.
 */
export type NumberReading = 'plain' | 'checked';

/**
 * A report run compiled to one parameterised query. Metrics over elements that share a grouping
 * are computed in one pass over the elements (each aggregate filtered to its element type);
 * project facts are subqueries of their own. Everything comes back as JSON in one row. User
 * input never reaches the SQL text: attribute names, types and ids are parameters; operators
 * and aggregations come from closed lists the schema checked.
 */
export function compileReport(
  metrics: Metric[],
  scope: RunScope,
  reading: NumberReading,
): { query: SQL; rowsOf: (answer: Record<string, unknown>, index: number) => RawRow[] } {
  const columns: SQL[] = [];
  const levels = new Map<GroupByLevel, number[]>();
  metrics.forEach((metric, i) => {
    if (metric.metricType === 'ProjectInfo') {
      const query = projectInfoQuery(metric, scope, GROUPS[metric.groupByLevel]);
      columns.push(sql`${asJson(query)} AS ${sql.identifier(`m${i}`)}`);
    } else {
      levels.set(metric.groupByLevel, [...(levels.get(metric.groupByLevel) ?? []), i]);
    }
  });
  for (const [level, indices] of levels) {
    const query = elementsQuery(
      indices.map((i) => ({ index: i, metric: metrics[i] as Metric })),
      scope,
      GROUPS[level],
      reading,
    );
    columns.push(sql`${asJson(query)} AS ${sql.identifier(`level_${level}`)}`);
  }
  return {
    query: columns.length ? sql`SELECT ${sql.join(columns, sql`, `)}` : sql`SELECT 1 AS none`,
    rowsOf(answer, index) {
      const metric = metrics[index];
      if (!metric) return [];
      if (metric.metricType === 'ProjectInfo') return (answer[`m${index}`] ?? []) as RawRow[];
      const rows = (answer[`level_${metric.groupByLevel}`] ?? []) as Record<string, unknown>[];
      return rows.map((r) => ({
        group: r.group as string | null,
        value: r[`v${index}`],
        notNumbers: Number(r[`n${index}`] ?? 0),
        divisionsByZero: Number(r[`d${index}`] ?? 0),
      }));
    },
  };
}

const asJson = (query: SQL) => sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${query}) r)`;

/** The group a row falls in, and the order groups come in. */
const GROUPS: Record<GroupByLevel, { key: SQL; order: SQL }> = {
  project: { key: sql`p.name`, order: sql`min(p.id)` },
  centralOffice: { key: sql`co.name`, order: sql`min(co.id)` },
  cluster: { key: sql`c.name`, order: sql`min(c.id)` },
  phase: { key: sql`c.project_phase`, order: sql`c.project_phase` },
};

/**
 * Text that reads as a number (what float8 reads, bar NaN and Infinity): a stray "n/a" counts
 * as empty, never an error. Up to NUMBER_CHARS characters, with a two-digit exponent at most,
 * it stays within float8's range. (A bounded repetition such as [0-9]{1,200} instead would
 * make PostgreSQL's regular expression thirty times slower.)
 */
const NUMBER = '^\\s*[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9][0-9]?)?\\s*$';
const NUMBER_CHARS = 200;

/**
 * An attribute of each element, as text and as a number. Read inline in each aggregate that
 * uses it: an aggregate's FILTER keeps it to the elements of its type, and measured on
 * PostgreSQL 15, reading a jsonb key again costs less than a derived table (about 0.5 µs a
 * row) or a LATERAL subquery (a rescan per element) that would read it once.
 */
function elementValue(name: string, reading: NumberReading): ElementValue {
  if (name === EXISTING_USERS) {
    // The length of the PBO-FAT's list of users (a JSON text, checked as JSON when written).
    const list = sql`(e.attributes->>${EXISTING_USERS_SOURCE})`;
    const number =
      reading === 'plain'
        ? sql`jsonb_array_length(nullif(${list}, '')::jsonb)::float8`
        : sql`(CASE WHEN left(ltrim(${list}), 1) = '['
               THEN jsonb_array_length((${list})::jsonb)::float8 END)`;
    return { text: sql`(${number})::text`, number, notNumber: undefined };
  }
  // Dropdown values are kept JSON-encoded ('"16"'): the quotes are not part of the value.
  const text = sql`btrim(e.attributes->>${name}, '"')`;
  if (reading === 'plain') {
    return { text, number: sql`nullif(${text}, '')::float8`, notNumber: undefined };
  }
  return {
    text,
    number: sql`(CASE WHEN length(${text}) <= ${NUMBER_CHARS} AND ${text} ~ ${NUMBER}
                 THEN (${text})::float8 END)`,
    notNumber: sql`(${text} <> '' AND NOT (length(${text}) <= ${NUMBER_CHARS} AND ${text} ~ ${NUMBER}))`,
  };
}

function aggregate(operation: Aggregation, value: SQL, text: SQL, only: SQL): SQL {
  const filter = sql`FILTER (WHERE ${only})`;
  switch (operation) {
    case 'SUM':
      // A group without such elements sums to 0, as a spreadsheet would; one whose values are
      // all empty (a division by zero) stays empty.
      return sql`(CASE WHEN count(e.id) ${filter} = 0 THEN 0 ELSE sum(${value}) ${filter} END)`;
    case 'AVERAGE':
      return sql`avg(${value}) ${filter}`;
    case 'COUNT':
      return sql`count(${value}) ${filter}`;
    case 'LIST':
      return sql`string_agg(DISTINCT nullif(${text}, ''), ', ') ${filter}`;
  }
}

/**
 * An attribute of each element: its text, its number (NULL when none), and "holds a text that
 * is not a number" (undefined where that cannot be: read plain, such a text fails the query).
 */
interface ElementValue {
  text: SQL;
  number: SQL;
  notNumber: SQL | undefined;
}

/** Metrics over elements sharing a grouping: one pass, each aggregate filtered to its type. */
function elementsQuery(
  metrics: { index: number; metric: Metric }[],
  scope: RunScope,
  group: { key: SQL; order: SQL },
  reading: NumberReading,
): SQL {
  const types = [...new Set(metrics.map(({ metric }) => metric.elementType ?? ''))];
  const selected = metrics.map(({ index, metric }) => {
    const a = elementAggregates(metric, reading);
    return sql`${a.value} AS ${sql.identifier(`v${index}`)},
               ${a.notNumbers} AS ${sql.identifier(`n${index}`)},
               ${a.divisionsByZero} AS ${sql.identifier(`d${index}`)}`;
  });
  return sql`
    SELECT ${group.key} AS "group", ${sql.join(selected, sql`, `)}
    FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    JOIN projects p ON p.id = co.project_id
    LEFT JOIN network_elements e
      ON e.cluster_id = c.id AND e.deleted_at IS NULL
     AND e.type IN (${sql.join(
       types.map((t) => sql`${t}`),
       sql`, `,
     )})
    ${scopeWhere(scope)}
    GROUP BY ${group.key} ORDER BY ${group.order}`;
}

/** A metric's value, its texts that are not numbers, and its divisions by zero. */
function elementAggregates(
  metric: Metric,
  reading: NumberReading,
): { value: SQL; notNumbers: SQL; divisionsByZero: SQL } {
  const only = sql`e.type = ${metric.elementType}`;
  const none = sql`0`;
  const notNumbers = (values: ElementValue[]) => {
    const checks = values.flatMap((v) => (v.notNumber ? [v.notNumber] : []));
    return checks.length
      ? sql`count(*) FILTER (WHERE ${only} AND (${sql.join(checks, sql` OR `)}))`
      : none;
  };
  if (metric.metricType === 'NetworkElement') {
    return {
      value: sql`count(e.id) FILTER (WHERE ${only})`,
      notNumbers: none,
      divisionsByZero: none,
    };
  }
  if (metric.metricType === 'NetworkElementAttributes') {
    const v = elementValue(metric.attributeName ?? '', reading);
    const operation = metric.aggregationOperation ?? 'COUNT';
    const numeric = operation === 'SUM' || operation === 'AVERAGE';
    return {
      value: aggregate(operation, numeric ? v.number : sql`nullif(${v.text}, '')`, v.text, only),
      notNumbers: numeric ? notNumbers([v]) : none,
      divisionsByZero: none,
    };
  }
  // FormulaResult: computed per element, left to right, then aggregated per group.
  const formula = metric.formulaConfig;
  if (!formula) throw new Error('a formula metric without its formula');
  const variables = formula.variableAttributes.map((name) => elementValue(name, reading));
  let expression = variables[0]?.number ?? sql`NULL`;
  const divisors: SQL[] = [];
  formula.operations.forEach((operation, i) => {
    const next = variables[i + 1]?.number ?? sql`NULL`;
    if (operation === 'DIVIDE') divisors.push(next);
    expression =
      operation === 'ADD'
        ? sql`(${expression} + ${next})`
        : operation === 'SUBTRACT'
          ? sql`(${expression} - ${next})`
          : operation === 'MULTIPLY'
            ? sql`(${expression} * ${next})`
            : reading === 'plain'
              ? sql`(${expression} / ${next})`
              : sql`(${expression} / nullif(${next}, 0))`;
  });
  if (formula.resultFormat === 'PERCENTAGE') expression = sql`(${expression} * 100)`;
  const listed = sql`round((${expression})::numeric, 2)::text`;
  return {
    value: aggregate(metric.aggregationOperation ?? 'SUM', expression, listed, only),
    notNumbers: notNumbers(variables),
    // Read plain, a division by zero fails the query (it is made again checked).
    divisionsByZero:
      divisors.length && reading === 'checked'
        ? sql`count(*) FILTER (WHERE ${only} AND (${sql.join(
            divisors.map((d) => sql`${d} = 0`),
            sql` OR `,
          )}))`
        : none,
  };
}

/** The clusters in scope: every group exists, empty or not (elements are LEFT JOINed). */
function scopeWhere(scope: RunScope): SQL {
  const narrow = [
    sql`co.project_id = ${scope.projectId}`,
    scope.centralOfficeId !== null ? sql`co.id = ${scope.centralOfficeId}` : undefined,
    scope.clusterId !== null ? sql`c.id = ${scope.clusterId}` : undefined,
  ].filter((part): part is SQL => part !== undefined);
  return sql`WHERE ${sql.join(narrow, sql` AND `)}`;
}

/** Facts of the hierarchy per group: one row per cluster in scope, grouped. */
function projectInfoQuery(metric: Metric, scope: RunScope, group: { key: SQL; order: SQL }): SQL {
  const value: Record<string, SQL> = {
    name: sql`${group.key}`,
    client: sql`string_agg(DISTINCT cl.name, ', ')`,
    subsidiary: sql`string_agg(DISTINCT s.name, ', ')`,
    mainProject: sql`string_agg(DISTINCT mp.name, ', ')`,
    centralOffices: sql`count(DISTINCT co.id)`,
    clusters: sql`count(DISTINCT c.id)`,
    users: sql`(SELECT count(DISTINCT who) FROM (
                  SELECT user_id AS who FROM central_office_users
                  WHERE central_office_id = ANY(array_agg(co.id))
                  UNION
                  SELECT user_id FROM cluster_users WHERE cluster_id = ANY(array_agg(c.id))) assigned)`,
    phases: sql`json_build_object(
                  'In-Progress', count(*) FILTER (WHERE c.project_phase = 'In-Progress'),
                  'Completed', count(*) FILTER (WHERE c.project_phase = 'Completed'),
                  'Cancelled', count(*) FILTER (WHERE c.project_phase = 'Cancelled'))`,
    cableMetres: sql`(SELECT coalesce(json_object_agg(capacity, metres), '{}'::json) FROM (
                        SELECT coalesce(nullif(btrim(e.attributes->>'Capacity', '"'), ''), '?') AS capacity,
                               round(sum(e.length_m)::numeric, 1)::float8 AS metres
                        FROM network_elements e
                        WHERE e.cluster_id = ANY(array_agg(c.id)) AND e.type = 'Cable'
                          AND e.deleted_at IS NULL
                        GROUP BY 1) cables)`,
  };
  const field = metric.attributeName ?? 'name';
  return sql`
    SELECT ${group.key} AS "group", ${value[field] ?? value.name} AS value
    FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    JOIN projects p ON p.id = co.project_id
    JOIN main_projects mp ON mp.id = p.main_project_id
    JOIN clients cl ON cl.id = mp.client_id
    JOIN subsidiaries s ON s.id = cl.subsidiary_id
    ${scopeWhere(scope)}
    GROUP BY ${group.key} ORDER BY ${group.order}`;
}
