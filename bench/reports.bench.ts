// `npm run bench reports`: a report of one metric of each type over 1,000,000 generated
// elements, grouped by cluster, through the API, beside the hand-written SQL aggregate that
// computes the same numbers, in the same run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { reportMetric, type Metric, type ReportRun } from '@integration/contracts';
import { PBO_SATURATION } from '../apps/server/src/modules/reports/ready-made-reports.ts';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { interleavedMediansMs, type Figure } from './lib/report.ts';

const ELEMENTS = Number(process.env.BENCH_REPORT_ELEMENTS ?? 1_000_000);
const CLUSTERS = 50;
const RUNS = 5;

const metric = reportMetric;

const METRICS: Metric[] = [
  metric('clusters', { metricType: 'ProjectInfo', attributeName: 'clusters' }),
  metric('pbo', { metricType: 'NetworkElement', elementType: 'PboFat' }),
  metric('floors', {
    metricType: 'NetworkElementAttributes',
    elementType: 'Building',
    attributeName: 'Floors',
    aggregationOperation: 'SUM',
  }),
  PBO_SATURATION,
];

/**
 * A project of its own with CLUSTERS clusters and ELEMENTS elements, half PBO-FATs, half
 * buildings. Each PBO-FAT's users are its own, as in a real network: attributes repeated
 * across elements would let the planner cache per-element work and flatter any engine.
 */
async function generate(bench: BenchDatabase): Promise<{ projectId: number; officeId: number }> {
  const { db } = bench;
  const row = await db.one<{ projectId: number; officeId: number }>(sql`
    WITH p AS (
      INSERT INTO projects (main_project_id, name)
      SELECT id, 'Report bench' FROM main_projects ORDER BY id LIMIT 1 RETURNING id)
    INSERT INTO central_offices (project_id, name) SELECT id, 'CO bench' FROM p
    RETURNING project_id AS "projectId", id AS "officeId"`);
  if (!row) throw new Error('bench project not created');
  const { templatesRepository } =
    await import('../apps/server/src/modules/templates/templates.repository.ts');
  await templatesRepository.ensureDefaults(db, [row.projectId]);
  await db.rows(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT ${row.officeId}, 'RB-' || lpad(s::text, 3, '0') FROM generate_series(1, ${CLUSTERS}::int) s`);
  // In batches: PGlite holds one statement's rows in memory.
  const batch = 100_000;
  for (let from = 0; from < ELEMENTS; from += batch) {
    await db.rows(sql`
      INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes)
      SELECT c.id, t.type, t.id, t.type || '-' || s,
             ST_SetSRID(ST_MakePoint(36.8 + (s % 1000) * 0.0001, -1.28 - (s / 1000) * 0.0001), 4326),
             CASE WHEN t.type = 'PboFat'
               THEN jsonb_build_object(
                 'Capacity', CASE WHEN s % 3 = 0 THEN '"16"' ELSE '"8"' END,
                 'FAT Existing Users ID',
                 '[' || repeat('{"mainId":"U' || s || '"},', s % 5) || '{"mainId":"U' || s || '"}]')
               ELSE jsonb_build_object('Floors', (s % 7) + 1) END
      FROM generate_series(${from + 1}::int, ${Math.min(from + batch, ELEMENTS)}::int) s
      JOIN clusters c ON c.central_office_id = ${row.officeId}
                     AND c.name = 'RB-' || lpad(((s % ${CLUSTERS}::int) + 1)::text, 3, '0')
      JOIN element_templates t ON t.project_id = ${row.projectId} AND t.is_default
                              AND t.type = CASE WHEN s % 2 = 0 THEN 'PboFat' ELSE 'Building' END`);
  }
  await db.rows(sql`ANALYZE network_elements`);
  return row;
}

/** The same numbers, as one would write them by hand: one pass over the elements. */
const handWritten = (officeId: number) => sql`
  SELECT c.name,
         count(*) FILTER (WHERE e.type = 'PboFat') AS pbo,
         sum((e.attributes->>'Floors')::float8) FILTER (WHERE e.type = 'Building') AS floors,
         avg(jsonb_array_length((e.attributes->>'FAT Existing Users ID')::jsonb)
             / nullif(trim(both '"' FROM e.attributes->>'Capacity')::float8, 0) * 100)
           FILTER (WHERE e.type = 'PboFat') AS saturation,
         1 AS clusters
  FROM clusters c
  LEFT JOIN network_elements e ON e.cluster_id = c.id AND e.deleted_at IS NULL
  WHERE c.central_office_id = ${officeId}
  GROUP BY c.name ORDER BY c.name`;

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
};

/** Ten metrics over the demo's CBD-01 network and a column chart of the first. */
const TEN_METRICS = {
  name: 'Ten metrics',
  metrics: [
    ...(['PboFat', 'SpliceClosure', 'FDTSRO', 'Building', 'Zone'] as const).map((elementType) =>
      metric(elementType, { metricType: 'NetworkElement', elementType }),
    ),
    ...METRICS.slice(1),
    metric('cable', { metricType: 'ProjectInfo', attributeName: 'cableMetres' }),
    metric('phases', { metricType: 'ProjectInfo', attributeName: 'phases' }),
  ],
  visualizations: [{ chartType: 'BAR', metricIndices: [0] }],
};

/**
 * Time to the first chart drawn in Chromium for a 10-metric report (the report view opened
 * with `&run=1`), beside the API's run of the same report: what the browser adds on top.
 */
async function firstChart(): Promise<{ figure: Figure; note: string } | null> {
  if (!existsSync(path.join(DIST, 'index.html'))) return null;
  const bench = await benchDatabase('pglite');
  const server = await startBenchServer(bench, { webDistDir: DIST });
  const browser = await chromium.launch(LAUNCH);
  try {
    const project = await bench.db.one<{ id: number }>(
      sql`SELECT id FROM projects WHERE name = 'Nairobi CBD'`,
    );
    const { data } = JSON.parse(
      await server.call('POST', '/integration/reports/create', TEN_METRICS),
    ) as { data: { id: number } };
    const scope = JSON.stringify({ projectId: project?.id });
    const page = await (
      await browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    await page.goto(`${server.origin}/auth/login`);
    await page.evaluate(
      ([t, u, p]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('user', JSON.stringify(u));
        localStorage.setItem('projectID', String(p));
      },
      [server.token, server.user, project?.id],
    );
    const open = async () => {
      await page.goto(`${server.origin}/reports?report=${data.id}&run=1`);
      await page.locator('canvas').first().waitFor({ state: 'visible', timeout: 60_000 });
    };
    const [chart, api] = await interleavedMediansMs(RUNS, [
      open,
      () => server.call('POST', `/integration/reports/run/${data.id}`, scope),
    ]);
    return {
      figure: {
        name: 'first chart of a 10-metric report in Chromium (page load, run, ECharts), PGlite',
        ours: chart ?? NaN,
        reference: api ?? NaN,
        referenceName: 'the API running the same report',
        unit: 'ms',
      },
      note: 'reports: the first chart is timed from navigation to the first visible canvas, on the demo network of Nairobi CBD (about 2,100 elements).',
    };
  } finally {
    await browser.close();
    await server.app.close();
    await bench.dispose();
  }
}

export async function reportsFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const chart = await firstChart();
  if (chart) {
    figures.push(chart.figure);
    notes.push(chart.note);
  } else notes.push('reports: the web app is not built (`npm run build`): no first-chart figure.');
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  for (const kind of kinds) {
    const bench = await benchDatabase(kind);
    const server = await startBenchServer(bench);
    try {
      const started = performance.now();
      const { projectId, officeId } = await generate(bench);
      notes.push(
        `reports (${bench.label}): ${ELEMENTS.toLocaleString('en')} elements in ${CLUSTERS} clusters generated in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
      );
      const body = JSON.stringify({
        projectId,
        centralOfficeId: officeId,
        report: { name: 'bench', metrics: METRICS, visualizations: [] },
      });
      // Both give the same numbers (checked once, on the PBO-FATs of the first cluster).
      const answer = JSON.parse(
        await server.call('POST', '/integration/reports/run/draft', body),
      ) as {
        data: ReportRun;
      };
      const reference = await bench.db.rows<{ name: string; pbo: number; floors: number }>(
        handWritten(officeId),
      );
      const ours = answer.data.metrics[1]?.rows.find((r) => r.group === reference[0]?.name);
      if (Number(ours?.value) !== Number(reference[0]?.pbo)) {
        throw new Error(
          `reports bench: the engine and the hand-written SQL disagree (${ours?.value} vs ${reference[0]?.pbo})`,
        );
      }
      const [engine, bare] = await interleavedMediansMs(RUNS, [
        () => server.call('POST', '/integration/reports/run/draft', body),
        () => bench.db.rows(handWritten(officeId)),
      ]);
      figures.push({
        name: `report of 4 metrics (one of each type) over ${ELEMENTS / 1e6} M elements by cluster (HTTP, ${bench.label})`,
        ours: engine ?? NaN,
        reference: bare ?? NaN,
        referenceName: 'hand-written SQL aggregate, one pass, same numbers',
        unit: 'ms',
        goal: 1.2,
      });
    } finally {
      await server.app.close();
      await bench.dispose();
    }
  }
  notes.push(`reports: median of ${RUNS} runs after a warm-up, the two ways taking turns.`);
  return { figures, notes };
}
