import { sql, type SQL } from 'drizzle-orm';
import {
  MONEY_PROJECT_INFO_FIELDS,
  type Aggregation,
  type FormulaConfig,
  type GroupByLevel,
  type Metric,
} from '@integration/contracts';
import { EXISTING_USERS, EXISTING_USERS_SOURCE } from './report-attributes.ts';
import {
  FIBRE_STATE,
  HOME_SPLICED_ON,
  PBO_USERS_FROM_SPLICES,
} from '../fibre/fibre-figures.sql.ts';
import { bomCostsSql } from '../costs/bom.sql.ts';

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
  /** LIST: distinct values beyond the LIST_VALUES listed. */
  more?: number;
  /** Results beyond the range of a float8, left empty. */
  outOfRange?: number;
}

/**
 * A LIST shows at most LIST_VALUES distinct values of at most LIST_VALUE_CHARS characters each
 * (a longer one is cut, ending in "…"), and counts the others: one attribute of 99,000
 * characters on 1,080 PBO-FATs made a 102 MB answer that held the server ~10 s (issue 25).
 */
export const LIST_VALUES = 100;
export const LIST_VALUE_CHARS = 200;

/**
 * Read checked, numbers are computed as `numeric` (no overflow below 10^131072, more than ten
 * variables of 200 characters can reach) and a group's result beyond this is left empty with a
 * note, not sent as a float8 that cannot hold it (1e199 × 1e199 failed the run, issue 25).
 */
const FLOAT_LIMIT = '1e300';

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
    if (byGroup(metric)) {
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
      if (byGroup(metric)) return (answer[`m${index}`] ?? []) as RawRow[];
      const rows = (answer[`level_${metric.groupByLevel}`] ?? []) as Record<string, unknown>[];
      return rows.map((r) => {
        const common = {
          group: r.group as string | null,
          notNumbers: Number(r[`n${index}`] ?? 0),
          divisionsByZero: Number(r[`d${index}`] ?? 0),
          outOfRange: Number(r[`o${index}`] ?? 0),
        };
        if (metric.aggregationOperation !== 'LIST' || metric.metricType === 'NetworkElement') {
          return { ...common, value: r[`v${index}`] };
        }
        const list = (r[`v${index}`] ?? { values: null, count: 0 }) as ListAnswer;
        return {
          ...common,
          value: list.values,
          more: Math.max(0, list.count - LIST_VALUES),
        };
      });
    },
  };
}

/** Project facts, and formulas over them (no element type): one figure per group. */
const byGroup = (metric: Metric) =>
  metric.metricType === 'ProjectInfo' ||
  (metric.metricType === 'FormulaResult' && metric.elementType === null);

/** A LIST's answer: its first LIST_VALUES values joined, and how many there are. */
interface ListAnswer {
  values: string | null;
  count: number;
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
 * each value stays within float8's range (their results are computed as numeric). (A bounded
 * repetition such as [0-9]{1,200} instead would make PostgreSQL's regular expression thirty
 * times slower.) The length is measured in bytes, which a number's characters all are: counting
 * the characters of a 99,000-character text costs ~2 ms on PGlite.
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
    // Its splices say first (issue 26), where it holds a splitter.
    const spliced = sql.raw(PBO_USERS_FROM_SPLICES);
    const number =
      reading === 'plain'
        ? sql`coalesce(${spliced}::float8, jsonb_array_length(nullif(${list}, '')::jsonb)::float8)`
        : sql`coalesce(${spliced}::numeric, (CASE WHEN left(ltrim(${list}), 1) = '['
               THEN jsonb_array_length((${list})::jsonb)::numeric END))`;
    return { text: sql`(${number})::text`, number, notNumber: undefined };
  }
  // Dropdown values are kept JSON-encoded ('"16"'): the quotes are not part of the value.
  const text = sql`btrim(e.attributes->>${name}, '"')`;
  if (reading === 'plain') {
    return { text, number: sql`nullif(${text}, '')::float8`, notNumber: undefined };
  }
  return {
    text,
    number: sql`(CASE WHEN octet_length(${text}) <= ${NUMBER_CHARS} AND ${text} ~ ${NUMBER}
                 THEN (${text})::numeric END)`,
    notNumber: sql`(${text} <> '' AND NOT (octet_length(${text}) <= ${NUMBER_CHARS} AND ${text} ~ ${NUMBER}))`,
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
      // One aggregate for the values listed and their count: an aggregate of the outer query
      // read in a sub-select (written twice, its per-element subquery would run twice).
      return sql`(SELECT json_build_object(
                    'values', array_to_string(l[1:${sql.raw(String(LIST_VALUES))}], ', '),
                    'count', coalesce(cardinality(l), 0))
                  FROM (SELECT ${listValues(text, only)} AS l) list)`;
  }
}

/**
 * A group's distinct values, each cut to LIST_VALUE_CHARS, sorted: written twice (the values,
 * and how many there are), PostgreSQL computes one aggregate for both. Each element's text is
 * read once, its first characters only, in a subquery that OFFSET 0 keeps apart (inlined, the
 * text would be read again for each use: 14.5 s instead of 0.35 s for 1,080 texts of 99,000
 * characters on PGlite, measured on a loaded machine).
 */
function listValues(text: SQL, only: SQL): SQL {
  const max = sql.raw(String(LIST_VALUE_CHARS));
  const cut = sql`(SELECT CASE WHEN length(s) > ${max} THEN left(s, ${max} - 1) || '…'
                               ELSE nullif(s, '') END
                   FROM (SELECT left(${text}, ${max} + 1) AS s OFFSET 0) one)`;
  return sql`array_remove(array_agg(DISTINCT ${cut}) FILTER (WHERE ${only}), NULL)`;
}

/**
 * A checked SUM or AVERAGE (a numeric) as a float8, empty beyond FLOAT_LIMIT; and 1 when so
 * (counted in a note).
 */
const inRange = (value: SQL) => ({
  value: sql`(CASE WHEN abs(${value}) < ${sql.raw(FLOAT_LIMIT)} THEN round(${value}, 10)::float8 END)`,
  outOfRange: sql`(CASE WHEN abs(${value}) >= ${sql.raw(FLOAT_LIMIT)} THEN 1 ELSE 0 END)`,
});

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
    return sql.join(
      [
        sql`${a.value} AS ${sql.identifier(`v${index}`)}`,
        sql`${a.notNumbers} AS ${sql.identifier(`n${index}`)}`,
        sql`${a.divisionsByZero} AS ${sql.identifier(`d${index}`)}`,
        ...(a.outOfRange ? [sql`${a.outOfRange} AS ${sql.identifier(`o${index}`)}`] : []),
      ],
      sql`, `,
    );
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
function elementAggregates(metric: Metric, reading: NumberReading): Aggregates {
  const only = sql`e.type = ${metric.elementType}`;
  const none = sql`0`;
  const notNumbers = (values: ElementValue[]) => {
    const checks = values.flatMap((v) => (v.notNumber ? [v.notNumber] : []));
    return checks.length
      ? sql`count(*) FILTER (WHERE ${only} AND (${sql.join(checks, sql` OR `)}))`
      : none;
  };
  /** The aggregate, with what a LIST leaves out and a checked number beyond float8. */
  const aggregated = (operation: Aggregation, value: SQL, text: SQL) => {
    const result = aggregate(operation, value, text, only);
    if (reading === 'checked' && (operation === 'SUM' || operation === 'AVERAGE')) {
      return inRange(result);
    }
    return { value: result };
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
      ...aggregated(operation, numeric ? v.number : sql`nullif(${v.text}, '')`, v.text),
      notNumbers: numeric ? notNumbers([v]) : none,
      divisionsByZero: none,
    };
  }
  // FormulaResult: computed per element, left to right, then aggregated per group.
  const formula = metric.formulaConfig;
  if (!formula) throw new Error('a formula metric without its formula');
  const variables = formula.variableAttributes.map((name) => elementValue(name, reading));
  const { expression, divisors } = combined(
    variables.map((v) => v.number),
    formula,
    reading,
  );
  const listed = sql`round((${expression})::numeric, 2)::text`;
  return {
    ...aggregated(metric.aggregationOperation ?? 'SUM', expression, listed),
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

/**
 * A formula's variables combined left to right (SPEC §5), as a percentage if asked; and its
 * divisors. Read plain, a division by zero fails (the run is made again checked).
 */
function combined(
  numbers: SQL[],
  formula: FormulaConfig,
  reading: NumberReading,
): { expression: SQL; divisors: SQL[] } {
  let expression = numbers[0] ?? sql`NULL`;
  const divisors: SQL[] = [];
  formula.operations.forEach((operation, i) => {
    const next = numbers[i + 1] ?? sql`NULL`;
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
  return { expression, divisors };
}

/** A metric's columns: its value and notes' counts; `outOfRange` read checked. */
interface Aggregates {
  value: SQL;
  notNumbers: SQL;
  divisionsByZero: SQL;
  outOfRange?: SQL;
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

/**
 * Facts of the hierarchy per group: one row per cluster in scope, grouped; or a formula over
 * them. Costs come from the bill of materials of each cluster, joined only when asked for.
 */
function projectInfoQuery(metric: Metric, scope: RunScope, group: { key: SQL; order: SQL }): SQL {
  const homesPassed = sql`(SELECT count(*) FROM network_elements h
                           WHERE h.cluster_id = ANY(array_agg(c.id)) AND h.deleted_at IS NULL
                             AND h.type IN ('SFU', 'Building'))`;
  const homesConnected = sql`(SELECT count(*) FROM network_elements h
                         WHERE h.cluster_id = ANY(array_agg(c.id)) AND h.deleted_at IS NULL
                           AND h.type IN ('SFU', 'Building') AND ${sql.raw(HOME_SPLICED_ON)})`;
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
    homesConnected,
    fibres: sql`(SELECT json_build_object(
                   'used', count(*) FILTER (WHERE state = 'used'),
                   'reserved', count(*) FILTER (WHERE state = 'reserved'),
                   'faulty', count(*) FILTER (WHERE state = 'faulty'),
                   'free', count(*) FILTER (WHERE state = 'free'))
                 FROM (SELECT ${sql.raw(FIBRE_STATE)} AS state
                       FROM network_elements e JOIN fibres f ON f.cable_id = e.id
                       WHERE e.cluster_id = ANY(array_agg(c.id)) AND e.type = 'Cable'
                         AND e.deleted_at IS NULL) states)`,
    pboPortsUsed: sql`(SELECT coalesce(sum(${sql.raw(PBO_USERS_FROM_SPLICES)}), 0)
                       FROM network_elements e
                       WHERE e.cluster_id = ANY(array_agg(c.id)) AND e.type = 'PboFat'
                         AND e.deleted_at IS NULL)`,
  };
  const cost = sql`coalesce(sum(bom.cost), 0)`;
  Object.assign(value, {
    homesPassed,
    cost,
    builtCost: sql`coalesce(sum(bom.built), 0)`,
    leftCost: sql`coalesce(sum(bom.cost - bom.built), 0)`,
    costPerHomePassed: sql`(${cost} / nullif(${homesPassed}, 0))`,
    costPerHomeConnected: sql`(${cost} / nullif(${homesConnected}, 0))`,
  });
  const formula = metric.metricType === 'FormulaResult' ? metric.formulaConfig : null;
  const fields = formula ? formula.variableAttributes : [metric.attributeName ?? 'name'];
  const needsCosts = fields.some((f) => MONEY_PROJECT_INFO_FIELDS.some((m) => m === f));
  const selected = formula
    ? combined(
        fields.map((f) => sql`(${value[f] ?? sql`NULL`})::float8`),
        formula,
        'checked',
      ).expression
    : (value[fields[0] ?? 'name'] ?? value.name);
  return sql`
    SELECT ${group.key} AS "group", ${selected} AS value
    FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    JOIN projects p ON p.id = co.project_id
    JOIN main_projects mp ON mp.id = p.main_project_id
    JOIN clients cl ON cl.id = mp.client_id
    JOIN subsidiaries s ON s.id = cl.subsidiary_id
    ${needsCosts ? sql`LEFT JOIN (${bomCostsSql(scope)}) bom ON bom.cluster_id = c.id` : sql``}
    ${scopeWhere(scope)}
    GROUP BY ${group.key} ORDER BY ${group.order}`;
}
