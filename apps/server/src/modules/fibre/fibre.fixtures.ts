import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ElementTypeName, EnclosurePlan, LatLng } from '@integration/contracts';
import { bearer, type TestApp } from '../../test/test-app.ts';
import { idByName } from '../../test/seeded.ts';

/**
 * A hand-made lit network in a cluster of its own (issue 26), east along one street, 0.001° of
 * longitude (about 111 m) a step: the central office with an OLT, a feeder to an FDT-SRO (1:4),
 * a distribution cable with a 20 m slack loop to a splice closure, on to a PBO-FAT (1:8), and
 * drops to two SFUs.
 */
export const LAT = -1.29;
const lng = (step: number) => 36.83 + step * 0.001;
export const P = {
  office: { lat: LAT, lng: lng(0) },
  fdt: { lat: LAT, lng: lng(1) },
  closure: { lat: LAT, lng: lng(2) },
  pbo: { lat: LAT, lng: lng(3) },
  home1: { lat: LAT + 0.0004, lng: lng(3) },
  home2: { lat: LAT - 0.0004, lng: lng(3) },
  loop: { lat: LAT, lng: lng(1.5) },
};

export interface Network {
  clusterId: number;
  projectId: number;
  officeId: number;
  fdt: number;
  closure: number;
  pbo: number;
  home1: number;
  home2: number;
  feeder: number;
  distribution: number;
  branch: number;
  drop1: number;
  drop2: number;
}

export function fibreApi(t: TestApp, token: () => string) {
  const post = (url: string, payload: object, as = token()) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(as) });
  const get = (url: string, as = token()) =>
    t.app.inject({ url: `/api${url}`, headers: bearer(as) });
  const del = (url: string, as = token()) =>
    t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(as) });
  const ok = async <T>(answer: Promise<{ statusCode: number; body: string; json<J>(): J }>) => {
    const r = await answer;
    expect(r.statusCode, r.body.slice(0, 400)).toBe(200);
    return r.json<{ data: T }>().data;
  };

  async function element(
    clusterId: number,
    type: ElementTypeName,
    name: string,
    coordinates: LatLng | LatLng[],
    attributes: Record<string, string> = {},
  ): Promise<number> {
    const segment = {
      PboFat: 'pbofat',
      SpliceClosure: 'spliceclosure',
      FDTSRO: 'fdt',
      SFU: 'sfu',
      Cable: 'cable',
      Loop: 'loop',
    }[type as string];
    const made = await ok<{ id: number }>(
      post(`/networkelements/${segment}/create`, { clusterId, name, coordinates, attributes }),
    );
    return made.id;
  }

  const plan = (path: string) => ok<EnclosurePlan>(get(`/fibre/${path}`));
  const fibreId = (p: EnclosurePlan, cableId: number, number: number) => {
    const id = p.cables.find((c) => c.id === cableId)?.fibres.find((f) => f.number === number)?.id;
    if (id === undefined) throw new Error(`no fibre ${number} of cable ${cableId} in the plan`);
    return id;
  };
  const endOf = (p: EnclosurePlan, cableId: number) => {
    const end = p.cables.find((c) => c.id === cableId)?.end;
    if (end !== 'a' && end !== 'b') throw new Error(`cable ${cableId} does not end there`);
    return end;
  };

  /** Builds the network above, every splice made through the API. */
  async function build(name: string): Promise<Network> {
    const projectId = await idByName(t.db, 'projects', 'Nairobi CBD');
    const officeId = await idByName(t.db, 'central_offices', 'CO Nairobi Central');
    const cluster = await ok<{ id: number }>(
      post('/clusters/cluster/create', { centralOfficeId: officeId, name }),
    );
    const clusterId = cluster.id;
    await ok(post(`/fibre/central-offices/${officeId}/location`, P.office));
    const fdt = await element(clusterId, 'FDTSRO', `${name} FDT`, P.fdt);
    const closure = await element(clusterId, 'SpliceClosure', `${name} SC`, P.closure);
    const pbo = await element(clusterId, 'PboFat', `${name} PBO`, P.pbo);
    const home1 = await element(clusterId, 'SFU', `${name} home 1`, P.home1);
    const home2 = await element(clusterId, 'SFU', `${name} home 2`, P.home2);
    const feeder = await element(clusterId, 'Cable', `${name} feeder`, [P.office, P.fdt], {
      Capacity: '48',
    });
    const distribution = await element(
      clusterId,
      'Cable',
      `${name} distribution`,
      [P.fdt, P.closure],
      {
        Capacity: '24',
      },
    );
    const branch = await element(clusterId, 'Cable', `${name} branch`, [P.closure, P.pbo], {
      Capacity: '12',
    });
    const drop1 = await element(clusterId, 'Cable', `${name} drop 1`, [P.pbo, P.home1], {
      Capacity: '12',
    });
    const drop2 = await element(clusterId, 'Cable', `${name} drop 2`, [P.pbo, P.home2], {
      Capacity: '12',
    });
    await element(clusterId, 'Loop', `${name} slack`, P.loop, { Length: '20' });

    // The OLT, a connector to the feeder's first fibre.
    // An OLT card of its own: the CO may hold the demo network's too.
    await ok(
      post(`/fibre/central-offices/${officeId}/ports`, { kind: 'olt', count: 2, panel: name }),
    );
    const co = await plan(`central-offices/${officeId}`);
    const olt1 = co.ports.find((p) => p.panel === name && p.number === 1)?.id ?? 0;
    await ok(
      post(`/fibre/central-offices/${officeId}/connections`, {
        connections: [
          {
            from: { portId: olt1 },
            to: { fibreId: fibreId(co, feeder, 1), end: endOf(co, feeder) },
            kind: 'connector',
          },
        ],
      }),
    );
    // The FDT-SRO: feeder 1 into a 1:4, its first output to the distribution's fibre 1.
    const s4 = await ok<{ id: number }>(
      post(`/fibre/enclosures/${fdt}/splitters`, { ratio: '1:4' }),
    );
    let here = await plan(`enclosures/${fdt}`);
    await ok(
      post(`/fibre/enclosures/${fdt}/connections`, {
        connections: [
          {
            from: { fibreId: fibreId(here, feeder, 1), end: endOf(here, feeder) },
            to: { splitterId: s4.id, leg: 0 },
          },
          {
            from: { splitterId: s4.id, leg: 1 },
            to: { fibreId: fibreId(here, distribution, 1), end: endOf(here, distribution) },
          },
        ],
      }),
    );
    // The closure: the distribution's first tube onto the branch, fibre for fibre.
    await ok(
      post(`/fibre/enclosures/${closure}/connections`, {
        ranges: [
          { fromCable: distribution, fromFibres: [1, 12], toCable: branch, toFibres: [1, 12] },
        ],
      }),
    );
    // The PBO-FAT: branch fibre 1 into a 1:8, outputs 1 and 2 to the drops.
    const s8 = await ok<{ id: number }>(
      post(`/fibre/enclosures/${pbo}/splitters`, { ratio: '1:8' }),
    );
    here = await plan(`enclosures/${pbo}`);
    await ok(
      post(`/fibre/enclosures/${pbo}/connections`, {
        connections: [
          {
            from: { fibreId: fibreId(here, branch, 1), end: endOf(here, branch) },
            to: { splitterId: s8.id, leg: 0 },
          },
          {
            from: { splitterId: s8.id, leg: 1 },
            to: { fibreId: fibreId(here, drop1, 1), end: endOf(here, drop1) },
          },
          {
            from: { splitterId: s8.id, leg: 2 },
            to: { fibreId: fibreId(here, drop2, 1), end: endOf(here, drop2) },
          },
        ],
      }),
    );
    return {
      clusterId,
      projectId,
      officeId,
      fdt,
      closure,
      pbo,
      home1,
      home2,
      feeder,
      distribution,
      branch,
      drop1,
      drop2,
    };
  }

  /** The cables' geodesic lengths as the server stored them. */
  async function lengths(ids: number[]): Promise<Map<number, number>> {
    const rows = await t.db.rows<{ id: number; m: number }>(sql`
      SELECT id, length_m AS m FROM network_elements WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`);
    return new Map(rows.map((r) => [r.id, r.m]));
  }

  return { post, get, del, ok, plan, fibreId, endOf, build, lengths, element };
}
