import { describe, expect, it } from 'vitest';
import type { ReportBody } from '@integration/contracts';
import { newMetric } from './metric-rules.ts';
import { duplicateOf, newVisualization, removeMetric } from './report-edits.ts';

const report: ReportBody = {
  name: 'KPIs',
  metrics: [newMetric('ProjectInfo'), newMetric('NetworkElement'), newMetric('NetworkElement')],
  visualizations: [
    { ...newVisualization('BAR', 3), metricIndices: [0, 2] },
    { ...newVisualization('PIE', 3), metricIndices: [1] },
  ],
};

describe('report edits', () => {
  it('keeps charts on the same metrics when one before them is removed', () => {
    const next = removeMetric(report, 1);
    expect(next.metrics).toHaveLength(2);
    // The pie drew only the removed metric: it goes with it.
    expect(next.visualizations.map((v) => v.metricIndices)).toEqual([[0, 1]]);
  });

  it('draws a new chart in the default colour over the first metric', () => {
    const chart = newVisualization('BAR', 3);
    expect(chart.barColor).toBe('#007bff');
    expect(chart.metricIndices).toEqual([0]);
    expect(newVisualization('PIE', 0).metricIndices).toEqual([]);
  });

  it('duplicates under a new name without sharing rows', () => {
    const copy = duplicateOf(report, '(copy)');
    expect(copy.name).toBe('KPIs (copy)');
    expect(copy.metrics[0]).not.toBe(report.metrics[0]);
    expect(copy.metrics).toEqual(report.metrics);
  });
});
