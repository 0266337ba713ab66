import type { ChartType, Metric, ReportBody, Visualization } from '@integration/contracts';

/** Removes a metric: charts keep pointing at the same metrics; a chart of it alone goes too. */
export function removeMetric(report: ReportBody, index: number): ReportBody {
  return {
    ...report,
    metrics: report.metrics.filter((_, i) => i !== index),
    visualizations: report.visualizations
      .filter((v) => v.metricIndices.some((i) => i !== index))
      .map((v) => ({
        ...v,
        metricIndices: v.metricIndices
          .filter((i) => i !== index)
          .map((i) => (i > index ? i - 1 : i)),
      })),
  };
}

export function replaceMetric(report: ReportBody, index: number, metric: Metric): ReportBody {
  return { ...report, metrics: report.metrics.map((m, i) => (i === index ? metric : m)) };
}

/** A chart of a type over every metric, in the default bar colour (SPEC §9). */
export function newVisualization(chartType: ChartType, metricCount: number): Visualization {
  return {
    chartType,
    xAxisField: '',
    yAxisField: '',
    representation: '',
    values: '',
    barColor: '#007bff',
    useCustomColors: false,
    customColors: [],
    metricIndices: Array.from({ length: Math.min(metricCount, 1) }, (_, i) => i),
  };
}

/** A copy to save as a new report ("Duplicate"). */
export function duplicateOf(report: ReportBody, suffix: string): ReportBody {
  return {
    name: `${report.name} ${suffix}`.trim(),
    metrics: report.metrics.map((m) => ({ ...m })),
    visualizations: report.visualizations.map((v) => ({ ...v })),
  };
}
