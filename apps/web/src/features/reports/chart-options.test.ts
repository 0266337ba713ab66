import { describe, expect, it } from 'vitest';
import type { Visualization, VisualizationResult } from '@integration/contracts';
import { categoriesOf, chartOption } from './chart-options.ts';
import { newVisualization } from './report-edits.ts';

const bars: VisualizationResult = {
  index: 0,
  chartType: 'BAR',
  series: [
    {
      name: 'PBO-FAT',
      data: [
        { name: 'CBD-01', value: 4 },
        { name: 'CBD-02', value: 2 },
      ],
    },
    {
      name: 'Buildings',
      data: [
        { name: 'CBD-03', value: 1 },
        { name: 'CBD-01', value: 7 },
      ],
    },
  ],
};

describe('chartOption', () => {
  it('puts every series on the union of categories, gaps as empty values', () => {
    expect(categoriesOf(bars)).toEqual(['CBD-01', 'CBD-02', 'CBD-03']);
    const option = chartOption(bars, newVisualization('BAR', 2)) as {
      series: { type: string; data: unknown[]; itemStyle?: { color: string } }[];
    };
    expect(option.series[0]?.type).toBe('bar');
    expect(option.series[0]?.data).toEqual([4, 2, null]);
    expect(option.series[0]?.itemStyle?.color).toBe('#007bff');
    expect(option.series[1]?.data).toEqual([7, null, 1]);
    expect(option.series[1]?.itemStyle).toBeUndefined();
  });

  it('gives each bar its custom colour when asked', () => {
    const config: Visualization = {
      ...newVisualization('BAR', 1),
      useCustomColors: true,
      customColors: ['#ff0000', '#00ff00'],
    };
    const option = chartOption(bars, config) as { series: { data: unknown[] }[] };
    expect(option.series[0]?.data).toEqual([
      { value: 4, itemStyle: { color: '#ff0000' } },
      { value: 2, itemStyle: { color: '#00ff00' } },
      null,
    ]);
  });

  it('marks percentages on the value axis and in tooltips', () => {
    const option = chartOption(bars, undefined, true) as {
      yAxis: { axisLabel: { formatter: string } };
      tooltip: { valueFormatter: (v: number) => string };
    };
    expect(option.yAxis.axisLabel.formatter).toBe('{value} %');
    expect(option.tooltip.valueFormatter(29.07)).toBe('29.07 %');
  });

  it('draws a pie per series with a legend and item tooltips', () => {
    const option = chartOption({ ...bars, chartType: 'PIE' }, undefined) as {
      series: { type: string; center: string[] }[];
      tooltip: { trigger: string };
      legend: object;
    };
    expect(option.series.map((s) => s.type)).toEqual(['pie', 'pie']);
    expect(option.series[1]?.center[0]).toBe('75%');
    expect(option.tooltip.trigger).toBe('item');
    expect(option.legend).toBeDefined();
  });
});
