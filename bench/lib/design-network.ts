import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, type LatLng } from '@integration/contracts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { DEMO_NETWORK_CLUSTER } from '../../apps/server/src/db/seed/demo-network.seed.ts';
import { seedFibreLighting } from '../../apps/server/src/db/seed/fibre-lighting.ts';
import { generateNetwork, streetGrid } from '../../apps/server/src/db/seed/network-generator.ts';
import { createElementsService } from '../../apps/server/src/modules/network-elements/elements.service.ts';
import { templatesRepository } from '../../apps/server/src/modules/templates/templates.repository.ts';
import { usersRepository } from '../../apps/server/src/modules/users/users.repository.ts';

const ADMIN = 'admin@example.com';

/** A project of its own for the design bench, under the demo's first main project. */
export async function designProject(db: Database, name: string): Promise<number> {
  const row = await db.one<{ id: number }>(sql`
    INSERT INTO projects (main_project_id, name)
    SELECT id, ${name} FROM main_projects ORDER BY id LIMIT 1 RETURNING id`);
  if (!row) throw new Error('design bench: project not created');
  await templatesRepository.ensureDefaults(db, [row.id]);
  return row.id;
}

async function newCluster(db: Database, projectId: number, name: string) {
  const row = await db.one<{ officeId: number; clusterId: number }>(sql`
    WITH co AS (
      INSERT INTO central_offices (project_id, name) VALUES (${projectId}, ${`CO ${name}`})
      RETURNING id)
    INSERT INTO clusters (central_office_id, name) SELECT id, ${name} FROM co
    RETURNING central_office_id AS "officeId", id AS "clusterId"`);
  if (!row) throw new Error('design bench: cluster not created');
  return row;
}

/**
 * A cluster drawn and lit as the demo's CBD-01 is (the seed's own code: generateNetwork along a
 * street grid of `streets` streets each way, 120 m apart, drawn through the elements service,
 * then seedFibreLighting), in a central office of its own. The seed lights a 1:4 FDT-SRO fed by
 * one trunk of at most 144 fibres, which serves 576 PBO-FATs: every other PBO-FAT is left out
 * (8 outputs each for about 6 homes), so that a grid of 2,000 homes is lit whole.
 */
export async function litCluster(
  db: Database,
  projectId: number,
  name: string,
  centre: LatLng,
  streets: number,
): Promise<{ clusterId: number; officeId: number }> {
  const { clusterId, officeId } = await newCluster(db, projectId, name);
  const admin = await usersRepository.findByEmail(db, ADMIN);
  if (!admin) throw new Error('design bench: no admin');
  let pbo = 0;
  const network = generateNetwork(streetGrid(centre, streets, 120), clusterId).filter(
    (e) => e.type !== 'PboFat' || pbo++ % 2 === 0,
  );
  const elements = createElementsService(db);
  for (const type of ELEMENT_TYPES) {
    const items = network
      .filter((e) => e.type === type.internalName)
      .map((e) => ({ clusterId, coordinates: e.coordinates, attributes: e.attributes }));
    if (items.length) await elements.create(admin, type, items);
  }
  // seedFibreLighting lights the first cluster named CBD-01 whose office is not placed yet:
  // the demo's is set aside under another name meanwhile.
  const demo = await db.one<{ id: number }>(sql`
    SELECT id FROM clusters WHERE name = ${DEMO_NETWORK_CLUSTER} ORDER BY id LIMIT 1`);
  await db.rows(sql`UPDATE clusters SET name = 'design-bench-aside' WHERE id = ${demo?.id ?? 0}`);
  await db.rows(sql`UPDATE clusters SET name = ${DEMO_NETWORK_CLUSTER} WHERE id = ${clusterId}`);
  try {
    await seedFibreLighting(db, ADMIN);
  } finally {
    await db.rows(sql`UPDATE clusters SET name = ${name} WHERE id = ${clusterId}`);
    await db.rows(
      sql`UPDATE clusters SET name = ${DEMO_NETWORK_CLUSTER} WHERE id = ${demo?.id ?? 0}`,
    );
  }
  return { clusterId, officeId };
}

/**
 * A copy of a lit cluster, `lng`/`lat` degrees away, in a central office of its own in the same
 * project: its elements, their fibres, splitters, ports, trays, terminals, joints and links, so
 * that a project of 100,000 elements is lit throughout without drawing and lighting each cluster
 * (a few seconds a copy, set-based). Ids are mapped through scratch tables dropped at the end.
 */
export async function copyCluster(
  db: Database,
  source: { clusterId: number; officeId: number },
  projectId: number,
  name: string,
  lng: number,
  lat: number,
): Promise<{ clusterId: number; officeId: number }> {
  const { clusterId, officeId } = await newCluster(db, projectId, name);
  const from = source.clusterId;
  const fromOffice = source.officeId;
  await db.rows(sql`
    UPDATE central_offices SET location = (
      SELECT ST_Translate(location, ${lng}, ${lat}) FROM central_offices WHERE id = ${fromOffice})
    WHERE id = ${officeId}`);
  // Identity values are taken in the order rows are inserted: the nth live element of the
  // source is the nth of the copy.
  await db.rows(sql`
    INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, length_m,
                                  created_by, updated_by)
    SELECT ${clusterId}, type, template_id, name, ST_Translate(geom, ${lng}, ${lat}), attributes,
           length_m, created_by, updated_by
    FROM network_elements WHERE cluster_id = ${from} AND deleted_at IS NULL ORDER BY id`);
  await db.rows(sql`DROP TABLE IF EXISTS design_bench_map_e, design_bench_map_t`);
  await db.rows(sql`
    CREATE TABLE design_bench_map_e AS
    SELECT o.id AS old, n.id AS new
    FROM (SELECT id, type, name, row_number() OVER (ORDER BY id) AS r FROM network_elements
          WHERE cluster_id = ${from} AND deleted_at IS NULL) o
    JOIN (SELECT id, type, name, row_number() OVER (ORDER BY id) AS r FROM network_elements
          WHERE cluster_id = ${clusterId}) n ON n.r = o.r AND n.type = o.type AND n.name = o.name`);
  await db.rows(sql`CREATE UNIQUE INDEX ON design_bench_map_e (old)`);
  const mapped = await db.one<{ copied: number; live: number }>(sql`
    SELECT (SELECT count(*)::int FROM design_bench_map_e) AS copied,
           (SELECT count(*)::int FROM network_elements
            WHERE cluster_id = ${from} AND deleted_at IS NULL) AS live`);
  if (mapped?.copied !== mapped?.live)
    throw new Error('design bench: elements copied out of order');

  await db.rows(sql`
    INSERT INTO fibre_cables (element_id, spec_id, fibre_count, tubes, fibres_per_tube)
    SELECT m.new, fc.spec_id, fc.fibre_count, fc.tubes, fc.fibres_per_tube
    FROM fibre_cables fc JOIN design_bench_map_e m ON m.old = fc.element_id`);
  await db.rows(sql`
    INSERT INTO fibres (cable_id, number, tube, position, status)
    SELECT m.new, f.number, f.tube, f.position, f.status
    FROM fibres f JOIN design_bench_map_e m ON m.old = f.cable_id`);
  await db.rows(sql`
    INSERT INTO fibre_splitters (element_id, central_office_id, name, ratio)
    SELECT m.new, NULL::int, s.name, s.ratio FROM fibre_splitters s
    JOIN design_bench_map_e m ON m.old = s.element_id
    UNION ALL
    SELECT NULL::int, ${officeId}::int, s.name, s.ratio FROM fibre_splitters s
    WHERE s.central_office_id = ${fromOffice}`);
  await db.rows(sql`
    INSERT INTO fibre_ports (element_id, central_office_id, kind, panel, number)
    SELECT m.new, NULL::int, p.kind, p.panel, p.number FROM fibre_ports p
    JOIN design_bench_map_e m ON m.old = p.element_id
    UNION ALL
    SELECT NULL::int, ${officeId}::int, p.kind, p.panel, p.number FROM fibre_ports p
    WHERE p.central_office_id = ${fromOffice}`);
  await db.rows(sql`
    INSERT INTO fibre_trays (element_id, central_office_id, number, capacity)
    SELECT m.new, NULL::int, t.number, t.capacity FROM fibre_trays t
    JOIN design_bench_map_e m ON m.old = t.element_id
    UNION ALL
    SELECT NULL::int, ${officeId}::int, t.number, t.capacity FROM fibre_trays t
    WHERE t.central_office_id = ${fromOffice}`);
  await db.rows(sql`ANALYZE design_bench_map_e`);

  // Terminals, by what they end: a fibre (cable, number, end), a splitter (holder, name, leg),
  // a port (holder, panel, number, side).
  const fibreTerminals = sql`
    SELECT t.id AS old, f.cable_id AS holder, f.number::text AS name, t.fibre_end::text AS part
    FROM fibre_terminals t JOIN fibres f ON f.id = t.fibre_id
    JOIN design_bench_map_e m ON m.old = f.cable_id`;
  const splitterTerminals = (office: number, clusterOf: 'old' | 'new') => sql`
    SELECT t.id AS old, coalesce(s.element_id, -s.central_office_id) AS holder, s.name,
           t.leg::text AS part
    FROM fibre_terminals t JOIN fibre_splitters s ON s.id = t.splitter_id
    WHERE s.central_office_id = ${office}
       OR s.element_id IN (SELECT ${sql.raw(clusterOf)} FROM design_bench_map_e)`;
  const portTerminals = (office: number, clusterOf: 'old' | 'new') => sql`
    SELECT t.id AS old, coalesce(p.element_id, -p.central_office_id) AS holder,
           p.panel || ':' || p.number AS name, t.kind AS part
    FROM fibre_terminals t JOIN fibre_ports p ON p.id = t.port_id
    WHERE p.central_office_id = ${office}
       OR p.element_id IN (SELECT ${sql.raw(clusterOf)} FROM design_bench_map_e)`;
  await db.rows(sql`
    INSERT INTO fibre_terminals (kind, fibre_id, fibre_end)
    SELECT t.kind, nf.id, t.fibre_end FROM fibre_terminals t
    JOIN fibres f ON f.id = t.fibre_id
    JOIN design_bench_map_e m ON m.old = f.cable_id
    JOIN fibres nf ON nf.cable_id = m.new AND nf.number = f.number`);
  // Splitter legs and port sides: those of a copied element, then those of the office.
  for (const holder of [
    sql`JOIN design_bench_map_e m ON m.old = s.element_id
        JOIN fibre_splitters ns ON ns.element_id = m.new`,
    sql`JOIN fibre_splitters ns ON s.central_office_id = ${fromOffice}
          AND ns.central_office_id = ${officeId}`,
  ])
    await db.rows(sql`
      INSERT INTO fibre_terminals (kind, splitter_id, leg)
      SELECT t.kind, ns.id, t.leg FROM fibre_splitters s ${holder}
      JOIN fibre_terminals t ON t.splitter_id = s.id
      WHERE ns.name = s.name`);
  for (const holder of [
    sql`JOIN design_bench_map_e m ON m.old = p.element_id
        JOIN fibre_ports np ON np.element_id = m.new`,
    sql`JOIN fibre_ports np ON p.central_office_id = ${fromOffice}
          AND np.central_office_id = ${officeId}`,
  ])
    await db.rows(sql`
      INSERT INTO fibre_terminals (kind, port_id)
      SELECT t.kind, np.id FROM fibre_ports p ${holder}
      JOIN fibre_terminals t ON t.port_id = p.id
      WHERE np.panel = p.panel AND np.number = p.number AND np.kind = p.kind`);
  // The copy's terminals keyed the same way, the source's holders turned into the copy's.
  const newFibreTerminals = sql`
    SELECT t.id AS new, f.cable_id AS holder, f.number::text AS name, t.fibre_end::text AS part
    FROM fibre_terminals t JOIN fibres f ON f.id = t.fibre_id
    JOIN design_bench_map_e m ON m.new = f.cable_id`;
  const holderOf = (alias: string) =>
    sql.raw(`CASE WHEN ${alias}.holder < 0 THEN ${-officeId}
                  ELSE (SELECT new FROM design_bench_map_e WHERE old = ${alias}.holder) END`);
  await db.rows(sql`
    CREATE TABLE design_bench_map_t AS
    SELECT o.old, n.new FROM (
      ${fibreTerminals} UNION ALL ${splitterTerminals(fromOffice, 'old')}
      UNION ALL ${portTerminals(fromOffice, 'old')}) o
    JOIN (
      ${newFibreTerminals}
      UNION ALL SELECT old AS new, holder, name, part FROM (${splitterTerminals(officeId, 'new')}) s
      UNION ALL SELECT old AS new, holder, name, part FROM (${portTerminals(officeId, 'new')}) p) n
      ON n.holder = ${holderOf('o')} AND n.name = o.name AND n.part = o.part`);
  await db.rows(sql`CREATE UNIQUE INDEX ON design_bench_map_t (old)`);
  await db.rows(sql`ANALYZE design_bench_map_t`);

  const before = await db.one<{ id: number }>(
    sql`SELECT coalesce(max(id), 0)::float8 AS id FROM fibre_joints`,
  );
  const traysOf = sql`
    SELECT tr.id AS old, ntr.id AS new FROM fibre_trays tr
    JOIN design_bench_map_e m ON m.old = tr.element_id
    JOIN fibre_trays ntr ON ntr.element_id = m.new AND ntr.number = tr.number
    UNION ALL
    SELECT tr.id, ntr.id FROM fibre_trays tr
    JOIN fibre_trays ntr ON ntr.central_office_id = ${officeId} AND ntr.number = tr.number
    WHERE tr.central_office_id = ${fromOffice}`;
  await db.rows(sql`
    INSERT INTO fibre_joints (element_id, central_office_id, kind, tray_id, terminal_a, terminal_b,
                              measured_loss_db, created_by)
    SELECT me.new, CASE WHEN j.central_office_id IS NOT NULL THEN ${officeId}::int END, j.kind,
           tr.new, ta.new, tb.new, j.measured_loss_db, j.created_by
    FROM fibre_joints j
    JOIN design_bench_map_t ta ON ta.old = j.terminal_a
    JOIN design_bench_map_t tb ON tb.old = j.terminal_b
    LEFT JOIN design_bench_map_e me ON me.old = j.element_id
    LEFT JOIN (${traysOf}) tr ON tr.old = j.tray_id
    WHERE me.new IS NOT NULL OR j.central_office_id = ${fromOffice}
    ORDER BY j.id`);
  // Links: those through a fibre, splitter or port as they are; a joint's to its copy, found
  // by the copy of its first terminal (a terminal takes one joint).
  await db.rows(sql`
    INSERT INTO fibre_links (from_terminal, to_terminal, kind, joint_id, share)
    SELECT a.new, b.new, l.kind, nj.id, l.share
    FROM fibre_links l
    JOIN design_bench_map_t a ON a.old = l.from_terminal
    JOIN design_bench_map_t b ON b.old = l.to_terminal
    LEFT JOIN fibre_joints oj ON oj.id = l.joint_id
    LEFT JOIN design_bench_map_t oja ON oja.old = oj.terminal_a
    LEFT JOIN (SELECT id, terminal_a FROM fibre_joints WHERE id > ${before?.id ?? 0}) nj
      ON nj.terminal_a = oja.new`);
  await db.rows(sql`DROP TABLE design_bench_map_e, design_bench_map_t`);
  return { clusterId, officeId };
}
