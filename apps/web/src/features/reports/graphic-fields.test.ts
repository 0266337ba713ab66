import { describe, expect, it } from 'vitest';
import type { MetricResult } from '@integration/contracts';
import { graphicFields } from './graphic-fields.ts';

const fallback = {
  groups: [{ value: 'group', label: 'Cluster' }],
  figures: [{ value: 'value', label: 'Value' }],
};

const result = (columns: MetricResult['columns']): MetricResult => ({
  metricId: 'm',
  title: 'Cable metres',
  columns,
  rows: [],
  notes: [],
});

describe('graphicFields', () => {
  it('offers the group and value columns when nothing was run', () => {
    expect(graphicFields(undefined, fallback)).toBe(fallback);
  });

  it('offers text columns for X and each figure column once for Y', () => {
    const cables = result([
      { key: 'group', label: 'Cluster', kind: 'text' },
      { key: 'value', label: 'Total (m)', kind: 'number' },
      { key: 'capacity:24', label: '24 fibres (m)', kind: 'number' },
    ]);
    const saturation = result([
      { key: 'group', label: 'Cluster', kind: 'text' },
      { key: 'value', label: 'Saturation', kind: 'percentage' },
    ]);
    expect(graphicFields([cables, saturation], fallback)).toEqual({
      groups: [{ value: 'group', label: 'Cluster' }],
      figures: [
        { value: 'value', label: 'Total (m)' },
        { value: 'capacity:24', label: '24 fibres (m)' },
      ],
    });
  });
});
