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
 * A report run compiled to one parameterised query. Metrics over elements that share a grouping
 * are computed in one pass over the elements (each aggregate filtered to its element type);
 * project facts are subqueries of their own. Everything comes back as JSON in one row. User
 * input never reaches the SQL text: attribute names, types and ids are parameters; operators
 * and aggregations come from closed lists the schema checked.
 */
export function compileReport(
  metrics: Metric[],
  scope: RunScope,
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

/** Text that reads as a number, else NULL: a stray "n/a" counts as empty, never an error. */
const NUMBER = '^\\s*-?[0-9]+(\\.[0-9]+)?\\s*$';
const asNumber = (text: SQL) => sql`(CASE WHEN ${text} ~ ${NUMBER} THEN (${text})::float8 END)`;

/** An attribute's text; Existing Users is the length of the PBO-FAT's list of users. */
function attributeText(name: string): SQL {
  if (name === EXISTING_USERS) {
    return sql`(SELECT CASE WHEN jsonb_typeof(j) = 'array' THEN jsonb_array_length(j)::text END
                FROM (SELECT CASE WHEN left(ltrim(e.attributes->>${EXISTING_USERS_SOURCE}), 1) = '['
                                  THEN (e.attributes->>${EXISTING_USERS_SOURCE})::jsonb END AS j) users)`;
  }
  return unquoted(sql`(e.attributes->>${name})`);
}

/** Dropdown values are kept JSON-encoded ('"16"'): a plain quoted string reads as its text. */
const QUOTED = '^"[^"\\\\]*"$';
const unquoted = (raw: SQL) =>
  sql`(CASE WHEN ${raw} ~ ${QUOTED} THEN substr(${raw}, 2, length(${raw}) - 2) ELSE ${raw} END)`;

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

/** An attribute of each element, read once: its text and, when it reads as one, its number. */
interface ElementValue {
  text: SQL;
  number: SQL;
}

/**
 * Metrics over elements sharing a grouping: one pass, each aggregate filtered to its type. Each
 * attribute is read and parsed once per element (a LATERAL subquery kept apart by OFFSET 0, else
 * the planner would copy the expression into every aggregate that uses it).
 */
function elementsQuery(
  metrics: { index: number; metric: Metric }[],
  scope: RunScope,
  group: { key: SQL; order: SQL },
): SQL {
  const types = [...new Set(metrics.map(({ metric }) => metric.elementType ?? ''))];
  const names = [...new Set(metrics.flatMap(({ metric }) => attributesOf(metric)))];
  const read = new Map<string, ElementValue>(
    names.map((name, k) => [
      name,
      { text: sql`a.${sql.identifier(`t${k}`)}`, number: sql`a.${sql.identifier(`n${k}`)}` },
    ]),
  );
  const valueOf = (name: string): ElementValue =>
    read.get(name) ?? { text: sql`NULL::text`, number: sql`NULL::float8` };
  const selected = metrics.map(({ index, metric }) => {
    const a = elementAggregates(metric, valueOf);
    return sql`${a.value} AS ${sql.identifier(`v${index}`)},
               ${a.notNumbers} AS ${sql.identifier(`n${index}`)},
               ${a.divisionsByZero} AS ${sql.identifier(`d${index}`)}`;
  });
  const attributes = names.length
    ? sql`LEFT JOIN LATERAL (
        SELECT ${sql.join(
          names.map(
            (_, k) =>
              sql`${sql.identifier(`t${k}`)}, ${asNumber(sql`${sql.identifier(`t${k}`)}`)} AS ${sql.identifier(`n${k}`)}`,
          ),
          sql`, `,
        )}
        FROM (SELECT ${sql.join(
          names.map((name, k) => sql`${attributeText(name)} AS ${sql.identifier(`t${k}`)}`),
          sql`, `,
        )} OFFSET 0) texts
        OFFSET 0) a ON e.id IS NOT NULL`
    : sql``;
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
    ${attributes}
    ${scopeWhere(scope)}
    GROUP BY ${group.key} ORDER BY ${group.order}`;
}

/** The attributes a metric reads. */
const attributesOf = (metric: Metric): string[] =>
  metric.metricType === 'FormulaResult'
    ? (metric.formulaConfig?.variableAttributes ?? [])
    : metric.metricType === 'NetworkElementAttributes' && metric.attributeName
      ? [metric.attributeName]
      : [];

/** A metric's value, its texts that are not numbers, and its divisions by zero. */
function elementAggregates(
  metric: Metric,
  valueOf: (name: string) => ElementValue,
): { value: SQL; notNumbers: SQL; divisionsByZero: SQL } {
  const only = sql`e.type = ${metric.elementType}`;
  const none = sql`0`;
  const notNumber = (v: ElementValue) => sql`(${v.text} <> '' AND ${v.number} IS NULL)`;
  if (metric.metricType === 'NetworkElement') {
    return {
      value: sql`count(e.id) FILTER (WHERE ${only})`,
      notNumbers: none,
      divisionsByZero: none,
    };
  }
  if (metric.metricType === 'NetworkElementAttributes') {
    const v = valueOf(metric.attributeName ?? '');
    const operation = metric.aggregationOperation ?? 'COUNT';
    const numeric = operation === 'SUM' || operation === 'AVERAGE';
    return {
      value: aggregate(operation, numeric ? v.number : sql`nullif(${v.text}, '')`, v.text, only),
      notNumbers: numeric ? sql`count(*) FILTER (WHERE ${only} AND ${notNumber(v)})` : none,
      divisionsByZero: none,
    };
  }
  // FormulaResult: computed per element, left to right, then aggregated per group.
  const formula = metric.formulaConfig;
  if (!formula) throw new Error('a formula metric without its formula');
  const variables = formula.variableAttributes.map(valueOf);
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
            : sql`(${expression} / nullif(${next}, 0))`;
  });
  if (formula.resultFormat === 'PERCENTAGE') expression = sql`(${expression} * 100)`;
  const listed = sql`round((${expression})::numeric, 2)::text`;
  return {
    value: aggregate(metric.aggregationOperation ?? 'SUM', expression, listed, only),
    notNumbers: sql`count(*) FILTER (WHERE ${only} AND (${sql.join(variables.map(notNumber), sql` OR `)}))`,
    divisionsByZero: divisors.length
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
                        SELECT coalesce(nullif(${unquoted(sql`(e.attributes->>'Capacity')`)}, ''), '?') AS capacity,
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
