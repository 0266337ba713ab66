import { sql } from 'drizzle-orm';
import { idOf } from '../../test/seeded.ts';
import { cablesRepository } from '../fibre/cables.repository.ts';
import { enclosuresRepository, type Holder } from '../fibre/enclosures.repository.ts';
import { at, MISSING, PLANNER, READ, t, target, type Row } from './access-matrix.fixtures.ts';

/*
 * The fibre module's routes (issue 26), on CBD-01 (Nairobi CBD, CO Nairobi Central, where the
 * matrix's planner is assigned): a splice closure of the demo network and throwaway ones.
 */
let serial = 0;

/** A new splice closure in CBD-01 with two 12-fibre cables ending on it, their fibres made. */
async function closureWithCables(): Promise<{ closure: number; cables: [number, number] }> {
  serial += 1;
  const lng = 36.9 + serial * 0.001;
  const template = (type: string) => sql`(SELECT id FROM element_templates
    WHERE project_id = ${target.nairobiCbd} AND type = ${type} AND is_default)`;
  const closure = await idOf(
    t.db,
    sql`INSERT INTO network_elements (cluster_id, type, template_id, name, geom)
        VALUES (${target.cbd01}, 'SpliceClosure', ${template('SpliceClosure')},
                ${`SC matrix ${serial}`}, ST_SetSRID(ST_MakePoint(${lng}, -1.3), 4326))
        RETURNING id`,
    'a matrix closure',
  );
  const cable = (from: number) =>
    idOf(
      t.db,
      sql`INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes)
          VALUES (${target.cbd01}, 'Cable', ${template('Cable')}, ${`CAB matrix ${serial}.${from}`},
                  ST_SetSRID(ST_MakeLine(ST_MakePoint(${lng + from}, -1.3),
                                         ST_MakePoint(${lng}, -1.3)), 4326),
                  '{"Capacity":"12"}')
          RETURNING id`,
      'a matrix cable',
    );
  const cables: [number, number] = [await cable(0.001), await cable(-0.001)];
  for (const id of cables) await cablesRepository.materialise(t.db, id);
  return { closure, cables };
}

/** A seeded splice closure of CBD-01. */
const demoClosure = () =>
  idOf(
    t.db,
    sql`SELECT id FROM network_elements WHERE cluster_id = ${target.cbd01}
        AND type = 'SpliceClosure' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    'a splice closure in CBD-01',
  );

/** A splice made in a throwaway closure, by SQL (what the DELETE and measure rows act on). */
async function connection(): Promise<number> {
  const { closure, cables } = await closureWithCables();
  const holder = await enclosuresRepository.elementHolder(t.db, closure);
  const ends = await t.db.rows<{ id: number }>(sql`
    SELECT t.id::float8 AS id FROM fibre_terminals t JOIN fibres f ON f.id = t.fibre_id
    WHERE f.cable_id = ANY(${`{${cables.join(',')}}`}::int[]) AND f.number = 1 AND t.fibre_end = 'b'
    ORDER BY f.cable_id`);
  const [a, b] = ends;
  if (!holder || !a || !b) throw new Error('matrix connection not made');
  return enclosuresRepository.join(
    t.db,
    holder as Holder,
    { kind: 'splice', trayId: null, a: a.id, b: b.id },
    1,
  );
}

async function fibreOf(): Promise<number> {
  const { cables } = await closureWithCables();
  return idOf(
    t.db,
    sql`SELECT id::float8 AS id FROM fibres WHERE cable_id = ${cables[0]} AND number = 1`,
    'a fibre',
  );
}

/** A request on CO Nairobi Central (its id known once the matrix app is open). */
const atOffice = (path: string, payload: object) => async () => ({
  url: `/api/fibre/central-offices/${target.nairobiCentral}/${path}`,
  payload,
});

export const FIBRE_ROWS: Row[] = [
  {
    label: 'GET /api/fibre/enclosures/:elementId',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/enclosures/${await demoClosure()}` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/enclosures/:elementId (missing)',
    method: 'GET',
    request: at('/api/fibre/enclosures/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/fibre/enclosures/:elementId/connections',
    method: 'POST',
    request: async () => {
      const { closure, cables } = await closureWithCables();
      return {
        url: `/api/fibre/enclosures/${closure}/connections`,
        payload: {
          ranges: [
            { fromCable: cables[0], fromFibres: [1, 12], toCable: cables[1], toFibres: [1, 12] },
          ],
        },
      };
    },
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/enclosures/:elementId/splitters',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/enclosures/${await demoClosure()}/splitters`,
      payload: { ratio: '1:2' },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/enclosures/:elementId/trays',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/enclosures/${await demoClosure()}/trays`,
      payload: { capacity: 12 },
    }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/enclosures/:elementId/ports',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/enclosures/${await demoClosure()}/ports`,
      payload: { kind: 'patch', count: 2 },
    }),
    expected: PLANNER,
  },
  {
    label: 'GET /api/fibre/central-offices/:officeId',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/central-offices/${target.nairobiCentral}` }),
    expected: READ,
  },
  {
    label: 'POST /api/fibre/central-offices/:officeId/connections',
    method: 'POST',
    request: async () => {
      // Two patch ports of their own, front to front.
      const holder = await enclosuresRepository.officeHolder(t.db, target.nairobiCentral);
      serial += 1;
      const panel = `M${serial}`;
      if (holder) await enclosuresRepository.addPorts(t.db, holder, 'patch', panel, 2);
      const ports = await t.db.rows<{ id: number }>(sql`
        SELECT id FROM fibre_ports WHERE central_office_id = ${target.nairobiCentral}
          AND panel = ${panel} ORDER BY number`);
      return {
        url: `/api/fibre/central-offices/${target.nairobiCentral}/connections`,
        payload: {
          connections: [
            {
              from: { portId: ports[0]?.id, side: 'front' },
              to: { portId: ports[1]?.id, side: 'front' },
              kind: 'connector',
            },
          ],
        },
      };
    },
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/central-offices/:officeId/splitters',
    method: 'POST',
    request: atOffice('splitters', { ratio: '1:32' }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/central-offices/:officeId/trays',
    method: 'POST',
    request: atOffice('trays', { capacity: 24 }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/central-offices/:officeId/ports',
    method: 'POST',
    request: atOffice('ports', { kind: 'olt', count: 4 }),
    expected: PLANNER,
  },
  {
    label: 'POST /api/fibre/central-offices/:officeId/location',
    method: 'POST',
    request: atOffice('location', { lat: -1.2841, lng: 36.8233 }),
    expected: PLANNER,
  },
  {
    label: 'DELETE /api/fibre/connections/:id',
    method: 'DELETE',
    request: async () => ({ url: `/api/fibre/connections/${await connection()}` }),
    expected: PLANNER,
  },
  {
    label: 'DELETE /api/fibre/connections/:id (missing)',
    method: 'DELETE',
    request: at('/api/fibre/connections/999999'),
    expected: MISSING,
  },
  {
    label: 'POST /api/fibre/connections/:id/measured-loss',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/connections/${await connection()}/measured-loss`,
      payload: { measuredLossDb: 0.15 },
    }),
    expected: PLANNER,
  },
  {
    label: 'GET /api/fibre/cables/:cableId/fibres',
    method: 'GET',
    request: async () => ({
      url: `/api/fibre/cables/${(await closureWithCables()).cables[0]}/fibres`,
    }),
    expected: READ,
  },
  {
    label: 'POST /api/fibre/fibres/:fibreId/status',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/fibres/${await fibreOf()}/status`,
      payload: { status: 'reserved' },
    }),
    expected: PLANNER,
  },
  {
    label: 'GET /api/fibre/trace?fibreId',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/trace?fibreId=${await fibreOf()}` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/ports/:portId/homes',
    method: 'GET',
    request: async () => {
      const holder = await enclosuresRepository.officeHolder(t.db, target.nairobiCentral);
      serial += 1;
      const panel = `OLT matrix ${serial}`;
      if (holder) await enclosuresRepository.addPorts(t.db, holder, 'olt', panel, 1);
      const port = await idOf(
        t.db,
        sql`SELECT id FROM fibre_ports WHERE panel = ${panel}`,
        'a matrix OLT port',
      );
      return { url: `/api/fibre/ports/${port}/homes` };
    },
    expected: READ,
  },
  {
    label: 'GET /api/fibre/clusters/:clusterId/budget',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/clusters/${target.cbd01}/budget` }),
    expected: READ,
  },
  {
    label: 'GET /api/fibre/projects/:projectId/settings',
    method: 'GET',
    request: async () => ({ url: `/api/fibre/projects/${target.nairobiCbd}/settings` }),
    expected: READ,
  },
  {
    label: 'POST /api/fibre/projects/:projectId/settings',
    method: 'POST',
    request: async () => ({
      url: `/api/fibre/projects/${target.nairobiCbd}/settings`,
      payload: { colourScheme: 'TIA-598-C' },
    }),
    expected: PLANNER,
  },
];
