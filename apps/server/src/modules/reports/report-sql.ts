import { sql, type SQL } from 'drizzle-orm';
import type { Aggregation, GroupByLevel, Metric } from '@integration/contracts';
import { EXISTING_USERS, EXISTING_USERS_SOURCE } from './report-attributes.ts';

/** Where a run looks: a project, or one of its COs or clusters. */
export interface RunScope {
  projectId: number;
  centralOfficeId: number | null;
  clusterId: number | null;
}

/**
 * A report run compiled to one parameterised query: every metric is a subquery answering its
 * rows as JSON, side by side in one row (m0, m1, …). User input never reaches the SQL text:
 * attribute names, types and ids are parameters; operators and aggregations come from closed
 * lists the schema checked.
 */
export function compileReport(metrics: Metric[], scope: RunScope): SQL {
  const columns = metrics.map(
    (metric, i) =>
      sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${metricQuery(metric, scope)}) r) AS ${sql.identifier(`m${i}`)}`,
  );
  return columns.length ? sql`SELECT ${sql.join(columns, sql`, `)}` : sql`SELECT 1 AS none`;
}

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
const notNumber = (text: SQL) => sql`(${text} <> '' AND NOT ${text} ~ ${NUMBER})`;

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

function aggregate(operation: Aggregation, value: SQL, text: SQL): SQL {
  switch (operation) {
    case 'SUM':
      return sql`sum(${value})`;
    case 'AVERAGE':
      return sql`avg(${value})`;
    case 'COUNT':
      return sql`count(${value})`;
    case 'LIST':
      return sql`string_agg(DISTINCT nullif(${text}, ''), ', ')`;
  }
}

function metricQuery(metric: Metric, scope: RunScope): SQL {
  const group = GROUPS[metric.groupByLevel];
  if (metric.metricType === 'ProjectInfo') return projectInfoQuery(metric, scope, group);
  const from = sql`
    FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    JOIN projects p ON p.id = co.project_id
    LEFT JOIN network_elements e
      ON e.cluster_id = c.id AND e.type = ${metric.elementType} AND e.deleted_at IS NULL`;
  const where = scopeWhere(scope);
  const tail = sql`${where} GROUP BY ${group.key} ORDER BY ${group.order}`;

  if (metric.metricType === 'NetworkElement') {
    return sql`SELECT ${group.key} AS "group", count(e.id) AS value ${from} ${tail}`;
  }
  if (metric.metricType === 'NetworkElementAttributes') {
    const text = attributeText(metric.attributeName ?? '');
    const operation = metric.aggregationOperation ?? 'COUNT';
    const value =
      operation === 'SUM' || operation === 'AVERAGE' ? asNumber(text) : sql`nullif(${text}, '')`;
    return sql`
      SELECT ${group.key} AS "group", ${aggregate(operation, value, text)} AS value,
             count(*) FILTER (WHERE ${operation === 'SUM' || operation === 'AVERAGE' ? notNumber(text) : sql`false`}) AS "notNumbers"
      ${from} ${tail}`;
  }
  // FormulaResult: computed per element, left to right, then aggregated per group.
  const formula = metric.formulaConfig;
  if (!formula) throw new Error('a formula metric without its formula');
  const values = formula.variableAttributes.map((name) => asNumber(attributeText(name)));
  const texts = formula.variableAttributes.map((name) => attributeText(name));
  let expression = values[0] ?? sql`NULL`;
  const divisors: SQL[] = [];
  formula.operations.forEach((operation, i) => {
    const next = values[i + 1] ?? sql`NULL`;
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
  const divisionByZero = divisors.length
    ? sql`count(*) FILTER (WHERE ${sql.join(
        divisors.map((d) => sql`${d} = 0`),
        sql` OR `,
      )})`
    : sql`0`;
  const operation = metric.aggregationOperation ?? 'SUM';
  const listed = sql`round((${expression})::numeric, 2)::text`;
  return sql`
    SELECT ${group.key} AS "group", ${aggregate(operation, expression, listed)} AS value,
           ${divisionByZero} AS "divisionsByZero",
           count(*) FILTER (WHERE ${sql.join(texts.map(notNumber), sql` OR `)}) AS "notNumbers"
    ${from} ${tail}`;
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
