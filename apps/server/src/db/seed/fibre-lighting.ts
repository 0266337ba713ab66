import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, type LatLng } from '@integration/contracts';
import { createElementsService } from '../../modules/network-elements/elements.service.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { enclosuresRepository } from '../../modules/fibre/enclosures.repository.ts';
import { cablesRepository } from '../../modules/fibre/cables.repository.ts';
import type { Database, Queryable } from '../database.ts';
import { DEMO_NETWORK_CLUSTER } from './demo-network.seed.ts';

/**
 * Lights the demo network (issue 26): the central office placed west of the grid with an OLT, a
 * trunk cable from it to the FDT-SRO (1:4 splitters), the feeder streets' cables from the
 * FDT-SRO, the distribution streets' cables spliced to them in each street's splice closure, a
 * 1:8 splitter in every PBO-FAT and a drop from it to each home. Every home then traces to an OLT
 * port; a few spare fibres are reserved.
 *
 * Everything is written set-based, a handful of statements in all (the seed runs before every
 * test file's database copy, so its time counts): the generated street cables are joined
 * logically; the trunk and the drops, drawn here, have their ends exactly on what they join, so
 * the trace finds a home's drop by where it ends.
 */

/** The central office sits about 830 m west of the FDT-SRO, outside the street grid. */
const OFFICE_WEST_DEG = 0.0075;
const PBO_OUTPUTS = 8;
const FDT_OUTPUTS = 4;
/** Splices a tray holds, in the closures and cabinets of the demo. */
const TRAY_CAPACITY = 144;

interface Point {
  id: number;
  lat: number;
  lng: number;
}

/** A planned joint between two terminals, named by what they are until their ids are known. */
interface PlannedJoint {
  elementId: number | null;
  officeId: number | null;
  kind: 'splice' | 'connector';
  a: string;
  b: string;
}

const fibreEnd = (cable: number, number: number, end: 'a' | 'b') => `f${cable}:${number}:${end}`;
const leg = (splitter: number, n: number) => `s${splitter}:${n}`;
const port = (id: number) => `p${id}`;
const ints = (xs: readonly (number | null)[]) => `{${xs.map((x) => x ?? 'NULL').join(',')}}`;
const squared = (a: LatLng, b: LatLng) => {
  const east = (a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180);
  return (a.lat - b.lat) ** 2 + east ** 2;
};

export async function seedFibreLighting(db: Database, adminEmail: string): Promise<void> {
  const cluster = await db.one<{ id: number; officeId: number; placed: boolean }>(sql`
    SELECT c.id, c.central_office_id AS "officeId", co.location IS NOT NULL AS placed
    FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.name = ${DEMO_NETWORK_CLUSTER} ORDER BY c.id LIMIT 1`);
  const admin = await usersRepository.findByEmail(db, adminEmail);
  if (!cluster || cluster.placed || !admin) return;
  const lit = await db.one(sql`
    SELECT 1 FROM fibre_cables fc JOIN network_elements e ON e.id = fc.element_id
    WHERE e.cluster_id = ${cluster.id} LIMIT 1`);
  if (lit) return;

  const points = (types: string) =>
    db.rows<Point>(sql`
      SELECT id, ST_Y(geom) AS lat, ST_X(geom) AS lng FROM network_elements
      WHERE cluster_id = ${cluster.id} AND deleted_at IS NULL
        AND type = ANY(${`{${types}}`}::text[])
      ORDER BY id`);
  const [fdt] = await points('FDTSRO');
  const pbos = await points('PboFat');
  const homes = await points('SFU,Building');
  if (!fdt || !pbos.length) return;

  // Each PBO-FAT on the street cable it stands by; each street's closure nearest its start.
  const streets = await db.rows<{ id: number; feeder: boolean; closure: number | null }>(sql`
    SELECT e.id, btrim(e.attributes->>'Type', '"') = 'Feeder' AS feeder,
           (SELECT sc.id FROM network_elements sc
            WHERE sc.cluster_id = e.cluster_id AND sc.type = 'SpliceClosure' AND sc.deleted_at IS NULL
            ORDER BY sc.geom <-> ST_StartPoint(e.geom) LIMIT 1) AS closure
    FROM network_elements e
    WHERE e.cluster_id = ${cluster.id} AND e.type = 'Cable' AND e.deleted_at IS NULL
    ORDER BY e.id`);
  const streetOf = await db.rows<{ pbo: number; street: number }>(sql`
    SELECT p.id AS pbo,
           (SELECT e.id FROM network_elements e
            WHERE e.cluster_id = p.cluster_id AND e.type = 'Cable' AND e.deleted_at IS NULL
            ORDER BY e.geom <-> p.geom, e.id LIMIT 1) AS street
    FROM network_elements p
    WHERE p.cluster_id = ${cluster.id} AND p.type = 'PboFat' AND p.deleted_at IS NULL
    ORDER BY p.id`);

  // Each home to its nearest PBO-FAT that has an output left.
  const served = new Map<number, Point[]>(pbos.map((p) => [p.id, []]));
  for (const home of homes) {
    const byDistance = [...pbos].sort((x, y) => squared(home, x) - squared(home, y));
    const pbo = byDistance.find((p) => (served.get(p.id)?.length ?? PBO_OUTPUTS) < PBO_OUTPUTS);
    served.get(pbo?.id ?? -1)?.push(home);
  }

  // The trunk and the drops, drawn as an admin would.
  const office = { lat: fdt.lat, lng: fdt.lng - OFFICE_WEST_DEG };
  const feedsNeeded = Math.ceil(pbos.length / FDT_OUTPUTS);
  const cableType = ELEMENT_TYPES.find((t) => t.internalName === 'Cable');
  if (!cableType) return;
  const drops = pbos.flatMap((p) => (served.get(p.id) ?? []).map((home) => ({ pbo: p, home })));
  const made = await createElementsService(db).create(admin, cableType, [
    {
      clusterId: cluster.id,
      coordinates: [office, { lat: fdt.lat, lng: fdt.lng }],
      attributes: { Capacity: feedsNeeded <= 96 ? '96' : '144', Type: 'Feeder' },
    },
    ...drops.map(({ pbo, home }) => ({
      clusterId: cluster.id,
      coordinates: [
        { lat: pbo.lat, lng: pbo.lng },
        { lat: home.lat, lng: home.lng },
      ],
      attributes: { Type: 'Drop' },
    })),
  ]);
  const trunk = made[0]?.id ?? 0;
  const dropIds = made.slice(1).map((m) => m.id);
  await enclosuresRepository.placeOffice(db, cluster.officeId, office.lng, office.lat);

  await materialiseCluster(db, cluster.id);
  const officeHolder = await enclosuresRepository.officeHolder(db, cluster.officeId);
  if (!officeHolder) return;
  await enclosuresRepository.addPorts(db, officeHolder, 'olt', 'OLT 1', feedsNeeded);
  const oltPorts = await db.rows<{ id: number }>(sql`
    SELECT id FROM fibre_ports WHERE central_office_id = ${cluster.officeId} AND kind = 'olt'
    ORDER BY number`);
  const fdtSplitters = await addSplitters(db, Array(feedsNeeded).fill(fdt.id), '1:4');
  const pboSplitters = await addSplitters(
    db,
    pbos.map((p) => p.id),
    '1:8',
  );

  const joints: PlannedJoint[] = [];
  const at = (elementId: number, a: string, b: string) =>
    joints.push({ elementId, officeId: null, kind: 'splice', a, b });
  // Central office: OLT port n → trunk fibre n; FDT-SRO: trunk fibre n → 1:4 splitter n.
  fdtSplitters.forEach((splitter, i) => {
    const olt = oltPorts[i];
    if (olt)
      joints.push({
        elementId: null,
        officeId: cluster.officeId,
        kind: 'connector',
        a: port(olt.id),
        b: fibreEnd(trunk, i + 1, 'a'),
      });
    at(fdt.id, fibreEnd(trunk, i + 1, 'b'), leg(splitter, 0));
  });

  // Feeder fibres, handed out street after street; distribution fibres, one a PBO-FAT.
  const feeders = streets.filter((s) => s.feeder);
  const nextFeederFibre = new Map(feeders.map((s) => [s.id, 1]));
  let feederTurn = 0;
  const takeFeederFibre = (): [number, number] => {
    const street = feeders[feederTurn++ % feeders.length];
    const n = nextFeederFibre.get(street?.id ?? 0) ?? 1;
    nextFeederFibre.set(street?.id ?? 0, n + 1);
    return [street?.id ?? 0, n];
  };
  const nextOnStreet = new Map<number, number>();
  const streetById = new Map(streets.map((s) => [s.id, s]));
  streetOf.forEach(({ pbo, street: streetId }, i) => {
    const splitter = pboSplitters[i];
    const fdtSplitter = fdtSplitters[Math.floor(i / FDT_OUTPUTS)];
    const street = streetById.get(streetId);
    if (splitter === undefined || fdtSplitter === undefined || !street) return;
    const [feeder, n] = takeFeederFibre();
    at(fdt.id, leg(fdtSplitter, (i % FDT_OUTPUTS) + 1), fibreEnd(feeder, n, 'b'));
    if (street.feeder || street.closure === null) {
      at(pbo, fibreEnd(feeder, n, 'a'), leg(splitter, 0));
    } else {
      const k = (nextOnStreet.get(street.id) ?? 0) + 1;
      nextOnStreet.set(street.id, k);
      at(street.closure, fibreEnd(feeder, n, 'a'), fibreEnd(street.id, k, 'a'));
      at(pbo, fibreEnd(street.id, k, 'b'), leg(splitter, 0));
    }
  });
  // Drops: a PBO-FAT's outputs in order, each to a drop's end at the PBO-FAT.
  let d = 0;
  pbos.forEach((p, i) => {
    (served.get(p.id) ?? []).forEach((_, out) => {
      const drop = dropIds[d++];
      const splitter = pboSplitters[i];
      if (drop !== undefined && splitter !== undefined)
        at(p.id, leg(splitter, out + 1), fibreEnd(drop, 1, 'a'));
    });
  });

  await writeJoints(db, cluster.id, cluster.officeId, joints);
  // Spare fibres reserved: the first unused one of each distribution cable and of the trunk.
  const spares = [
    ...[...nextOnStreet].map(([street, k]) => ({ cable: street, number: k + 1 })),
    { cable: trunk, number: feedsNeeded + 1 },
  ];
  await db.rows(sql`
    UPDATE fibres f SET status = 'reserved'
    FROM unnest(${ints(spares.map((s) => s.cable))}::int[],
                ${ints(spares.map((s) => s.number))}::int[]) s(cable, number)
    WHERE f.cable_id = s.cable AND f.number = s.number`);
}

/**
 * Every cable of the cluster gets its fibres, each with its two ends joined through it: what
 * cablesRepository.materialise does for one cable, for all of them at once (12 fibres a tube).
 */
async function materialiseCluster(db: Queryable, clusterId: number): Promise<void> {
  await db.rows(sql`
    INSERT INTO fibre_cables (element_id, fibre_count, tubes, fibres_per_tube)
    SELECT id, n, ceil(n / least(12, n)::float8)::int, least(12, n)
    FROM (SELECT e.id,
                 CASE WHEN btrim(e.attributes->>'Capacity', '"') ~ '^[0-9]{1,3}$'
                      THEN greatest(1, btrim(e.attributes->>'Capacity', '"')::int) ELSE 1 END AS n
          FROM network_elements e
          WHERE e.cluster_id = ${clusterId} AND e.type = 'Cable' AND e.deleted_at IS NULL) c
    ON CONFLICT (element_id) DO NOTHING`);
  await cablesRepository.makeFibres(
    db,
    sql`fc.element_id IN (SELECT id FROM network_elements WHERE cluster_id = ${clusterId})`,
  );
}

/** One splitter of `ratio` in each of these enclosures (S1, S2… per enclosure), legs joined. */
async function addSplitters(db: Queryable, elementIds: number[], ratio: '1:4' | '1:8') {
  const outputs = Number(ratio.slice(2));
  const rows = await db.rows<{ id: number }>(sql`
    WITH made AS (
      INSERT INTO fibre_splitters (element_id, name, ratio)
      SELECT e, 'S' || row_number() OVER (PARTITION BY e ORDER BY o), ${ratio}
      FROM unnest(${ints(elementIds)}::int[]) WITH ORDINALITY u(e, o)
      ORDER BY o
      RETURNING id),
    legs AS (
      INSERT INTO fibre_terminals (kind, splitter_id, leg)
      SELECT CASE WHEN leg = 0 THEN 'splitter-in' ELSE 'splitter-out' END, made.id, leg
      FROM made, generate_series(0, ${outputs}) leg
      RETURNING id, splitter_id, leg),
    links AS (
      INSERT INTO fibre_links (from_terminal, to_terminal, kind)
      SELECT i.id, o.id, 'splitter' FROM legs i JOIN legs o
        ON o.splitter_id = i.splitter_id AND i.leg = 0 AND o.leg > 0
      UNION ALL
      SELECT o.id, i.id, 'splitter' FROM legs i JOIN legs o
        ON o.splitter_id = i.splitter_id AND i.leg = 0 AND o.leg > 0)
    SELECT id FROM made ORDER BY id`);
  return rows.map((r) => r.id);
}

/** The planned joints with their trays (a tray per TRAY_CAPACITY splices), links both ways. */
async function writeJoints(
  db: Queryable,
  clusterId: number,
  officeId: number,
  joints: PlannedJoint[],
): Promise<void> {
  const terminals = await db.rows<{ id: number; key: string }>(sql`
    SELECT t.id::float8 AS id, 'f' || f.cable_id || ':' || f.number || ':' || t.fibre_end AS key
    FROM network_elements e JOIN fibres f ON f.cable_id = e.id
    JOIN fibre_terminals t ON t.fibre_id = f.id
    WHERE e.cluster_id = ${clusterId} AND e.type = 'Cable'
    UNION ALL
    SELECT t.id::float8, 's' || t.splitter_id || ':' || t.leg
    FROM network_elements e JOIN fibre_splitters s ON s.element_id = e.id
    JOIN fibre_terminals t ON t.splitter_id = s.id
    WHERE e.cluster_id = ${clusterId}
    UNION ALL
    SELECT t.id::float8, 'p' || t.port_id
    FROM fibre_ports p JOIN fibre_terminals t ON t.port_id = p.id
    WHERE p.central_office_id = ${officeId} AND t.kind = 'olt-port'`);
  const terminal = new Map(terminals.map((t) => [t.key, t.id]));

  // Splices per enclosure, in order: the nth goes in tray n / TRAY_CAPACITY + 1.
  const splicesOf = new Map<number, number>();
  const slot = joints.map((j) => {
    if (j.kind !== 'splice' || j.elementId === null) return -1;
    const n = splicesOf.get(j.elementId) ?? 0;
    splicesOf.set(j.elementId, n + 1);
    return n;
  });
  const trayRows = [...splicesOf].flatMap(([elementId, count]) =>
    Array.from({ length: Math.ceil(count / TRAY_CAPACITY) }, (_, i) => ({
      elementId,
      number: i + 1,
    })),
  );
  const trays = await db.rows<{ id: number; elementId: number; number: number }>(sql`
    INSERT INTO fibre_trays (element_id, number, capacity)
    SELECT e, n, ${TRAY_CAPACITY}
    FROM unnest(${ints(trayRows.map((t) => t.elementId))}::int[],
                ${ints(trayRows.map((t) => t.number))}::int[]) u(e, n)
    RETURNING id, element_id AS "elementId", number`);
  const trayOf = new Map(trays.map((t) => [`${t.elementId}:${t.number}`, t.id]));

  const kept = joints
    .map((j, i) => ({
      ...j,
      ta: terminal.get(j.a),
      tb: terminal.get(j.b),
      tray:
        j.elementId !== null && (slot[i] ?? -1) >= 0
          ? (trayOf.get(`${j.elementId}:${Math.floor((slot[i] ?? 0) / TRAY_CAPACITY) + 1}`) ?? null)
          : null,
    }))
    .filter((j) => j.ta !== undefined && j.tb !== undefined);
  await db.rows(sql`
    WITH planned AS (
      SELECT * FROM unnest(
        ${ints(kept.map((j) => j.elementId))}::int[],
        ${ints(kept.map((j) => j.officeId))}::int[],
        ${`{${kept.map((j) => j.kind).join(',')}}`}::text[],
        ${ints(kept.map((j) => j.tray))}::int[],
        ${ints(kept.map((j) => j.ta ?? 0))}::bigint[],
        ${ints(kept.map((j) => j.tb ?? 0))}::bigint[]) u(element_id, office_id, kind, tray_id, a, b)),
    made AS (
      INSERT INTO fibre_joints (element_id, central_office_id, kind, tray_id, terminal_a, terminal_b)
      SELECT element_id, office_id, kind, tray_id, a, b FROM planned
      RETURNING id, kind, terminal_a, terminal_b)
    INSERT INTO fibre_links (from_terminal, to_terminal, kind, joint_id)
    SELECT terminal_a, terminal_b, kind, id FROM made
    UNION ALL
    SELECT terminal_b, terminal_a, kind, id FROM made`);
}
