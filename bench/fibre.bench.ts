// `npm run bench fibre`: a lit network of about 100,000 homes generated in SQL, one home's trace
// to its OLT port and a 2,048-home cluster's budget through the API (HTTP), each beside a
// hand-written recursive CTE over the same tables computing the same totals, in the same run.
import { sql, type SQL } from 'drizzle-orm';
import { benchDatabase, postgresAvailable, type BenchDatabase } from './lib/bench-database.ts';
import { startBenchServer, type BenchServer } from './lib/bench-server.ts';
import type { Figure } from './lib/report.ts';

const CLUSTERS = Number(process.env.BENCH_FIBRE_CLUSTERS ?? 49);
/** 256 PBO-FATs a cluster, 8 homes each: 2,048 homes. */
const PBOS = 256;
const HOMES = PBOS * 8;
const TRACE_RUNS = 200;
const CLUSTER_RUNS = 9;

/** Degrees between neighbouring homes (about 22 m): a drop's end never lies on another home. */
const STEP = 0.0002;

/**
 * The network, per cluster: home → drop → PBO-FAT (1:8) → distribution A → closure →
 * distribution B → closure → feeder A → closure → feeder B → FDT-SRO (1:4) → trunk → OLT port,
 * about 20 hops. Elements are named after their index so that every step is one joined INSERT.
 */
export async function generate(
  bench: BenchDatabase,
): Promise<{ officeId: number; clusterIds: number[] }> {
  const { db } = bench;
  const row = await db.one<{ projectId: number; officeId: number }>(sql`
    WITH p AS (
      INSERT INTO projects (main_project_id, name)
      SELECT id, 'Fibre bench' FROM main_projects ORDER BY id LIMIT 1 RETURNING id)
    INSERT INTO central_offices (project_id, name) SELECT id, 'CO fibre bench' FROM p
    RETURNING project_id AS "projectId", id AS "officeId"`);
  if (!row) throw new Error('bench project not created');
  const { templatesRepository } =
    await import('../apps/server/src/modules/templates/templates.repository.ts');
  await templatesRepository.ensureDefaults(db, [row.projectId]);
  const clusters = await db.rows<{ id: number }>(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT ${row.officeId}, 'fbFB-' || lpad(s::text, 3, '0') FROM generate_series(0, ${CLUSTERS - 1}::int) s
    RETURNING id`);
  const project = row.projectId;
  const office = row.officeId;
  // What the demo seed made is left alone: only rows above these ids are the bench's.
  const before = await db.one<{ terminal: number; splitter: number; joint: number }>(sql`
    SELECT (SELECT coalesce(max(id), 0)::float8 FROM fibre_terminals) AS terminal,
           (SELECT coalesce(max(id), 0) FROM fibre_splitters) AS splitter,
           (SELECT coalesce(max(id), 0)::float8 FROM fibre_joints) AS joint`);
  const { terminal: t0 = 0, splitter: s0 = 0, joint: j0 = 0 } = before ?? {};

  // Elements of one kind, `per` a cluster, index k = cluster * per + i; points on a grid.
  const elements = async (
    type: string,
    prefix: string,
    per: number,
    geom: (k: SqlText) => SqlText,
    lengthM: number | null,
    attributes = '{}',
  ) => {
    for (let c = 0; c < CLUSTERS; c += 10) {
      await db.rows(sql`
        INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, length_m)
        SELECT cl.id, ${type}, t.id, ${prefix} || k, ${sql.raw(geom('k'))}, ${attributes}::jsonb,
               ${lengthM}::float8
        FROM generate_series(${c * per}::int, ${Math.min(c + 10, CLUSTERS) * per - 1}::int) k
        JOIN clusters cl ON cl.central_office_id = ${office}
                        AND cl.name = 'fbFB-' || lpad((k / ${per}::int)::text, 3, '0')
        JOIN element_templates t ON t.project_id = ${project} AND t.is_default AND t.type = ${type}`);
    }
  };
  // Homes on a grid 1,000 wide; each PBO-FAT 5.5 m north of its first home; the drop from it.
  const home = (k: string) =>
    `ST_SetSRID(ST_MakePoint(37 + (${k} % 1000) * ${STEP}, -1 - (${k} / 1000) * ${STEP}), 4326)`;
  const pbo = (p: string) =>
    `ST_SetSRID(ST_MakePoint(37 + ((${p} * 8) % 1000) * ${STEP}, -1 - ((${p} * 8) / 1000) * ${STEP} + 0.00005), 4326)`;
  // Cables other than drops lie far from the homes: their ends never lie on one.
  const away = (k: string) =>
    `ST_SetSRID(ST_MakeLine(ST_MakePoint(30 + ${k} * 0.0001, 5), ST_MakePoint(30 + ${k} * 0.0001, 5.001)), 4326)`;
  const point = (k: string) => `ST_SetSRID(ST_MakePoint(30 + ${k} * 0.0001, 6), 4326)`;

  await elements('SFU', 'fbH-', HOMES, home, null);
  await elements('PboFat', 'fbP-', PBOS, pbo, null);
  await elements(
    'Cable',
    'fbD-',
    HOMES,
    (k) => `ST_MakeLine(${pbo(`(${k} / 8)`)}, ${home(k)})`,
    25,
  );
  await elements('Cable', 'fbDA-', PBOS / 8, away, 300, '{"Capacity": "\\"12\\""}');
  await elements('Cable', 'fbDB-', PBOS / 8, away, 400, '{"Capacity": "\\"12\\""}');
  await elements('SpliceClosure', 'fbXA-', PBOS / 8, point, null);
  await elements('SpliceClosure', 'fbXB-', 1, point, null);
  await elements('SpliceClosure', 'fbXC-', 1, point, null);
  await elements('Cable', 'fbFA-', 1, away, 800, `{"Capacity": "\\"${PBOS}\\""}`);
  await elements('Cable', 'fbFB-', 1, away, 900, `{"Capacity": "\\"${PBOS}\\""}`);
  await elements('FDTSRO', 'fbS-', 1, point, null);
  await elements('Cable', 'fbT-', 1, away, 2000, `{"Capacity": "\\"${PBOS / 4}\\""}`);

  // Fibres, their ends and the link through each.
  await db.rows(sql`
    INSERT INTO fibre_cables (element_id, fibre_count, tubes, fibres_per_tube)
    SELECT e.id, n, ceil(n / least(12, n)::float8)::int, least(12, n)
    FROM network_elements e JOIN clusters cl ON cl.id = e.cluster_id,
         LATERAL (SELECT coalesce(btrim(e.attributes->>'Capacity', '"')::int, 1) AS n) c
    WHERE cl.central_office_id = ${office} AND e.type = 'Cable'`);
  await db.rows(sql`
    INSERT INTO fibres (cable_id, number, tube, position)
    SELECT fc.element_id, n, (n - 1) / fc.fibres_per_tube + 1, (n - 1) % fc.fibres_per_tube + 1
    FROM fibre_cables fc JOIN network_elements e ON e.id = fc.element_id
    JOIN clusters cl ON cl.id = e.cluster_id AND cl.central_office_id = ${office},
         generate_series(1, fc.fibre_count) n`);
  await db.rows(sql`
    INSERT INTO fibre_terminals (kind, fibre_id, fibre_end)
    SELECT 'fibre', f.id, s FROM fibres f, (VALUES ('a'), ('b')) e(s)
    WHERE NOT EXISTS (SELECT 1 FROM fibre_terminals t WHERE t.fibre_id = f.id)`);
  await db.rows(sql`
    INSERT INTO fibre_links (from_terminal, to_terminal, kind)
    SELECT x.id, y.id, 'fibre' FROM fibre_terminals x
    JOIN fibre_terminals y ON y.fibre_id = x.fibre_id AND y.fibre_end <> x.fibre_end
    WHERE x.kind = 'fibre' AND x.id > ${t0}`);

  // Splitters: 1:8 in each PBO-FAT, 64 1:4 in each FDT-SRO; OLT ports at the office.
  await db.rows(sql`
    INSERT INTO fibre_splitters (element_id, name, ratio)
    SELECT e.id, 'S' || s, CASE WHEN e.type = 'PboFat' THEN '1:8' ELSE '1:4' END
    FROM network_elements e JOIN clusters cl ON cl.id = e.cluster_id AND cl.central_office_id = ${office},
         generate_series(1, CASE WHEN e.type = 'PboFat' THEN 1 ELSE ${PBOS / 4}::int END) s
    WHERE e.type IN ('PboFat', 'FDTSRO')`);
  await db.rows(sql`
    INSERT INTO fibre_terminals (kind, splitter_id, leg)
    SELECT CASE WHEN leg = 0 THEN 'splitter-in' ELSE 'splitter-out' END, s.id, leg
    FROM fibre_splitters s, generate_series(0, substr(s.ratio, 3)::int) leg WHERE s.id > ${s0}`);
  await db.rows(sql`
    INSERT INTO fibre_links (from_terminal, to_terminal, kind)
    SELECT i.id, o.id, 'splitter' FROM fibre_terminals i
    JOIN fibre_terminals o ON o.splitter_id = i.splitter_id AND o.leg > 0
    WHERE i.kind = 'splitter-in' AND i.splitter_id > ${s0}
    UNION ALL
    SELECT o.id, i.id, 'splitter' FROM fibre_terminals i
    JOIN fibre_terminals o ON o.splitter_id = i.splitter_id AND o.leg > 0
    WHERE i.kind = 'splitter-in' AND i.splitter_id > ${s0}`);
  await db.rows(sql`
    INSERT INTO fibre_ports (central_office_id, kind, panel, number)
    SELECT ${office}, 'olt', 'OLT', n FROM generate_series(1, ${CLUSTERS * (PBOS / 4)}::int) n`);
  await db.rows(sql`
    INSERT INTO fibre_terminals (kind, port_id)
    SELECT 'olt-port', id FROM fibre_ports WHERE central_office_id = ${office}`);

  // Joints, named by index: (enclosure, a's cable, fibre, end, b's ...). Each kind in one INSERT.
  const fibreTerminal = (alias: string, cable: string, number: string, end: 'a' | 'b') =>
    sql.raw(`
    JOIN network_elements ${alias}c ON ${alias}c.name = ${cable}
    JOIN fibres ${alias}f ON ${alias}f.cable_id = ${alias}c.id AND ${alias}f.number = ${number}
    JOIN fibre_terminals ${alias} ON ${alias}.fibre_id = ${alias}f.id AND ${alias}.fibre_end = '${end}'`);
  const splitterLeg = (alias: string, holder: string, name: string, leg: string) =>
    sql.raw(`
    JOIN network_elements ${alias}e ON ${alias}e.name = ${holder}
    JOIN fibre_splitters ${alias}s ON ${alias}s.element_id = ${alias}e.id AND ${alias}s.name = ${name}
    JOIN fibre_terminals ${alias} ON ${alias}.splitter_id = ${alias}s.id AND ${alias}.leg = ${leg}`);
  const splices = (
    holder: string,
    count: number,
    a: ReturnType<typeof sql.raw>,
    b: ReturnType<typeof sql.raw>,
  ) =>
    db.rows(sql`
      INSERT INTO fibre_joints (element_id, kind, terminal_a, terminal_b)
      SELECT he.id, 'splice', ta.id, tb.id
      FROM generate_series(0, ${count - 1}::int) k
      JOIN network_elements he ON he.name = ${sql.raw(holder)}
      ${a} ${b}`);
  const total = CLUSTERS * PBOS;
  // PBO-FAT p: drops 8p..8p+7 onto the 1:8's outputs; its input onto DA-(p/8) fibre p%8+1.
  await splices(
    `'fbP-' || (k / 8)`,
    total * 8,
    fibreTerminal('ta', `'fbD-' || k`, '1', 'a'),
    splitterLeg('tb', `'fbP-' || (k / 8)`, `'S1'`, '(k % 8) + 1'),
  );
  await splices(
    `'fbP-' || k`,
    total,
    splitterLeg('ta', `'fbP-' || k`, `'S1'`, '0'),
    fibreTerminal('tb', `'fbDA-' || (k / 8)`, '(k % 8) + 1', 'b'),
  );
  // Closure XA-(p/8): DA onto DB; XB-(cluster): DB onto FA; XC-(cluster): FA onto FB.
  await splices(
    `'fbXA-' || (k / 8)`,
    total,
    fibreTerminal('ta', `'fbDA-' || (k / 8)`, '(k % 8) + 1', 'a'),
    fibreTerminal('tb', `'fbDB-' || (k / 8)`, '(k % 8) + 1', 'b'),
  );
  await splices(
    `'fbXB-' || (k / ${PBOS})`,
    total,
    fibreTerminal('ta', `'fbDB-' || (k / 8)`, '(k % 8) + 1', 'a'),
    fibreTerminal('tb', `'fbFA-' || (k / ${PBOS})`, `(k % ${PBOS}) + 1`, 'b'),
  );
  await splices(
    `'fbXC-' || (k / ${PBOS})`,
    total,
    fibreTerminal('ta', `'fbFA-' || (k / ${PBOS})`, `(k % ${PBOS}) + 1`, 'a'),
    fibreTerminal('tb', `'fbFB-' || (k / ${PBOS})`, `(k % ${PBOS}) + 1`, 'b'),
  );
  // FDT-SRO: FB fibre j onto 1:4 splitter j/4's output; splitter s's input onto trunk fibre s.
  await splices(
    `'fbS-' || (k / ${PBOS})`,
    total,
    fibreTerminal('ta', `'fbFB-' || (k / ${PBOS})`, `(k % ${PBOS}) + 1`, 'a'),
    splitterLeg('tb', `'fbS-' || (k / ${PBOS})`, `'S' || ((k % ${PBOS}) / 4 + 1)`, '(k % 4) + 1'),
  );
  await splices(
    `'fbS-' || (k / ${PBOS / 4})`,
    total / 4,
    splitterLeg('ta', `'fbS-' || (k / ${PBOS / 4})`, `'S' || ((k % ${PBOS / 4}) + 1)`, '0'),
    fibreTerminal('tb', `'fbT-' || (k / ${PBOS / 4})`, `(k % ${PBOS / 4}) + 1`, 'b'),
  );
  // The office: trunk fibre onto OLT port k + 1 (a connector).
  await db.rows(sql`
    INSERT INTO fibre_joints (central_office_id, kind, terminal_a, terminal_b)
    SELECT ${office}, 'connector', ta.id, tb.id
    FROM generate_series(0, ${total / 4 - 1}::int) k
    ${fibreTerminal('ta', `'fbT-' || (k / ${PBOS / 4})`, `(k % ${PBOS / 4}) + 1`, 'a')}
    JOIN fibre_ports po ON po.central_office_id = ${office} AND po.number = k + 1
    JOIN fibre_terminals tb ON tb.port_id = po.id`);
  await db.rows(sql`
    INSERT INTO fibre_links (from_terminal, to_terminal, kind, joint_id)
    SELECT terminal_a, terminal_b, kind, id FROM fibre_joints WHERE id > ${j0}
    UNION ALL
    SELECT terminal_b, terminal_a, kind, id FROM fibre_joints WHERE id > ${j0}`);
  await db.rows(sql`ANALYZE`);
  return { officeId: office, clusterIds: clusters.map((c) => c.id) };
}
type SqlText = string;

/**
 * The reference: the same walk written by hand, totals per home (metres, dB at 1310 and 1550,
 * whether it reached an OLT port), the start found by the drop's end on the home.
 */
export const handWritten = (homes: SQL) => sql`
  WITH RECURSIVE start AS (
    SELECT h.id AS home, t.id AS terminal
    FROM network_elements h
    JOIN network_elements c ON c.type = 'Cable' AND c.geom && ST_Expand(h.geom, 0.00002)
    JOIN fibres f ON f.cable_id = c.id
    JOIN fibre_terminals t ON t.fibre_id = f.id AND t.fibre_end = 'b'
    WHERE h.id IN (${homes})
      AND ST_DWithin(ST_EndPoint(c.geom)::geography, h.geom::geography, 1)),
  walk(home, terminal, tkind, via_joint, step, kind, joint_id, fibre_id, splitter_id) AS (
    SELECT s.home, s.terminal, 'fibre'::text, true, 0, 'start'::text, NULL::bigint, NULL::bigint, NULL::int
    FROM start s
    UNION ALL
    SELECT w.home, l.to_terminal, nt.kind, l.joint_id IS NOT NULL, w.step + 1, l.kind, l.joint_id,
           nt.fibre_id, nt.splitter_id
    FROM walk w
    JOIN fibre_links l ON l.from_terminal = w.terminal AND (l.joint_id IS NOT NULL) <> w.via_joint
    JOIN fibre_terminals nt ON nt.id = l.to_terminal
    WHERE w.step < 256 AND NOT (w.tkind = 'splitter-in' AND l.kind = 'splitter'))
  SELECT w.home,
         sum(CASE WHEN w.kind = 'fibre' THEN ce.length_m ELSE 0 END) AS metres,
         sum(CASE w.kind WHEN 'fibre' THEN ce.length_m / 1000 * 0.35 WHEN 'splice' THEN 0.1
             WHEN 'connector' THEN 0.3
             WHEN 'splitter' THEN CASE sp.ratio WHEN '1:4' THEN 7.5 WHEN '1:8' THEN 11.0 END
             ELSE 0 END) AS db1310,
         sum(CASE w.kind WHEN 'fibre' THEN ce.length_m / 1000 * 0.22 WHEN 'splice' THEN 0.1
             WHEN 'connector' THEN 0.3
             WHEN 'splitter' THEN CASE sp.ratio WHEN '1:4' THEN 7.5 WHEN '1:8' THEN 11.0 END
             ELSE 0 END) AS db1550,
         bool_or(w.tkind = 'olt-port') AS lit
  FROM walk w
  LEFT JOIN fibres f ON f.id = w.fibre_id AND w.kind = 'fibre'
  LEFT JOIN network_elements ce ON ce.id = f.cable_id
  LEFT JOIN fibre_splitters sp ON sp.id = w.splitter_id AND w.kind = 'splitter'
  GROUP BY w.home`;

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/** p50 and p95 of each fn, taking turns run after run, after a warm-up each. */
async function interleaved(runs: number, fns: ((i: number) => Promise<unknown>)[]) {
  for (const fn of fns) await fn(0);
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < runs; i++)
    for (const [k, fn] of fns.entries()) {
      const start = performance.now();
      await fn(i);
      times[k]?.push(performance.now() - start);
    }
  return times.map((t) => ({ p50: percentile(t, 50), p95: percentile(t, 95) }));
}

async function measure(bench: BenchDatabase, server: BenchServer, notes: string[]) {
  const started = performance.now();
  const { clusterIds } = await generate(bench);
  const counts = await bench.db.one<{ homes: number; links: number }>(sql`
    SELECT (SELECT count(*)::int FROM network_elements e JOIN clusters c ON c.id = e.cluster_id
            WHERE c.id = ANY(${`{${clusterIds.join(',')}}`}::int[]) AND e.type = 'SFU') AS homes,
           (SELECT count(*)::int FROM fibre_links) AS links`);
  notes.push(
    `fibre (${bench.label}): ${counts?.homes.toLocaleString('en')} homes, ${counts?.links.toLocaleString('en')} links generated in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  const homes = await bench.db.rows<{ id: number }>(sql`
    SELECT e.id FROM network_elements e
    WHERE e.cluster_id = ANY(${`{${clusterIds.join(',')}}`}::int[]) AND e.type = 'SFU'
    ORDER BY e.id`);
  // Homes spread over the whole network, the same ones for both ways.
  const homeAt = (i: number) => homes[(i * 7919) % homes.length]?.id ?? 0;

  // Both ways agree on one home (dB at 1310 nm) before anything is timed.
  const check = JSON.parse(await server.call('GET', `/fibre/trace?elementId=${homeAt(1)}`)) as {
    data: { end: string; totalLossDb: { '1310': number }; hops: unknown[] };
  };
  const ref = await bench.db.one<{ db1310: number; lit: boolean }>(handWritten(sql`${homeAt(1)}`));
  if (
    check.data.end !== 'olt-port' ||
    !ref?.lit ||
    Math.abs(check.data.totalLossDb['1310'] - ref.db1310) > 0.01
  )
    throw new Error(
      `fibre bench: the API and the CTE disagree (${JSON.stringify(check.data.totalLossDb)} vs ${ref?.db1310})`,
    );
  notes.push(
    `fibre (${bench.label}): a trace is ${check.data.hops.length} hops, ${check.data.totalLossDb['1310']} dB at 1310 nm.`,
  );

  // The floor any API answer pays (HTTP, the token checked against the user and revocations,
  // JSON): an authenticated GET that reads nothing else, timed in the same turns.
  const [api, cte, floor] = await interleaved(TRACE_RUNS, [
    (i) => server.call('GET', `/fibre/trace?elementId=${homeAt(i)}`),
    (i) => bench.db.rows(handWritten(sql`${homeAt(i)}`)),
    () => server.call('GET', '/users/profile'),
  ]);
  notes.push(
    `fibre (${bench.label}): an authenticated GET reading nothing else (/users/profile) takes p50 ${floor?.p50.toFixed(1)} ms, p95 ${floor?.p95.toFixed(1)} ms in the same turns: the trace's floor through HTTP, beside the CTE's ${cte?.p50.toFixed(1)} / ${cte?.p95.toFixed(1)} ms run in-process.`,
  );
  const clusterAt = (i: number) => clusterIds[i % clusterIds.length] ?? 0;
  const [budget, cteBudget] = await interleaved(CLUSTER_RUNS, [
    (i) => server.call('GET', `/fibre/clusters/${clusterAt(i)}/budget`),
    (i) =>
      bench.db.rows(
        handWritten(sql`SELECT id FROM network_elements WHERE cluster_id = ${clusterAt(i)}
                          AND type IN ('SFU', 'Building') AND deleted_at IS NULL`),
      ),
  ]);
  const figure = (name: string, ours: number, reference: number): Figure => ({
    name: `${name} (${bench.label})`,
    ours,
    reference,
    referenceName: 'hand-written recursive CTE, same totals',
    unit: 'ms',
    goal: 1.3,
  });
  return [
    figure('trace home → OLT port, p50 (HTTP)', api?.p50 ?? NaN, cte?.p50 ?? NaN),
    figure('trace home → OLT port, p95 (HTTP)', api?.p95 ?? NaN, cte?.p95 ?? NaN),
    figure(
      `budget of a ${HOMES.toLocaleString('en')}-home cluster, p50 (HTTP)`,
      budget?.p50 ?? NaN,
      cteBudget?.p50 ?? NaN,
    ),
    figure(
      `budget of a ${HOMES.toLocaleString('en')}-home cluster, p95 (HTTP)`,
      budget?.p95 ?? NaN,
      cteBudget?.p95 ?? NaN,
    ),
  ];
}

export async function fibreFigures(): Promise<{ figures: Figure[]; notes: string[] }> {
  const figures: Figure[] = [];
  const notes: string[] = [];
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  if (process.env.BENCH_FIBRE_ONLY)
    kinds.splice(0, kinds.length, process.env.BENCH_FIBRE_ONLY as 'pglite');
  for (const kind of kinds) {
    const bench = await benchDatabase(kind);
    const server = await startBenchServer(bench);
    try {
      figures.push(...(await measure(bench, server, notes)));
    } finally {
      await server.app.close();
      await bench.dispose();
    }
  }
  notes.push(
    `fibre: traces of ${TRACE_RUNS} homes spread over the network and ${CLUSTER_RUNS} cluster budgets, the API and the CTE taking turns; the API's figure includes HTTP, sign-in check and JSON.`,
  );
  return { figures, notes };
}
