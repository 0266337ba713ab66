import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CableFibres, HomeBudget, MapElement, Trace } from '@integration/contracts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { fibreApi, LAT, type Network } from './fibre.fixtures.ts';

/** Issue 26: a hand-made network, its traces and its budget, figures worked by hand. */
let t: TestApp;
let planner = '';
let net: Network;
let api: ReturnType<typeof fibreApi>;

beforeAll(async () => {
  t = await createTestApp();
  // An admin builds it: the demo planner is assigned to another CO's cluster.
  planner = await t.login('admin@example.com', 'admin1234');
  api = fibreApi(t, () => planner);
  net = await api.build('FIBRE-T');
}, 120_000);
afterAll(() => t.close());

const near = (value: number, expected: number, digits = 2) =>
  expect(value).toBeCloseTo(expected, digits);

describe('a home traced to its OLT port', () => {
  it('runs through every hop with its metres and dB, the slack loop added', async () => {
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    expect(trace.end).toBe('olt-port');
    expect(trace.hops.map((h) => h.kind)).toEqual([
      'fibre', // drop 1
      'splice', // PBO-FAT: drop onto the splitter's output
      'splitter', // 1:8
      'splice', // the branch onto the splitter's input
      'fibre', // branch
      'splice', // closure
      'fibre', // distribution (+ 20 m of slack)
      'splice', // FDT-SRO: distribution onto the 1:4's output
      'splitter', // 1:4
      'splice', // feeder onto its input
      'fibre', // feeder
      'connector', // OLT port
      'olt-port',
    ]);
    const m = await api.lengths([net.drop1, net.branch, net.distribution, net.feeder]);
    const metres =
      (m.get(net.drop1) ?? 0) +
      (m.get(net.branch) ?? 0) +
      (m.get(net.distribution) ?? 0) +
      20 +
      (m.get(net.feeder) ?? 0);
    near(trace.totalLengthM, metres, 0);
    // 5 splices × 0.1, a connector 0.3, a 1:8 11.0 and a 1:4 7.5 dB.
    near(trace.totalLossDb['1310'], (metres / 1000) * 0.35 + 0.5 + 0.3 + 11 + 7.5);
    near(trace.totalLossDb['1550'], (metres / 1000) * 0.22 + 0.5 + 0.3 + 11 + 7.5);
    near(trace.marginDb, 28 - trace.totalLossDb['1310']);
    const distribution = trace.hops[6];
    expect(distribution?.cableId).toBe(net.distribution);
    near(distribution?.lengthM ?? 0, (m.get(net.distribution) ?? 0) + 20, 0);
    // Fibre 1 in TIA-598-C is blue, in a blue tube.
    expect(trace.hops[0]?.colour).toMatchObject({ name: 'blue', hex: '#0072CE' });
    expect(trace.elementIds).toEqual(
      expect.arrayContaining([net.pbo, net.closure, net.fdt, net.feeder]),
    );
    // Cumulative figures grow hop by hop and end at the totals.
    expect(trace.hops.at(-1)?.cumulativeLossDb).toEqual(trace.totalLossDb);
    // The OLT port named by its card and number, as the crew at the office reads them.
    expect(trace.hops.at(-1)?.name).toBe('CO Nairobi Central: FIBRE-T, port 1');
  });

  it("never fans out into the splitter's other outputs upstream", async () => {
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home2}`));
    expect(trace.end).toBe('olt-port');
    const cables = trace.hops.filter((h) => h.kind === 'fibre').map((h) => h.cableId);
    expect(cables).toEqual([net.drop2, net.branch, net.distribution, net.feeder]);
    expect(cables).not.toContain(net.drop1);
  });

  it('traces a fibre from the middle, far end first, OLT last', async () => {
    const fibres = await api.ok<CableFibres>(api.get(`/fibre/cables/${net.branch}/fibres`));
    const first = fibres.fibres[0];
    expect(first?.status).toBe('used');
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?fibreId=${first?.id}`));
    expect(trace.end).toBe('olt-port');
    const cables = trace.hops.filter((h) => h.kind === 'fibre').map((h) => h.cableId);
    // Downstream stops at the 1:8's input: the branch comes first, then up to the OLT.
    expect(cables).toEqual([net.branch, net.distribution, net.feeder]);
  });

  it('ends "open" where a splice is cut, and answers the whole path again once remade', async () => {
    const closure = await api.plan(`enclosures/${net.closure}`);
    const cut = closure.connections.find(
      (c) => c.from.includes('fibre 1') && c.from.endsWith(', fibre 1'),
    );
    expect(cut).toBeDefined();
    await api.ok(api.del(`/fibre/connections/${cut?.id}`));
    const open = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    expect(open.end).toBe('open');
    expect(open.hops.at(-1)?.kind).toBe('open');
    expect(open.hops.filter((h) => h.kind === 'fibre').map((h) => h.cableId)).toEqual([
      net.drop1,
      net.branch,
    ]);
    await api.ok(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        ranges: [
          {
            fromCable: net.distribution,
            fromFibres: [1, 1],
            toCable: net.branch,
            toFibres: [1, 1],
          },
        ],
      }),
    );
    const again = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    expect(again.end).toBe('olt-port');
  });

  it('ends "open" where a cable was deleted, and goes on once it is restored', async () => {
    await api.ok(api.post('/networkelements/cable/delete/multiple', { data: [net.branch] }));
    const cut = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    expect(cut.end).toBe('open');
    expect(cut.hops.filter((h) => h.kind === 'fibre').map((h) => h.cableId)).toEqual([net.drop1]);
    await api.ok(api.post(`/networkelements/cable/${net.branch}/restore`, {}));
    expect((await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`))).end).toBe(
      'olt-port',
    );
  });

  it('uses a measured splice loss in place of the design loss', async () => {
    const before = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    const closure = await api.plan(`enclosures/${net.closure}`);
    const splice = closure.connections.find((c) => c.from.endsWith(', fibre 1'));
    await api.ok(
      api.post(`/fibre/connections/${splice?.id}/measured-loss`, { measuredLossDb: 0.6 }),
    );
    const after = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    near(after.totalLossDb['1310'] - before.totalLossDb['1310'], 0.5);
    await api.ok(
      api.post(`/fibre/connections/${splice?.id}/measured-loss`, { measuredLossDb: null }),
    );
  });
});

describe('downstream from an OLT port', () => {
  it('lists every home it serves, through both splitters, each with its budget', async () => {
    const office = await api.plan(`central-offices/${net.officeId}`);
    const ports = office.ports.filter((p) => p.panel === 'FIBRE-T').map((p) => p.id);
    const served = await api.ok<{ homes: HomeBudget[] }>(api.get(`/fibre/ports/${ports[0]}/homes`));
    expect(served.homes.map((h) => h.elementId).sort()).toEqual([net.home1, net.home2].sort());
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    const one = served.homes.find((h) => h.elementId === net.home1);
    expect(one?.end).toBe('olt-port');
    near(one?.marginDb ?? 0, trace.marginDb);
    const idle = await api.ok<{ homes: unknown[] }>(api.get(`/fibre/ports/${ports[1]}/homes`));
    expect(idle.homes).toEqual([]);
  });
});

describe("a PBO-FAT's Existing Users", () => {
  it('follow its splices: the outputs of its splitter joined to drops', async () => {
    const pbos = await api.ok<MapElement[]>(
      api.get(`/networkelements/pbofat/cluster/${net.clusterId}`),
    );
    const pbo = pbos.find((e) => e.id === net.pbo);
    expect(pbo?.attributes.find((a) => a.name === 'Existing Users')?.value).toBe(2);
  });
});

describe('the budget of a cluster', () => {
  it('lists every home with its end, length, loss and margin', async () => {
    const { homes } = await api.ok<{ homes: HomeBudget[] }>(
      api.get(`/fibre/clusters/${net.clusterId}/budget`),
    );
    expect(homes.map((h) => h.elementId).sort()).toEqual([net.home1, net.home2].sort());
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    const one = homes.find((h) => h.elementId === net.home1);
    expect(one?.end).toBe('olt-port');
    near(one?.totalLossDb['1310'] ?? 0, trace.totalLossDb['1310']);
    near(one?.marginDb ?? 0, trace.marginDb);
  });
});

/** A workbook downloaded in French, its first sheet's rows as arrays of values. */
async function frenchSheet(url: string) {
  const response = await t.app.inject({
    url,
    headers: { ...bearer(planner), 'accept-language': 'fr' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow({ includeEmpty: true }, (row) =>
    rows.push((row.values as unknown[]).slice(1)),
  );
  return { rows, disposition: String(response.headers['content-disposition']) };
}

describe('a trace and a budget as spreadsheets', () => {
  it('a trace: a hop a row with its metres and dB as numbers, the totals and margin last', async () => {
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    const { rows, disposition } = await frenchSheet(`/api/fibre/trace.xlsx?elementId=${net.home1}`);
    expect(decodeURIComponent(disposition)).toContain('Parcours');
    const hops = rows.filter((r) => typeof r[0] === 'number');
    expect(hops).toHaveLength(trace.hops.length);
    expect(hops[0]?.slice(1, 5)).toEqual(['Fibre', trace.hops[0]?.name, 1, 'bleu']);
    expect(hops.at(-1)?.[1]).toBe('Port OLT');
    const margin = rows.at(-1);
    expect(margin?.[2]).toBe('Marge (dB)');
    near(Number(margin?.[9]), trace.marginDb);
  });

  it('a budget: every home of the cluster, worst margin first', async () => {
    const { homes } = await api.ok<{ homes: HomeBudget[] }>(
      api.get(`/fibre/clusters/${net.clusterId}/budget`),
    );
    const { rows } = await frenchSheet(`/api/fibre/clusters/${net.clusterId}/budget.xlsx`);
    const lines = rows.filter((r) => typeof r[1] === 'number');
    expect(lines.map((r) => r[1]).sort()).toEqual(homes.map((h) => h.elementId).sort());
    const margins = lines.map((r) => Number(r[6]));
    expect(margins).toEqual([...margins].sort((a, b) => a - b));
    expect(lines[0]?.[2]).toMatch(/Port OLT|Ouvert/);
  });
});

describe('mid-span: a cable passing through a closure uncut', () => {
  it('carries its fibres through; one spliced there is cut there, and healed when undone', async () => {
    // A closure a quarter of the way along the distribution (it starts at the FDT-SRO), a spur
    // from it to a third home.
    const at = (step: number) => ({ lat: LAT, lng: 36.83 + step * 0.001 });
    const mid = await api.element(net.clusterId, 'SpliceClosure', 'FIBRE-T mid', at(1.25));
    const home3 = await api.element(net.clusterId, 'SFU', 'FIBRE-T home 3', {
      lat: LAT + 0.0004,
      lng: at(1.25).lng,
    });
    const spur = await api.element(
      net.clusterId,
      'Cable',
      'FIBRE-T spur',
      [at(1.25), { lat: LAT + 0.0004, lng: at(1.25).lng }],
      { Capacity: '12' },
    );
    let plan = await api.plan(`enclosures/${mid}`);
    const passing = plan.cables.find((c) => c.id === net.distribution);
    expect(passing?.end).toBe('through');
    const fibre3 = api.fibreId(plan, net.distribution, 3);
    // Fibre 3 is spliced at the closure further on: used, passing through whole here.
    expect(passing?.fibres.find((f) => f.number === 3)).toMatchObject({
      status: 'used',
      ends: { a: null, b: null },
    });

    // At the FDT-SRO, fibre 3 onto the 1:4's second output; here, its piece towards the
    // FDT-SRO onto the spur.
    const fdt = await api.plan(`enclosures/${net.fdt}`);
    await api.ok(
      api.post(`/fibre/enclosures/${net.fdt}/connections`, {
        connections: [
          {
            from: { splitterId: fdt.splitters[0]?.id ?? 0, leg: 2 },
            to: { fibreId: fibre3, end: 'a' },
          },
        ],
      }),
    );
    const made = await api.ok<{ connections: { id: number }[] }>(
      api.post(`/fibre/enclosures/${mid}/connections`, {
        connections: [
          {
            from: { fibreId: fibre3, end: 'a' },
            to: { fibreId: api.fibreId(plan, spur, 1), end: 'a' },
          },
        ],
      }),
    );
    plan = await api.plan(`enclosures/${mid}`);
    const cut = plan.cables
      .find((c) => c.id === net.distribution)
      ?.fibres.find((f) => f.id === fibre3);
    expect(cut?.ends.a?.to).toContain('FIBRE-T spur');
    expect(cut?.ends.b).toBeNull();
    // The same side again: already joined.
    const twice = await api.post(`/fibre/enclosures/${mid}/connections`, {
      connections: [
        {
          from: { fibreId: fibre3, end: 'a' },
          to: { fibreId: api.fibreId(plan, spur, 2), end: 'a' },
        },
      ],
    });
    expect(twice.statusCode).toBe(409);

    // Home 3 is lit through a quarter of the distribution (and a quarter of its slack).
    const trace = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${home3}`));
    expect(trace.end).toBe('olt-port');
    const m = await api.lengths([spur, net.distribution]);
    const piece = trace.hops.find((h) => h.cableId === net.distribution);
    near(piece?.lengthM ?? 0, ((m.get(net.distribution) ?? 0) + 20) * 0.25, 0);
    expect(trace.hops.filter((h) => h.kind === 'fibre').map((h) => h.cableId)).toEqual([
      spur,
      net.distribution,
      net.feeder,
    ]);
    // Home 1's light still runs whole along fibre 1.
    const home1 = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${net.home1}`));
    expect(home1.end).toBe('olt-port');

    // Undone: the fibre is whole again, home 3 dark.
    await api.ok(api.del(`/fibre/connections/${made.connections[0]?.id ?? 0}`));
    plan = await api.plan(`enclosures/${mid}`);
    const whole = plan.cables
      .find((c) => c.id === net.distribution)
      ?.fibres.find((f) => f.id === fibre3);
    expect(whole?.ends).toEqual({ a: null, b: null });
    const cuts = await t.db.rows(sql`
      SELECT 1 FROM fibre_terminals WHERE fibre_id = ${fibre3} AND fibre_end = 'm'`);
    expect(cuts).toHaveLength(0);
    const dark = await api.ok<Trace>(api.get(`/fibre/trace?elementId=${home3}`));
    expect(dark.end).toBe('open');
  });
});
