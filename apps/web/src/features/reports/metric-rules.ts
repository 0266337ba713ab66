import {
  AGGREGATIONS,
  FORMULA_VARIABLES_MAX,
  FORMULA_VARIABLES_MIN,
  NUMERIC_PROJECT_INFO_FIELDS,
  PROJECT_INFO_FIELDS,
  type Aggregation,
  type FormulaConfig,
  type Metric,
  type MetricType,
  type ReportAttributes,
} from '@integration/contracts';

/** The table info each metric type shows in the builder (SPEC §2), stored as `tableInfo`. */
export const TABLE_INFO: Record<MetricType, string> = {
  ProjectInfo: 'Project Info',
  NetworkElement: 'Network Element',
  NetworkElementAttributes: 'Network Element Attributes',
  FormulaResult: 'Formula Result',
};

const newId = () => `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** A metric of a type with the defaults its dialog opens on. */
export function newMetric(metricType: MetricType): Metric {
  const base: Metric = {
    metricId: newId(),
    tableInfo: TABLE_INFO[metricType],
    attributeName: null,
    metricType,
    elementType: null,
    groupByLevel: 'cluster',
    aggregationOperation: null,
    formulaConfig: null,
  };
  switch (metricType) {
    case 'ProjectInfo':
      return { ...base, attributeName: 'name' };
    case 'NetworkElement':
      return { ...base, elementType: 'PboFat' };
    case 'NetworkElementAttributes':
      return { ...base, elementType: 'PboFat', aggregationOperation: 'COUNT' };
    case 'FormulaResult':
      return {
        ...base,
        elementType: 'PboFat',
        aggregationOperation: 'AVERAGE',
        formulaConfig: {
          resultName: '',
          numberOfVariables: FORMULA_VARIABLES_MIN,
          variableAttributes: ['', ''],
          operations: ['ADD'],
          resultFormat: 'NUMBER',
        },
      };
  }
}

/** SPEC §5: SUM and AVERAGE need numbers; LIST and COUNT take any attribute. */
export function allowedAggregations(numeric: boolean): Aggregation[] {
  return numeric ? [...AGGREGATIONS] : ['LIST', 'COUNT'];
}

/** Grows or shrinks a formula to `count` variables, keeping one fewer operation (ADD by default). */
export function withVariableCount(formula: FormulaConfig, count: number): FormulaConfig {
  const n = Math.min(FORMULA_VARIABLES_MAX, Math.max(FORMULA_VARIABLES_MIN, count));
  const variableAttributes = Array.from(
    { length: n },
    (_, i) => formula.variableAttributes[i] ?? '',
  );
  const operations = Array.from({ length: n - 1 }, (_, i) => formula.operations[i] ?? 'ADD');
  return { ...formula, numberOfVariables: n, variableAttributes, operations };
}

/** Why a metric cannot be saved yet (an i18n key under `reports.problems`), or null. */
export function metricProblem(metric: Metric, attributes?: ReportAttributes): string | null {
  const attributesOf = (attributes && metric.elementType && attributes[metric.elementType]) || [];
  const known = (name: string | null) => !attributes || attributesOf.some((a) => a.name === name);
  const numeric = (name: string) =>
    !attributes || attributesOf.some((a) => a.name === name && a.number);
  switch (metric.metricType) {
    case 'ProjectInfo':
      return PROJECT_INFO_FIELDS.some((f) => f === metric.attributeName) ? null : 'field';
    case 'NetworkElement':
      return metric.elementType ? null : 'elementType';
    case 'NetworkElementAttributes': {
      if (!metric.elementType) return 'elementType';
      if (!metric.attributeName || !known(metric.attributeName)) return 'attribute';
      if (!metric.aggregationOperation) return 'aggregation';
      const isNumber = numeric(metric.attributeName);
      return allowedAggregations(isNumber).includes(metric.aggregationOperation)
        ? null
        : 'aggregationNeedsNumber';
    }
    case 'FormulaResult': {
      const formula = metric.formulaConfig;
      if (!formula) return 'variables';
      // Without element type, a formula combines each group's project figures (issue 27).
      if (!metric.elementType) {
        const figure = (v: string) => NUMERIC_PROJECT_INFO_FIELDS.some((f) => f === v);
        return formula.variableAttributes.every(figure) &&
          formula.operations.length === formula.variableAttributes.length - 1
          ? null
          : 'variables';
      }
      if (formula.variableAttributes.some((v) => !v || !numeric(v))) return 'variables';
      if (formula.operations.length !== formula.variableAttributes.length - 1) return 'variables';
      return metric.aggregationOperation ? null : 'aggregation';
    }
  }
}
