import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CableFibres, EnclosurePlan } from '@integration/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { fibreApi, P, type Network } from './fibre.fixtures.ts';

/** Issue 26: the plan of an enclosure, colour codes, and every bad input refused whole. */
let t: TestApp;
let admin = '';
let field = '';
let viewer = '';
let net: Network;
let api: ReturnType<typeof fibreApi>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  field = await t.login('field@example.com', 'field1234');
  viewer = await t.login('viewer@example.com', 'viewer1234');
  api = fibreApi(t, () => admin);
  net = await api.build('FIBRE-A');
}, 120_000);
afterAll(() => t.close());

const joints = async () =>
  (await t.db.one<{ n: number }>(sql`SELECT count(*)::int AS n FROM fibre_joints`))?.n ?? 0;
const refused = async (
  answer: Promise<{ statusCode: number; body: string; json<J>(): J }>,
  status: number,
  message: RegExp,
) => {
  const r = await answer;
  expect(r.statusCode, r.body).toBe(status);
  expect(r.json<{ message: string }>().message).toMatch(message);
};

describe('the plan of an enclosure', () => {
  it('lists the cables ending there, their tubes and fibres in colour, and what each end is joined to', async () => {
    const plan = await api.plan(`enclosures/${net.closure}`);
    expect(plan.enclosure).toMatchObject({ elementId: net.closure, type: 'SpliceClosure' });
    const distribution = plan.cables.find((c) => c.id === net.distribution);
    expect(distribution).toMatchObject({ end: 'b', fibreCount: 24, tubes: 2, fibresPerTube: 12 });
    // Tube 1 runs on into the branch; fibre 1 comes from the FDT-SRO's splitter too.
    expect(distribution?.fill).toEqual({ free: 12, used: 12, reserved: 0, faulty: 0 });
    const f1 = distribution?.fibres[0];
    expect(f1?.ends.b?.to).toBe('FIBRE-A branch, fibre 1');
    expect(f1?.ends.a?.to).toBe('Splitter S1, output 1');
    // TIA-598-C: 1 blue … 12 aqua; 13 blue again with a black stripe, in the second tube (orange).
    expect(distribution?.fibres.slice(0, 12).map((f) => f.colour.name)).toEqual([
      'blue',
      'orange',
      'green',
      'brown',
      'slate',
      'white',
      'red',
      'black',
      'yellow',
      'violet',
      'rose',
      'aqua',
    ]);
    const f13 = distribution?.fibres[12];
    expect(f13).toMatchObject({ tube: 2, position: 1 });
    expect(f13?.tubeColour).toMatchObject({ name: 'orange', stripe: null });
    expect(plan.trays).toEqual([expect.objectContaining({ number: 1, capacity: 12, used: 12 })]);
    expect(plan.connections).toHaveLength(12);
  });

  it("speaks the user's language and the project's colour code", async () => {
    await api.ok(
      api.post(`/fibre/projects/${net.projectId}/settings`, { colourScheme: 'GraceTHD' }),
    );
    try {
      const plan = await api.ok<EnclosurePlan>(
        api.get(`/fibre/enclosures/${net.closure}?locale=fr`),
      );
      const branch = plan.cables.find((c) => c.id === net.branch);
      expect(branch?.fibres.slice(0, 3).map((f) => f.colour)).toEqual([
        { name: 'rouge', hex: '#FF0000', stripe: null },
        { name: 'bleu', hex: '#0070C0', stripe: null },
        { name: 'vert', hex: '#92D050', stripe: null },
      ]);
      expect(branch?.fibres[0]?.ends.a?.to).toBe('FIBRE-A distribution, fibre 1');
    } finally {
      await api.ok(
        api.post(`/fibre/projects/${net.projectId}/settings`, { colourScheme: 'TIA-598-C' }),
      );
    }
  });
});

describe('bad input, each refused with nothing written', () => {
  it('a fibre end already joined: 409 naming it and what holds it', async () => {
    const before = await joints();
    await refused(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        ranges: [
          {
            fromCable: net.distribution,
            fromFibres: [12, 13],
            toCable: net.branch,
            toFibres: [12, 11],
          },
        ],
      }),
      409,
      /FIBRE-A distribution, fibre 12 is already joined \(FIBRE-A branch, fibre 12, FIBRE-A SC\)/,
    );
    expect(await joints()).toBe(before);
  });

  it('a fibre of a cable that does not end there: 422', async () => {
    const fibres = await api.ok<CableFibres>(api.get(`/fibre/cables/${net.feeder}/fibres`));
    const plan = await api.plan(`enclosures/${net.closure}`);
    await refused(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        connections: [
          {
            from: { fibreId: fibres.fibres[5]?.id, end: 'b' },
            to: { fibreId: api.fibreId(plan, net.branch, 12), end: 'a' },
          },
        ],
      }),
      422,
      /FIBRE-A feeder does not end at FIBRE-A SC/,
    );
  });

  it('splices beyond a tray: 409 with the figures; ranges of unequal lengths: 400', async () => {
    const before = await joints();
    const plan = await api.plan(`enclosures/${net.closure}`);
    const tray = plan.trays[0]?.id;
    await refused(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        trayId: tray,
        ranges: [
          {
            fromCable: net.distribution,
            fromFibres: [13, 14],
            toCable: net.branch,
            toFibres: [13, 14],
          },
        ],
      }),
      // The branch has 12 fibres: 13 does not exist (checked first).
      422,
      /FIBRE-A branch has 12 fibres: fibre 13 does not exist/,
    );
    const spare = await api.element(
      net.clusterId,
      'Cable',
      'FIBRE-A spare',
      [P.closure, { lat: -1.291, lng: 36.832 }],
      {
        Capacity: '12',
      },
    );
    await refused(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        trayId: tray,
        ranges: [
          { fromCable: net.distribution, fromFibres: [13, 14], toCable: spare, toFibres: [1, 2] },
        ],
      }),
      409,
      /Tray 1 of FIBRE-A SC holds 12 splices: 12 are there and 2 more were asked/,
    );
    await refused(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        ranges: [
          { fromCable: net.distribution, fromFibres: [13, 16], toCable: spare, toFibres: [1, 2] },
        ],
      }),
      400,
      /fibres 13–16 \(4\) against 1–2 \(2\)/,
    );
    expect(await joints()).toBe(before);
    // Without a tray named, a new one is opened for what does not fit.
    await api.ok(
      api.post(`/fibre/enclosures/${net.closure}/connections`, {
        ranges: [
          { fromCable: net.distribution, fromFibres: [13, 14], toCable: spare, toFibres: [1, 2] },
        ],
      }),
    );
    const after = await api.plan(`enclosures/${net.closure}`);
    expect(after.trays.map((tr) => tr.used)).toEqual([12, 2]);
  });

  it('a splitter ratio not in the list: 400 listing them', async () => {
    await refused(
      api.post(`/fibre/enclosures/${net.pbo}/splitters`, { ratio: '1:3' }),
      400,
      /'1:3' is not a splitter ratio: use one of 1:2, 1:4, 1:8, 1:16, 1:32, 1:64/,
    );
  });

  it('a field user or a viewer writing: 403, nothing written', async () => {
    const before = await joints();
    for (const token of [field, viewer]) {
      const r = await api.post(`/fibre/enclosures/${net.pbo}/splitters`, { ratio: '1:2' }, token);
      expect(r.statusCode).toBe(403);
    }
    expect(await joints()).toBe(before);
  });

  it("a cable's Capacity changes only while none of its fibres is joined", async () => {
    const edit = (id: number, capacity: string) =>
      api.post('/networkelements/cable/edit/multiple', {
        data: [{ id, attributes: { Capacity: capacity } }],
      });
    await refused(
      edit(net.branch, '24'),
      409,
      /Capacity of FIBRE-A branch cannot change while fibres 1, 2, 3/,
    );
    const spare = await api.element(
      net.clusterId,
      'Cable',
      'FIBRE-A idle',
      [P.pbo, { lat: -1.2905, lng: 36.8335 }],
      {
        Capacity: '12',
      },
    );
    expect((await api.ok<CableFibres>(api.get(`/fibre/cables/${spare}/fibres`))).fibreCount).toBe(
      12,
    );
    await api.ok(edit(spare, '48'));
    const remade = await api.ok<CableFibres>(api.get(`/fibre/cables/${spare}/fibres`));
    expect(remade).toMatchObject({ fibreCount: 48, tubes: 4, fibresPerTube: 12 });
  });

  it('a fibre set reserved shows so in its cable, and back to free', async () => {
    const fibres = await api.ok<CableFibres>(api.get(`/fibre/cables/${net.feeder}/fibres`));
    const last = fibres.fibres.at(-1);
    await api.ok(api.post(`/fibre/fibres/${last?.id}/status`, { status: 'reserved' }));
    const after = await api.ok<CableFibres>(api.get(`/fibre/cables/${net.feeder}/fibres`));
    expect(after.fill.reserved).toBe(1);
    expect(after.fibres.at(-1)?.status).toBe('reserved');
  });
});
