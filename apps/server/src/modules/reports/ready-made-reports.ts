import { sql } from 'drizzle-orm';
import { reportMetric, type ReportBody, type Visualization } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';
import { reportsRepository } from './reports.repository.ts';

const metric = reportMetric;

const chart = (chartType: Visualization['chartType'], metricIndices: number[]): Visualization => ({
  chartType,
  xAxisField: 'group',
  yAxisField: 'value',
  representation: 'group',
  values: 'value',
  barColor: '#007bff',
  useCustomColors: false,
  customColors: [],
  metricIndices,
});

/** The KPI every FTTH planner watches: each PBO-FAT's Existing Users ÷ Capacity, averaged. */
export const PBO_SATURATION = metric('saturation', {
  tableInfo: 'Formula Result',
  metricType: 'FormulaResult',
  elementType: 'PboFat',
  aggregationOperation: 'AVERAGE',
  formulaConfig: {
    resultName: 'PBO saturation',
    numberOfVariables: 2,
    variableAttributes: ['Existing Users', 'Capacity'],
    operations: ['DIVIDE'],
    resultFormat: 'PERCENTAGE',
  },
});

/** Reports an FTTH planner recognises, ready to run on any project. */
export const READY_MADE_REPORTS: ReportBody[] = [
  {
    name: 'Network inventory per cluster',
    metrics: [
      metric('pbo', {
        tableInfo: 'Network Element',
        metricType: 'NetworkElement',
        elementType: 'PboFat',
      }),
      metric('closures', {
        tableInfo: 'Network Element',
        metricType: 'NetworkElement',
        elementType: 'SpliceClosure',
      }),
      metric('fdt', {
        tableInfo: 'Network Element',
        metricType: 'NetworkElement',
        elementType: 'FDTSRO',
      }),
      metric('buildings', {
        tableInfo: 'Network Element',
        metricType: 'NetworkElement',
        elementType: 'Building',
      }),
    ],
    visualizations: [chart('BAR', [0, 1, 2, 3])],
  },
  {
    name: 'Cable metres by capacity',
    metrics: [
      metric('cable', {
        tableInfo: 'Project Info',
        metricType: 'ProjectInfo',
        attributeName: 'cableMetres',
      }),
    ],
    visualizations: [chart('BAR', [0])],
  },
  {
    name: 'PBO-FAT saturation',
    metrics: [
      PBO_SATURATION,
      metric('users', {
        tableInfo: 'Network Element Attributes',
        metricType: 'NetworkElementAttributes',
        elementType: 'PboFat',
        attributeName: 'Existing Users',
        aggregationOperation: 'SUM',
      }),
    ],
    visualizations: [chart('BAR', [0])],
  },
  {
    name: 'Fibre network per cluster',
    metrics: [
      metric('homes', {
        tableInfo: 'Project Info',
        metricType: 'ProjectInfo',
        attributeName: 'homesConnected',
      }),
      metric('ports', {
        tableInfo: 'Project Info',
        metricType: 'ProjectInfo',
        attributeName: 'pboPortsUsed',
      }),
      metric('fibres', {
        tableInfo: 'Project Info',
        metricType: 'ProjectInfo',
        attributeName: 'fibres',
      }),
    ],
    visualizations: [chart('BAR', [0, 1])],
  },
  {
    // Issue 27: what each cluster costs, what is left to spend, and per home.
    name: 'Bill of materials per cluster',
    metrics: [
      ...(
        ['cost', 'leftCost', 'homesPassed', 'costPerHomePassed', 'costPerHomeConnected'] as const
      ).map((field) =>
        metric(field, {
          tableInfo: 'Project Info',
          metricType: 'ProjectInfo',
          attributeName: field,
        }),
      ),
      metric('builtShare', {
        tableInfo: 'Formula Result',
        metricType: 'FormulaResult',
        formulaConfig: {
          resultName: 'Share of the cost built',
          numberOfVariables: 2,
          variableAttributes: ['builtCost', 'cost'],
          operations: ['DIVIDE'],
          resultFormat: 'PERCENTAGE',
        },
      }),
    ],
    visualizations: [chart('BAR', [0, 1])],
  },
  {
    name: 'Buildings and floors per cluster',
    metrics: [
      metric('buildings', {
        tableInfo: 'Network Element',
        metricType: 'NetworkElement',
        elementType: 'Building',
      }),
      metric('floors', {
        tableInfo: 'Network Element Attributes',
        metricType: 'NetworkElementAttributes',
        elementType: 'Building',
        attributeName: 'Floors',
        aggregationOperation: 'SUM',
      }),
    ],
    visualizations: [chart('BAR', [0, 1])],
  },
  {
    name: 'Progress of clusters by phase',
    metrics: [
      metric('phases', {
        tableInfo: 'Project Info',
        metricType: 'ProjectInfo',
        attributeName: 'clusters',
        groupByLevel: 'phase',
      }),
    ],
    visualizations: [chart('PIE', [0])],
  },
];

/** The ready-made reports for the admin and the demo planner, once. */
export async function seedDemoReports(db: Queryable, userIds: number[]): Promise<void> {
  for (const userId of userIds) {
    const has = await db.one(sql`SELECT 1 FROM reports WHERE user_id = ${userId} LIMIT 1`);
    if (has) continue;
    for (const report of READY_MADE_REPORTS) await reportsRepository.create(db, userId, report);
  }
}
