// `npm run bench design`: the design checks of issue 27 over the demo cluster CBD-01 and over a
// generated, lit cluster of about 2,000 homes (GET /design/clusters/{id}/problems through the
// app), each beside the hand-written SQL of the same rules run on the same database in the same
// run, with each rule's query timed apart; the bill of materials (GET /design/bom) of that
// cluster and of a project of about 100,000 elements, beside the bare SQL of bom.sql.ts.
// BENCH_DESIGN_ONLY=postgres|pglite measures one database; on PGlite the 100,000-element project
// is built only with BENCH_DESIGN_PGLITE_LARGE=1 (tens of minutes: see measure).
import { sql } from 'drizzle-orm';
import {
  DESIGN_RULES,
  type DesignProblems,
  type DesignThresholds,
  type LossConstants,
} from '@integration/contracts';
import type { Database } from '../apps/server/src/db/database.ts';
import {
  bomHomesSql,
  bomLinesSql,
  type BomScope,
} from '../apps/server/src/modules/costs/bom.sql.ts';
import { checksRepository as checks } from '../apps/server/src/modules/design/checks.repository.ts';
import { designSettingsRepository } from '../apps/server/src/modules/design/settings.repository.ts';
import { fibreSettingsRepository } from '../apps/server/src/modules/fibre/settings.repository.ts';
import {
  homesAStatement,
  traceRepository as traces,
} from '../apps/server/src/modules/fibre/trace.repository.ts';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import { copyCluster, designProject, litCluster } from './lib/design-network.ts';
import { REFERENCE_RULES, type ReferenceProblem } from './lib/design-reference.ts';
import type { Figure } from './lib/report.ts';

/** Streets each way of the generated cluster's grid, 120 m apart: 19 give about 2,000 homes. */
const STREETS = Number(process.env.BENCH_DESIGN_STREETS ?? 19);
/** Elements of the BOM's project: the lit cluster and copies of it. */
const PROJECT_ELEMENTS = Number(process.env.BENCH_DESIGN_ELEMENTS ?? 100_000);
/** The generated cluster's check should take less than this (issue 27). */
const GOAL_MS = 100;

/**
 * Runs of each figure, fewer on PGlite where each takes seconds (BENCH_DESIGN_RUNS,
 * BENCH_DESIGN_RULE_RUNS and BENCH_DESIGN_BOM_RUNS set them for both).
 */
function runsOf(kind: 'pglite' | 'postgres') {
  const env = (name: string, pg: number, lite: number) =>
    Number(process.env[name] ?? (kind === 'pglite' ? lite : pg));
  return {
    check: env('BENCH_DESIGN_RUNS', 9, 5),
    rule: env('BENCH_DESIGN_RULE_RUNS', 5, 3),
    bom: env('BENCH_DESIGN_BOM_RUNS', 5, 2),
  };
}
type Runs = ReturnType<typeof runsOf>;

/** Where the run is, on stderr: a database's run takes minutes. */
const progress = (label: string, what: string) =>
  process.stderr.write(`[design ${label} ${new Date().toISOString().slice(11, 19)}] ${what}\n`);

/** Unit prices for every item, so that every line of the bill is priced. */
const PRICES = [
  { item: 'cable', placement: 'aerial', unitPrice: 95 },
  { item: 'cable', placement: 'underground', unitPrice: 120 },
  { item: 'closure', unitPrice: 18_000 },
  { item: 'pboFat', unitPrice: 9_500 },
  { item: 'fdtSro', unitPrice: 150_000 },
  { item: 'splitter', spec: '1:8', unitPrice: 2_400 },
  { item: 'splitter', spec: '1:4', unitPrice: 1_800 },
  { item: 'splice', unitPrice: 150 },
  { item: 'connector', unitPrice: 300 },
  { item: 'pole', spec: 'new', unitPrice: 12_000 },
  { item: 'pole', spec: 'existing', unitPrice: 1_500 },
  { item: 'trench', unitPrice: 800 },
  { item: 'labourSplice', unitPrice: 200 },
  { item: 'labourPull', unitPrice: 40 },
  { item: 'labourHang', unitPrice: 30 },
];

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

interface Timing {
  p50: number;
  p95: number;
}

/** p50 and p95 of each fn, taking turns run after run, after a warm-up each. */
async function interleaved(runs: number, fns: (() => Promise<unknown>)[]): Promise<Timing[]> {
  for (const fn of fns) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn();
      times[k]?.push(performance.now() - start);
    }
  return times.map((t) => ({ p50: percentile(t, 50), p95: percentile(t, 95) }));
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const ms = (n: number | undefined) => `${(n ?? NaN).toFixed(1)} ms`;

/** Problems as `code:element` keys, to compare the API's answer with the reference's. */
const keysOfApi = (data: DesignProblems) =>
  data.problems.map((p) => `${p.code}:${p.elementIds[0] ?? 0}`).sort();
const keysOfReference = (rows: ReferenceProblem[]) => rows.map((p) => `${p.code}:${p.id}`).sort();

function countsOf(keys: string[]): string {
  const counts = new Map<string, number>();
  for (const k of keys) {
    const code = k.split(':')[0] ?? '';
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
}

function agreement(api: string[], reference: string[]): string {
  const left = new Set(reference);
  const onlyApi = api.filter((k) => !left.delete(k));
  if (!onlyApi.length && !left.size) return 'the same problems on the same elements';
  return `DIFFER: only the API ${onlyApi.slice(0, 5).join(' ') || '-'}; only the reference ${
    [...left].slice(0, 5).join(' ') || '-'
  }`;
}

/** The hand-written rules one after another, as the service runs its queries. */
async function referenceCheck(
  db: Database,
  clusterId: number,
  t: DesignThresholds,
  losses: LossConstants,
): Promise<ReferenceProblem[]> {
  const found: ReferenceProblem[] = [];
  for (const rule of REFERENCE_RULES)
    found.push(...(await db.rows<ReferenceProblem>(rule.query(clusterId, t, losses))));
  return found;
}

/** The service's own queries, rule by rule, run directly on the database (no HTTP). */
function serviceQueries(db: Database, clusterId: number, projectId: number, t: DesignThresholds) {
  return [
    async () => {
      const { losses } = await fibreSettingsRepository.get(db, projectId);
      return traces.homeTotals(
        db,
        await traces.clusterHomes(db, clusterId),
        losses,
        homesAStatement(db.kind),
      );
    },
    () => checks.longDrops(db, clusterId, t),
    () => checks.fullPbos(db, clusterId, t),
    () => checks.cableFill(db, clusterId, t),
    () => checks.fullTrays(db, clusterId),
    () => checks.looseEnds(db, clusterId, t),
    () => checks.outsideZones(db, clusterId),
    () => checks.overlappingZones(db, clusterId),
    () => checks.wrongLengths(db, clusterId, t),
    () => checks.missingAttributes(db, clusterId),
  ];
}

interface Measured {
  figures: Figure[];
  breakdown: Figure[];
}

/** What a measure needs: the database, the app over it, where notes go, how many runs. */
interface Context {
  bench: BenchDatabase;
  server: BenchServer;
  notes: string[];
  runs: Runs;
}

/**
 * A cluster's full check through the API beside the reference, with the floor of an API call;
 * with `breakdown`, each rule's query apart too (the service's, straight on the database).
 */
async function measureCheck(
  { bench, server, notes, runs }: Context,
  clusterId: number,
  label: string,
  options: { goal: boolean; breakdown: boolean; checkRuns?: number },
): Promise<Measured> {
  const { db } = bench;
  progress(bench.label, `checking ${label}`);
  const project = await db.one<{ id: number }>(sql`
    SELECT co.project_id AS id FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.id = ${clusterId}`);
  const projectId = project?.id ?? 0;
  const t = await designSettingsRepository.get(db, projectId);
  const { losses } = await fibreSettingsRepository.get(db, projectId);
  const path = `/design/clusters/${clusterId}/problems`;

  const api = (JSON.parse(await server.call('GET', path)) as { data: DesignProblems }).data;
  const reference = await referenceCheck(db, clusterId, t, losses);
  const apiKeys = keysOfApi(api);
  const referenceKeys = keysOfReference(reference);
  notes.push(
    `design (${bench.label}): ${label}: the API found ${api.counts.error} errors and ${api.counts.warning} warnings (${countsOf(apiKeys)}); the hand-written SQL ${countsOf(referenceKeys)}: ${agreement(apiKeys, referenceKeys)}.`,
  );

  const [http, hand, floor] = await interleaved(options.checkRuns ?? runs.check, [
    () => server.call('GET', path),
    () => referenceCheck(db, clusterId, t, losses),
    () => server.call('GET', '/users/profile'),
  ]);
  notes.push(
    `design (${bench.label}): ${label}: an authenticated GET reading nothing else (/users/profile) takes p50 ${ms(floor?.p50)}, p95 ${ms(floor?.p95)} in the same turns.`,
  );
  const figure = (name: string, ours: number, referenceMs: number): Figure => ({
    name: `${label}: ${name} (${bench.label})`,
    ours,
    reference: referenceMs,
    referenceName: 'hand-written SQL of the same rules',
    unit: 'ms',
    goal: 1.3,
  });
  const figures = [
    figure('full check, p50 (HTTP)', http?.p50 ?? NaN, hand?.p50 ?? NaN),
    figure('full check, p95 (HTTP)', http?.p95 ?? NaN, hand?.p95 ?? NaN),
  ];
  if (options.goal)
    figures.push({
      name: `${label}: full check p50 against the goal (${bench.label})`,
      ours: http?.p50 ?? NaN,
      reference: GOAL_MS,
      referenceName: `the goal: under ${GOAL_MS} ms`,
      unit: 'ms',
      goal: 1,
    });
  if (!options.breakdown) return { figures, breakdown: [] };

  // Each rule's query: the service's, straight on the database, beside the hand-written one.
  const ours = serviceQueries(db, clusterId, projectId, t);
  const breakdown: Figure[] = [];
  let oursTotal = 0;
  let handTotal = 0;
  for (const [i, rule] of REFERENCE_RULES.entries()) {
    const [service, written] = await interleaved(runs.rule, [
      ours[i] ?? (() => Promise.resolve()),
      () => db.rows(rule.query(clusterId, t, losses)),
    ]);
    oursTotal += service?.p50 ?? 0;
    handTotal += written?.p50 ?? 0;
    breakdown.push({
      name: `${label}: ${rule.name}, p50 (${bench.label})`,
      ours: service?.p50 ?? NaN,
      reference: written?.p50 ?? NaN,
      referenceName: 'hand-written SQL of the rule',
      unit: 'ms',
    });
  }
  breakdown.push({
    name: `${label}: sum of the rules' p50 (${bench.label})`,
    ours: oursTotal,
    reference: handTotal,
    referenceName: 'hand-written SQL of the rules',
    unit: 'ms',
  });
  notes.push(
    `design (${bench.label}): ${label}: the service's queries sum to ${ms(oursTotal)} (p50 each, run straight on the database); the check through HTTP takes ${ms(http?.p50)}: the rest, ${ms((http?.p50 ?? 0) - oursTotal)}, is HTTP, the sign-in check, settings, messages and JSON (and noise).`,
  );
  return { figures, breakdown };
}

/** The bill's bare SQL: its lines summed as bom.repository.ts sums them, and its homes. */
const bareLines = (scope: BomScope) => sql`
  SELECT item, spec, placement, unit, max(unit_price) AS "unitPrice", sum(quantity) AS quantity,
         coalesce(sum(quantity) FILTER (WHERE built), 0) AS "builtQuantity"
  FROM (${bomLinesSql(scope)}) l
  GROUP BY item, spec, placement, unit
  ORDER BY item, spec, placement`;
const bareHomes = (scope: BomScope) => sql`
  SELECT coalesce(sum(passed), 0)::int AS passed, coalesce(sum(connected), 0)::int AS connected
  FROM (${bomHomesSql(scope)}) h`;

/** GET /design/bom beside the bare SQL of its lines and homes, run at once as the service does. */
async function measureBom(
  { bench, server, notes, runs }: Context,
  scope: BomScope,
  label: string,
  bomRuns = runs.bom,
): Promise<Measured> {
  const { db } = bench;
  progress(bench.label, `bill of materials of ${label}`);
  const path = `/design/bom?projectId=${scope.projectId}${scope.clusterId ? `&clusterId=${scope.clusterId}` : ''}`;
  const body = JSON.parse(await server.call('GET', path)) as {
    data: { lines: unknown[]; totals: Record<string, number | string | null> };
  };
  const totals = body.data.totals;
  notes.push(
    `design (${bench.label}): ${label}: the bill has ${body.data.lines.length} lines, ${Number(totals.cost).toLocaleString('en')} ${totals.currency}, ${totals.homesPassed} homes passed, ${totals.homesConnected} connected.`,
  );
  const bare = () => Promise.all([db.rows(bareLines(scope)), db.one(bareHomes(scope))]);
  const [http, sqlOnly] = await interleaved(bomRuns, [() => server.call('GET', path), bare]);
  const [lines, homes] = await interleaved(bomRuns, [
    () => db.rows(bareLines(scope)),
    () => db.one(bareHomes(scope)),
  ]);
  const figure = (name: string, ours: number, reference: number): Figure => ({
    name: `${label}: ${name} (${bench.label})`,
    ours,
    reference,
    referenceName: 'bare SQL of bom.sql.ts (lines and homes)',
    unit: 'ms',
    goal: 1.3,
  });
  const part = (name: string, t: Timing | undefined): Figure => ({
    name: `${label}: BOM ${name}, p50 (${bench.label})`,
    ours: t?.p50 ?? NaN,
    reference: sqlOnly?.p50 ?? NaN,
    referenceName: 'lines and homes at once',
    unit: 'ms',
  });
  return {
    figures: [
      figure('BOM, p50 (HTTP)', http?.p50 ?? NaN, sqlOnly?.p50 ?? NaN),
      figure('BOM, p95 (HTTP)', http?.p95 ?? NaN, sqlOnly?.p95 ?? NaN),
    ],
    breakdown: [part('lines (bomLinesSql)', lines), part('homes (bomHomesSql)', homes)],
  };
}

/** What the generated cluster holds, for the notes. */
async function sizeOf(db: Database, clusterId: number) {
  return db.one<{
    elements: number;
    homes: number;
    cables: number;
    fibres: number;
    joints: number;
  }>(sql`
    SELECT count(*)::int AS elements,
           count(*) FILTER (WHERE e.type IN ('SFU', 'Building'))::int AS homes,
           count(*) FILTER (WHERE e.type = 'Cable')::int AS cables,
           (SELECT count(*)::int FROM fibres f JOIN network_elements c ON c.id = f.cable_id
            WHERE c.cluster_id = ${clusterId}) AS fibres,
           (SELECT count(*)::int FROM fibre_joints j JOIN network_elements c ON c.id = j.element_id
            WHERE c.cluster_id = ${clusterId}) AS joints
    FROM network_elements e WHERE e.cluster_id = ${clusterId} AND e.deleted_at IS NULL`);
}

/**
 * One database: the demo seeded, a lit cluster of about 2,000 homes drawn beside it; the checks
 * of both and the bill of that cluster; then (on PGlite only when asked for) copies of the
 * cluster until its project holds PROJECT_ELEMENTS, the cluster's check again in that larger
 * database, and the project's bill.
 */
async function measure(kind: 'pglite' | 'postgres', notes: string[]): Promise<Measured> {
  let started = performance.now();
  const bench = await benchDatabase(kind);
  const { db, label } = bench;
  const generation = [`migrated and seeded with the demo in ${seconds(started)}`];
  const server = await startBenchServer(bench);
  const context: Context = { bench, server, notes, runs: runsOf(kind) };
  // PostgreSQL's autovacuum analyses new rows within a minute or so; PGlite never does.
  const analyse = async () => {
    if (kind !== 'postgres') return;
    const at = performance.now();
    await db.rows(sql`ANALYZE`);
    generation.push(`ANALYZE in ${seconds(at)}`);
  };
  try {
    started = performance.now();
    progress(label, 'drawing and lighting the generated cluster');
    const projectId = await designProject(db, 'Design bench');
    await server.call('POST', `/design/projects/${projectId}/prices`, { entries: PRICES });
    const lit = await litCluster(db, projectId, 'DB-0', { lat: -1.2, lng: 36.9 }, STREETS);
    const size = await sizeOf(db, lit.clusterId);
    generation.push(
      `a ${size?.homes.toLocaleString('en')}-home cluster drawn through the elements service and lit by seedFibreLighting in ${seconds(started)}`,
    );
    await analyse();
    const homes = `${size?.homes.toLocaleString('en')}-home cluster`;
    const demo = await db.one<{ id: number }>(
      sql`SELECT id FROM clusters WHERE name = 'CBD-01' ORDER BY id LIMIT 1`,
    );
    const results = [
      await measureCheck(context, demo?.id ?? 0, 'demo CBD-01', { goal: false, breakdown: true }),
      await measureCheck(context, lit.clusterId, homes, { goal: true, breakdown: true }),
      await measureBom(
        context,
        { projectId, centralOfficeId: null, clusterId: lit.clusterId },
        `${size?.elements.toLocaleString('en')}-element cluster`,
      ),
    ];

    // On PGlite, without statistics, several statements take the (cluster, type) index for the
    // type alone once the table is large (drop lengths, the walks' start, the bill's homes and
    // lines): every cable of the database read again for each home or cable, tens of minutes at
    // 100,000 elements. The larger database is built there only when asked for.
    if (kind === 'pglite' && !process.env.BENCH_DESIGN_PGLITE_LARGE) {
      notes.push(`design (${label}): generation: ${generation.join('; ')}.`);
      notes.push(
        `design (${label}): the generated cluster holds ${size?.elements.toLocaleString('en')} elements (${size?.homes.toLocaleString('en')} homes, ${size?.cables.toLocaleString('en')} cables, one of them a drop to each home), ${size?.fibres.toLocaleString('en')} fibres and ${size?.joints.toLocaleString('en')} splices. Not on PGlite unless BENCH_DESIGN_PGLITE_LARGE=1 (tens of minutes): the ${PROJECT_ELEMENTS.toLocaleString('en')}-element project, its bill and the cluster's check in that larger database, where drop lengths, the walks' start and the bill's statements read every cable of the database for each home or cable.`,
      );
      progress(label, 'done');
      return {
        figures: results.flatMap((r) => r.figures),
        breakdown: results.flatMap((r) => r.breakdown),
      };
    }

    // Copies of the cluster side by side, four a row, until the project holds PROJECT_ELEMENTS.
    started = performance.now();
    const clusters = Math.max(1, Math.round(PROJECT_ELEMENTS / (size?.elements ?? 1)));
    progress(label, `copying the cluster ${clusters - 1} times`);
    for (let k = 1; k < clusters; k++)
      await copyCluster(db, lit, projectId, `DB-${k}`, 0.035 * (k % 4), -0.035 * Math.floor(k / 4));
    generation.push(`${clusters - 1} copies of it, lit too, copied in SQL in ${seconds(started)}`);
    await analyse();
    const project = await db.one<{
      elements: number;
      all: number;
      fibres: number;
      joints: number;
    }>(sql`
      SELECT count(*)::int AS elements,
             (SELECT count(*)::int FROM network_elements) AS all,
             (SELECT count(*)::int FROM fibres) AS fibres,
             (SELECT count(*)::int FROM fibre_joints) AS joints
      FROM network_elements e JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE co.project_id = ${projectId}`);
    notes.push(`design (${label}): generation: ${generation.join('; ')}.`);
    notes.push(
      `design (${label}): the generated cluster holds ${size?.elements.toLocaleString('en')} elements (${size?.homes.toLocaleString('en')} homes, ${size?.cables.toLocaleString('en')} cables, one of them a drop to each home), ${size?.fibres.toLocaleString('en')} fibres and ${size?.joints.toLocaleString('en')} splices; the project ${clusters} such clusters, ${project?.elements.toLocaleString('en')} elements; the whole database ${project?.all.toLocaleString('en')} elements, ${project?.fibres.toLocaleString('en')} fibres and ${project?.joints.toLocaleString('en')} joints.`,
    );
    const big = `${homes} in a ${project?.all.toLocaleString('en')}-element database`;
    results.push(
      await measureCheck(context, lit.clusterId, big, {
        goal: true,
        breakdown: false,
        checkRuns: Math.min(3, context.runs.check),
      }),
      await measureBom(
        context,
        { projectId, centralOfficeId: null, clusterId: null },
        `${project?.elements.toLocaleString('en')}-element project`,
        Math.min(3, context.runs.bom),
      ),
    );
    progress(label, 'done');
    return {
      figures: results.flatMap((r) => r.figures),
      breakdown: results.flatMap((r) => r.breakdown),
    };
  } finally {
    await server.app.close();
    await bench.dispose();
  }
}

export async function designFigures(): Promise<{
  figures: Figure[];
  breakdown: Figure[];
  notes: string[];
}> {
  const figures: Figure[] = [];
  const breakdown: Figure[] = [];
  const notes: string[] = [];
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  else notes.push('design: PostgreSQL with PostGIS not reachable: PGlite only.');
  if (process.env.BENCH_DESIGN_ONLY)
    kinds.splice(0, kinds.length, process.env.BENCH_DESIGN_ONLY as 'pglite');
  for (const kind of kinds) {
    const measured = await measure(kind, notes);
    figures.push(...measured.figures);
    breakdown.push(...measured.breakdown);
    const runs = runsOf(kind);
    const large = kind === 'postgres' || Boolean(process.env.BENCH_DESIGN_PGLITE_LARGE);
    notes.push(
      `design (${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}): ${runs.check} full checks each way${large ? ' (3 in the larger database)' : ''} and ${runs.rule} runs of each rule's query, taking turns after a warm-up each; the bill ${runs.bom} times each way${large ? " (the project's 3)" : ''}.`,
    );
  }
  notes.push(
    `design: the reference runs one plain statement a rule (the fibre rules one recursive walk of every home), in the service's order, answering the same problems; the API's figure includes HTTP, the sign-in check, settings, messages in English and JSON. The bill's reference is bom.sql.ts's lines and homes statements run at once, as the service runs them. Rules: ${DESIGN_RULES.join(', ')}.`,
  );
  return { figures, breakdown, notes };
}
