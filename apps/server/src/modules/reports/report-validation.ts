import {
  NUMERIC_PROJECT_INFO_FIELDS,
  PROJECT_INFO_FIELDS,
  type Metric,
  type ReportAttributes,
  type ReportBody,
} from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import type { MessageKey, MessageVars } from '../../i18n/translate.ts';

const invalid = (key: MessageKey, vars: MessageVars) =>
  new AppError(400, 'VALIDATION_ERROR', key, vars);

/**
 * The rules of SPEC §5 and issue 17 that a schema cannot say: what each metric type needs,
 * which aggregations it allows, formula shapes, and attributes the project's templates know
 * (numbers where a number is needed). Answers the metrics completed with their defaults.
 */
export function checkReport(body: ReportBody, attributes: ReportAttributes | null): ReportBody {
  const metrics = body.metrics.map((metric, index) => checkMetric(metric, index + 1, attributes));
  body.visualizations.forEach((chart, index) => {
    const unknown = chart.metricIndices.find((i) => i >= metrics.length);
    if (unknown !== undefined) {
      throw invalid('reports.chartMetricUnknown', { chart: index + 1, index: unknown });
    }
  });
  return { ...body, metrics };
}

/** `attributes` null: a report saved without a project checks its shape, a run its names. */
function checkMetric(metric: Metric, n: number, attributes: ReportAttributes | null): Metric {
  if (metric.metricType === 'ProjectInfo') {
    const field = metric.attributeName ?? 'name';
    if (!(PROJECT_INFO_FIELDS as readonly string[]).includes(field)) {
      throw invalid('reports.projectInfoField', {
        metric: n,
        name: field,
        fields: PROJECT_INFO_FIELDS.join(', '),
      });
    }
    return { ...metric, attributeName: field, elementType: null, aggregationOperation: null };
  }
  if (metric.metricType === 'FormulaResult' && !metric.elementType) {
    const checked = checkFormula({ ...metric, elementType: null }, n, (name) => {
      if (!(NUMERIC_PROJECT_INFO_FIELDS as readonly string[]).includes(name)) {
        throw invalid('reports.formulaProjectInfoField', {
          metric: n,
          name,
          fields: NUMERIC_PROJECT_INFO_FIELDS.join(', '),
        });
      }
    });
    // One figure per group already: nothing to aggregate.
    return { ...checked, aggregationOperation: null };
  }
  const type = metric.elementType;
  if (!type) throw invalid('reports.elementTypeRequired', { metric: n });
  const attribute = (name: string) => {
    if (!attributes) return { name, number: true };
    const found = attributes[type].find((a) => a.name === name);
    if (!found) throw invalid('reports.attributeUnknown', { metric: n, name, type });
    return found;
  };
  const needNumber = (name: string) => {
    if (!attribute(name).number) {
      throw invalid('reports.attributeNotNumber', { metric: n, name, type });
    }
  };

  switch (metric.metricType) {
    case 'NetworkElement':
      if (metric.aggregationOperation) {
        throw invalid('reports.aggregationNotAllowed', { metric: n });
      }
      return { ...metric, attributeName: null, formulaConfig: null };
    case 'NetworkElementAttributes': {
      if (!metric.attributeName) throw invalid('reports.attributeRequired', { metric: n });
      const aggregation = metric.aggregationOperation ?? 'COUNT';
      if (aggregation === 'SUM' || aggregation === 'AVERAGE') needNumber(metric.attributeName);
      else attribute(metric.attributeName);
      return { ...metric, aggregationOperation: aggregation, formulaConfig: null };
    }
    case 'FormulaResult':
      return checkFormula(metric, n, needNumber);
  }
}

/**
 * A formula's shape (SPEC §5): as many variables as it says, one operation fewer (ADD by
 * default), each variable a number (`needNumber` throws otherwise).
 */
function checkFormula(metric: Metric, n: number, needNumber: (name: string) => void): Metric {
  const formula = metric.formulaConfig;
  if (!formula) throw invalid('reports.formulaRequired', { metric: n });
  const count = formula.variableAttributes.length;
  if (count !== formula.numberOfVariables) {
    throw invalid('reports.formulaVariableCount', {
      metric: n,
      expected: formula.numberOfVariables,
      count,
    });
  }
  // Operations default to ADD (SPEC §5); given ones must be one fewer than the variables.
  const operations = formula.operations.length
    ? formula.operations
    : Array.from({ length: count - 1 }, () => 'ADD' as const);
  if (operations.length !== count - 1) {
    throw invalid('reports.formulaOperationCount', {
      metric: n,
      expected: count - 1,
      count: operations.length,
    });
  }
  formula.variableAttributes.forEach((name) => needNumber(name));
  const aggregation =
    metric.aggregationOperation ?? (formula.resultFormat === 'PERCENTAGE' ? 'AVERAGE' : 'SUM');
  return {
    ...metric,
    aggregationOperation: aggregation,
    formulaConfig: { ...formula, operations },
  };
}
