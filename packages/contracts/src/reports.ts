import { z } from 'zod';
import { bodyId, text } from './primitives.ts';

/** KPI reports (SPEC §2, §3 "Report", "Metric row", "Chart config", §5; issue "KPI reports"). */

export const METRIC_TYPES = [
  'ProjectInfo',
  'NetworkElement',
  'NetworkElementAttributes',
  'FormulaResult',
] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** The element types offered to reports (SPEC §5): four marker types and zones. */
export const REPORT_ELEMENT_TYPES = [
  'PboFat',
  'SpliceClosure',
  'FDTSRO',
  'Building',
  'Zone',
] as const;
export type ReportElementType = (typeof REPORT_ELEMENT_TYPES)[number];

/** `phase` (the cluster's project phase) is beyond the spec. */
export const GROUP_BY_LEVELS = ['project', 'centralOffice', 'cluster', 'phase'] as const;
export type GroupByLevel = (typeof GROUP_BY_LEVELS)[number];

export const AGGREGATIONS = ['LIST', 'SUM', 'COUNT', 'AVERAGE'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export const FORMULA_OPERATIONS = ['ADD', 'SUBTRACT', 'MULTIPLY', 'DIVIDE'] as const;
export type FormulaOperation = (typeof FORMULA_OPERATIONS)[number];

export const RESULT_FORMATS = ['NUMBER', 'PERCENTAGE'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

export const CHART_TYPES = ['BAR', 'PIE', 'LINE'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Facts a ProjectInfo metric gives per group (its `attributeName`). */
export const PROJECT_INFO_FIELDS = [
  'name',
  'client',
  'subsidiary',
  'mainProject',
  'centralOffices',
  'clusters',
  'users',
  'phases',
  'cableMetres',
  // Fibre figures (issue 26): homes whose drop is spliced on, fibres by state, PBO ports used.
  'homesConnected',
  'fibres',
  'pboPortsUsed',
  // Bill of materials (issue 27): homes passed and the cost in the price book's currency.
  'homesPassed',
  'cost',
  'builtCost',
  'leftCost',
  'costPerHomePassed',
  'costPerHomeConnected',
] as const;
export type ProjectInfoField = (typeof PROJECT_INFO_FIELDS)[number];

/** Project Info fields in the price book's currency. */
export const MONEY_PROJECT_INFO_FIELDS = [
  'cost',
  'builtCost',
  'leftCost',
  'costPerHomePassed',
  'costPerHomeConnected',
] as const satisfies readonly ProjectInfoField[];

/** Project Info fields that are one number per group: a formula without element type uses them. */
export const NUMERIC_PROJECT_INFO_FIELDS = [
  'centralOffices',
  'clusters',
  'users',
  'homesConnected',
  'pboPortsUsed',
  'homesPassed',
  ...MONEY_PROJECT_INFO_FIELDS,
] as const satisfies readonly ProjectInfoField[];

export const FORMULA_VARIABLES_MIN = 2;
export const FORMULA_VARIABLES_MAX = 10;
export const REPORT_METRICS_MAX = 50;
export const REPORT_CHARTS_MAX = 20;
export const UNTITLED_REPORT = 'Untitled report';

const name = text().trim().max(200);
const attributeName = text().trim().min(1).max(100);

export const formulaConfigSchema = z.object({
  resultName: text().trim().max(100).default(''),
  numberOfVariables: z.number().int().min(FORMULA_VARIABLES_MIN).max(FORMULA_VARIABLES_MAX),
  variableAttributes: z.array(attributeName).min(FORMULA_VARIABLES_MIN).max(FORMULA_VARIABLES_MAX),
  operations: z.array(z.enum(FORMULA_OPERATIONS)).max(FORMULA_VARIABLES_MAX - 1),
  resultFormat: z.enum(RESULT_FORMATS).default('NUMBER'),
});
export type FormulaConfig = z.infer<typeof formulaConfigSchema>;

/** A metric row as SPEC §3 names its fields; which are needed depends on its type. */
export const metricSchema = z.object({
  metricId: text().trim().min(1).max(64),
  /** The table info as the builder shows it (Project Info, Network Element…). */
  tableInfo: text().max(100).default(''),
  attributeName: attributeName.nullable().default(null),
  metricType: z.enum(METRIC_TYPES),
  elementType: z.enum(REPORT_ELEMENT_TYPES).nullable().default(null),
  groupByLevel: z.enum(GROUP_BY_LEVELS).default('cluster'),
  aggregationOperation: z.enum(AGGREGATIONS).nullable().default(null),
  formulaConfig: formulaConfigSchema.nullable().default(null),
});
export type Metric = z.infer<typeof metricSchema>;

/** A metric row with the schema's defaults: the start of a builder's, a seed's or a test's. */
export const reportMetric = (
  metricId: string,
  fields: Partial<Metric> & Pick<Metric, 'metricType'>,
): Metric => ({
  metricId,
  tableInfo: '',
  attributeName: null,
  elementType: null,
  groupByLevel: 'cluster',
  aggregationOperation: null,
  formulaConfig: null,
  ...fields,
});

/** A chart (SPEC §3 "Chart config"): which metrics it draws and how. */
export const visualizationSchema = z.object({
  chartType: z.enum(CHART_TYPES),
  xAxisField: text().max(100).default(''),
  yAxisField: text().max(100).default(''),
  representation: text().max(100).default(''),
  values: text().max(100).default(''),
  barColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#007bff'),
  useCustomColors: z.boolean().default(false),
  customColors: z
    .array(z.string().regex(/^#[0-9a-fA-F]{6}$/))
    .max(100)
    .default([]),
  /** Indices into the report's metrics. */
  metricIndices: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(REPORT_METRICS_MAX - 1),
    )
    .max(REPORT_METRICS_MAX),
});
export type Visualization = z.infer<typeof visualizationSchema>;

export const reportBodySchema = z.object({
  name: name.default(''),
  metrics: z.array(metricSchema).max(REPORT_METRICS_MAX).default([]),
  visualizations: z.array(visualizationSchema).max(REPORT_CHARTS_MAX).default([]),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export interface Report extends ReportBody {
  id: number;
  userId: number;
  /** The author's name (a report shared with a project shows whose it is). */
  owner: string;
  /** The project whose users may read and run it, not change it; null when not shared. */
  sharedProjectId: number | null;
  sharedProjectName: string | null;
  createdAt: string;
  updatedAt: string;
  lastRunAt: string | null;
}

/** Shares a report with a project's users (read-only), or stops sharing it (null). */
export const shareReportBody = z.object({ projectId: bodyId.nullable() });

/** The scope of a run: a project, optionally narrowed to a CO or a cluster. */
export const runReportBody = z.object({
  projectId: bodyId,
  centralOfficeId: bodyId.optional(),
  clusterId: bodyId.optional(),
  /** A draft configuration run without saving (the builder's preview). */
  report: reportBodySchema.optional(),
});
export type RunReportBody = z.infer<typeof runReportBody>;

export type CellValue = string | number | null;

export interface MetricResult {
  metricId: string;
  title: string;
  /** First the group column, then the metric's value columns. */
  columns: { key: string; label: string; kind: 'text' | 'number' | 'percentage' }[];
  rows: Record<string, CellValue>[];
  /** E.g. values that are not numbers counted as empty, divisions by zero left empty. */
  notes: string[];
}

export interface ChartSeries {
  name: string;
  data: { name: string; value: number | null }[];
}

export interface VisualizationResult {
  index: number;
  chartType: ChartType;
  series: ChartSeries[];
}

/** An attribute of a report element type as the builder offers it. */
export interface ReportAttribute {
  name: string;
  /** Numbers (and dropdowns of numbers, and derived counts) may be summed and used in formulas. */
  number: boolean;
}

export type ReportAttributes = Record<ReportElementType, ReportAttribute[]>;

export interface ReportRun {
  scope: { projectId: number; centralOfficeId: number | null; clusterId: number | null };
  ranAt: string;
  metrics: MetricResult[];
  visualizations: VisualizationResult[];
}
