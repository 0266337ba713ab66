import type { EChartsCoreOption } from 'echarts/core';
import type { Visualization, VisualizationResult } from '@integration/contracts';

/** The categories of a chart (groups), in the order the series first name them. */
export function categoriesOf(result: VisualizationResult): string[] {
  const seen = new Set<string>();
  for (const series of result.series) for (const point of series.data) seen.add(point.name);
  return [...seen];
}

/**
 * The ECharts option of one chart: bars or lines over the categories (the first series in the
 * chart's bar colour, or one custom colour per bar), or one pie per series, always with a legend
 * and tooltips; `percentage` marks the value axis when every figure drawn is one.
 */
export function chartOption(
  result: VisualizationResult,
  config: Visualization | undefined,
  percentage = false,
): EChartsCoreOption {
  const base = {
    animation: false,
    tooltip: {
      trigger: result.chartType === 'PIE' ? 'item' : 'axis',
      confine: true,
      ...(percentage ? { valueFormatter: (value: unknown) => `${String(value)} %` } : {}),
    },
    legend: { type: 'scroll', bottom: 0 },
  };
  if (result.chartType === 'PIE') {
    const count = result.series.length;
    return {
      ...base,
      series: result.series.map((series, i) => ({
        type: 'pie',
        name: series.name,
        radius: count > 1 ? '45%' : ['30%', '65%'],
        center: [`${((i + 0.5) * 100) / count}%`, '45%'],
        data: series.data.map((p) => ({ name: p.name, value: p.value })),
        label: { show: count === 1, formatter: '{b}: {d}%' },
        // Note: slivers (and empty groups) keep their legend entry but not an overlapping label.
        minShowLabelAngle: 4,
      })),
    };
  }
  const categories = categoriesOf(result);
  const custom = config?.useCustomColors ? config.customColors : [];
  return {
    ...base,
    grid: { left: 8, right: 16, top: 24, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: categories, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', axisLabel: percentage ? { formatter: '{value} %' } : {} },
    series: result.series.map((series, i) => {
      const byName = new Map(series.data.map((p) => [p.name, p.value]));
      const color = i === 0 ? config?.barColor : undefined;
      return {
        type: result.chartType === 'LINE' ? 'line' : 'bar',
        barMaxWidth: 64,
        symbolSize: 8,
        name: series.name,
        ...(color ? { itemStyle: { color }, lineStyle: { color } } : {}),
        data: categories.map((name, k) => {
          const value = byName.get(name) ?? null;
          const own = i === 0 ? custom[k] : undefined;
          return own ? { value, itemStyle: { color: own } } : value;
        }),
      };
    }),
  };
}
