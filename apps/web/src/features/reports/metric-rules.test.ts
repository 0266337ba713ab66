import { describe, expect, it } from 'vitest';
import type { ReportAttributes } from '@integration/contracts';
import {
  allowedAggregations,
  metricProblem,
  newMetric,
  withVariableCount,
} from './metric-rules.ts';

const attributes: ReportAttributes = {
  PboFat: [
    { name: 'Capacity', number: true },
    { name: 'Existing Users', number: true },
    { name: 'Type', number: false },
  ],
  SpliceClosure: [],
  FDTSRO: [],
  Building: [],
  Zone: [],
};

describe('metric rules', () => {
  it('offers Sum and Average only for number attributes (SPEC §5)', () => {
    expect(allowedAggregations(true)).toEqual(['LIST', 'SUM', 'COUNT', 'AVERAGE']);
    expect(allowedAggregations(false)).toEqual(['LIST', 'COUNT']);
    const metric = { ...newMetric('NetworkElementAttributes'), attributeName: 'Type' };
    expect(metricProblem({ ...metric, aggregationOperation: 'SUM' }, attributes)).toBe(
      'aggregationNeedsNumber',
    );
    expect(metricProblem({ ...metric, aggregationOperation: 'LIST' }, attributes)).toBeNull();
  });

  it('starts a formula with two empty variables joined by ADD and keeps one fewer operation', () => {
    const formula = newMetric('FormulaResult').formulaConfig;
    expect(formula?.operations).toEqual(['ADD']);
    if (!formula) return;
    const four = withVariableCount({ ...formula, operations: ['DIVIDE'] }, 4);
    expect(four.variableAttributes).toHaveLength(4);
    expect(four.operations).toEqual(['DIVIDE', 'ADD', 'ADD']);
    expect(withVariableCount(four, 1).numberOfVariables).toBe(2);
    expect(withVariableCount(four, 11).numberOfVariables).toBe(10);
  });

  it('accepts a formula only over number attributes of the element type', () => {
    const metric = newMetric('FormulaResult');
    expect(metricProblem(metric, attributes)).toBe('variables');
    const formula = metric.formulaConfig && {
      ...metric.formulaConfig,
      variableAttributes: ['Existing Users', 'Capacity'],
    };
    expect(metricProblem({ ...metric, formulaConfig: formula }, attributes)).toBeNull();
    const text = formula && { ...formula, variableAttributes: ['Existing Users', 'Type'] };
    expect(metricProblem({ ...metric, formulaConfig: text }, attributes)).toBe('variables');
  });

  it('accepts a formula without element type only over number figures of the project', () => {
    const metric = { ...newMetric('FormulaResult'), elementType: null, aggregationOperation: null };
    const over = (variableAttributes: string[]) =>
      metricProblem({
        ...metric,
        formulaConfig: metric.formulaConfig && { ...metric.formulaConfig, variableAttributes },
      });
    expect(over(['cost', 'homesPassed'])).toBeNull();
    expect(over(['cost', 'client'])).toBe('variables');
    expect(over(['cost', 'Capacity'])).toBe('variables');
  });

  it('needs nothing more for a project fact or an element count', () => {
    expect(metricProblem(newMetric('ProjectInfo'))).toBeNull();
    expect(metricProblem(newMetric('NetworkElement'))).toBeNull();
  });
});
