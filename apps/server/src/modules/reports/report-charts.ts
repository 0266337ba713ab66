import * as echarts from 'echarts';
import type { Visualization, VisualizationResult } from '@integration/contracts';

/** The ECharts option of a chart: bars, lines or a pie of the metrics it draws. */
export function chartOption(
  config: Visualization,
  result: VisualizationResult,
): echarts.EChartsOption {
  const [first] = result.series;
  if (result.chartType === 'PIE') {
    return {
      animation: false,
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          radius: '60%',
          name: first?.name ?? '',
          data: (first?.data ?? []).map((d) => ({ name: d.name, value: d.value ?? 0 })),
          label: { formatter: '{b}: {c}', color: '#333' },
        },
      ],
    };
  }
  const categories = first?.data.map((d) => d.name) ?? [];
  const single = result.series.length === 1;
  return {
    animation: false,
    legend: { bottom: 0, type: 'scroll' },
    grid: { left: 48, right: 16, top: 16, bottom: 56, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { interval: 0, rotate: categories.length > 8 ? 40 : 0 },
    },
    yAxis: { type: 'value' },
    series: result.series.map((series, i) => ({
      type: result.chartType === 'LINE' ? 'line' : 'bar',
      name: series.name,
      data: series.data.map((d, k) => ({
        value: d.value,
        // Custom colours colour the bars of a single series one by one.
        itemStyle:
          single && config.useCustomColors && config.customColors[k]
            ? { color: config.customColors[k] }
            : undefined,
      })),
      itemStyle: i === 0 ? { color: config.barColor } : undefined,
    })),
  };
}

/** The chart as SVG, rendered on the server (vector in the PDF, no browser). */
export function chartSvg(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
