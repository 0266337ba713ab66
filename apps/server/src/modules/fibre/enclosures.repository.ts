import { sql, type SQL } from 'drizzle-orm';
import { splitterOutputs, type ElementTypeName, type SplitterRatio } from '@integration/contracts';
import type { Queryable } from '../../db/database.ts';

/** An enclosure: a network element that holds trays, splitters, ports; or a central office. */
export interface Holder {
  elementId: number | null;
  centralOfficeId: number | null;
  name: string;
  type: ElementTypeName | 'CentralOffice';
  projectId: number;
  clusterId: number | null;
  /** Its point as EWKT, or null for a central office not placed yet. */
  point: string | null;
}

/** `element_id = …` or `central_office_id = …`: the rows of one holder. */
export const ofHolder = (h: Holder, alias = ''): SQL => {
  const prefix = alias ? `${alias}.` : '';
  return h.elementId !== null
    ? sql`${sql.raw(prefix)}element_id = ${h.elementId}`
    : sql`${sql.raw(prefix)}central_office_id = ${h.centralOfficeId}`;
};

/** One end of a terminal's joint: what it is, for a label. */
export interface TerminalFacts {
  id: number;
  kind: 'fibre' | 'splitter-in' | 'splitter-out' | 'port-back' | 'port-front' | 'olt-port';
  fibreId: number | null;
  fibreEnd: 'a' | 'b' | null;
  fibreNumber: number | null;
  cableId: number | null;
  cableName: string | null;
  splitterId: number | null;
  splitterName: string | null;
  leg: number | null;
  portId: number | null;
  panel: string | null;
  portNumber: number | null;
  /** The holder of the splitter or port (fibre ends have none of their own). */
  elementId: number | null;
  centralOfficeId: number | null;
}

const terminalColumns = sql`
  t.id::float8 AS id, t.kind, t.fibre_id::float8 AS "fibreId", t.fibre_end AS "fibreEnd",
  f.number AS "fibreNumber", f.cable_id AS "cableId", ce.name AS "cableName",
  t.splitter_id AS "splitterId", s.name AS "splitterName", t.leg,
  t.port_id AS "portId", p.panel, p.number AS "portNumber",
  coalesce(s.element_id, p.element_id) AS "elementId",
  coalesce(s.central_office_id, p.central_office_id) AS "centralOfficeId"`;

const terminalJoins = sql`
  LEFT JOIN fibres f ON f.id = t.fibre_id
  LEFT JOIN network_elements ce ON ce.id = f.cable_id
  LEFT JOIN fibre_splitters s ON s.id = t.splitter_id
  LEFT JOIN fibre_ports p ON p.id = t.port_id`;

export interface JointRow {
  id: number;
  kind: 'splice' | 'connector';
  trayId: number | null;
  measuredLossDb: number | null;
  a: number;
  b: number;
  elementId: number | null;
  centralOfficeId: number | null;
  holderName: string;
}

/** What enclosures hold and join: SQL only. */
export const enclosuresRepository = {
  async elementHolder(db: Queryable, elementId: number): Promise<Holder | undefined> {
    return db.one<Holder>(sql`
      SELECT e.id AS "elementId", NULL::int AS "centralOfficeId", e.name, e.type,
             co.project_id AS "projectId", e.cluster_id AS "clusterId",
             ST_AsEWKT(ST_PointOnSurface(e.geom)) AS point
      FROM network_elements e
      JOIN clusters c ON c.id = e.cluster_id
      JOIN central_offices co ON co.id = c.central_office_id
      WHERE e.id = ${elementId} AND e.deleted_at IS NULL`);
  },

  async officeHolder(db: Queryable, officeId: number): Promise<Holder | undefined> {
    return db.one<Holder>(sql`
      SELECT NULL::int AS "elementId", co.id AS "centralOfficeId", co.name,
             'CentralOffice' AS type, co.project_id AS "projectId", NULL::int AS "clusterId",
             ST_AsEWKT(co.location) AS point
      FROM central_offices co WHERE co.id = ${officeId}`);
  },

  async placeOffice(db: Queryable, officeId: number, lng: number, lat: number): Promise<void> {
    await db.rows(sql`
      UPDATE central_offices SET location = ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326),
             updated_at = now()
      WHERE id = ${officeId}`);
  },

  /** Locks the holder's row: writes to one enclosure queue one after another. */
  async lock(db: Queryable, h: Holder): Promise<void> {
    await (h.elementId !== null
      ? db.rows(sql`SELECT id FROM network_elements WHERE id = ${h.elementId} FOR UPDATE`)
      : db.rows(sql`SELECT id FROM central_offices WHERE id = ${h.centralOfficeId} FOR UPDATE`));
  },

  async trays(db: Queryable, h: Holder) {
    return db.rows<{ id: number; number: number; capacity: number; used: number }>(sql`
      SELECT tr.id, tr.number, tr.capacity,
             (SELECT count(*)::int FROM fibre_joints j WHERE j.tray_id = tr.id) AS used
      FROM fibre_trays tr WHERE ${ofHolder(h, 'tr')} ORDER BY tr.number`);
  },

  async addTray(db: Queryable, h: Holder, capacity: number): Promise<number> {
    const row = await db.one<{ id: number }>(sql`
      INSERT INTO fibre_trays (element_id, central_office_id, number, capacity)
      SELECT ${h.elementId}, ${h.centralOfficeId}, coalesce(max(number), 0) + 1, ${capacity}
      FROM fibre_trays WHERE ${ofHolder(h)}
      RETURNING id`);
    return row?.id ?? 0;
  },

  async splitters(db: Queryable, h: Holder) {
    return db.rows<{ id: number; name: string; ratio: SplitterRatio }>(sql`
      SELECT id, name, ratio FROM fibre_splitters WHERE ${ofHolder(h)} ORDER BY id`);
  },

  /** A splitter with its input (leg 0) and outputs, each output joined to the input. */
  async addSplitter(db: Queryable, h: Holder, ratio: SplitterRatio, name: string | null) {
    const row = await db.one<{ id: number; name: string }>(sql`
      INSERT INTO fibre_splitters (element_id, central_office_id, name, ratio)
      SELECT ${h.elementId}, ${h.centralOfficeId},
             coalesce(${name}::text, 'S' || (count(*) + 1)), ${ratio}
      FROM fibre_splitters WHERE ${ofHolder(h)}
      RETURNING id, name`);
    if (!row) throw new Error('splitter not made');
    await db.rows(sql`
      WITH legs AS (
        INSERT INTO fibre_terminals (kind, splitter_id, leg)
        SELECT CASE WHEN leg = 0 THEN 'splitter-in' ELSE 'splitter-out' END, ${row.id}, leg
        FROM generate_series(0, ${splitterOutputs(ratio)}) leg
        RETURNING id, leg)
      INSERT INTO fibre_links (from_terminal, to_terminal, kind)
      SELECT i.id, o.id, 'splitter' FROM legs i JOIN legs o ON i.leg = 0 AND o.leg > 0
      UNION ALL
      SELECT o.id, i.id, 'splitter' FROM legs i JOIN legs o ON i.leg = 0 AND o.leg > 0`);
    return row;
  },

  async ports(db: Queryable, h: Holder) {
    return db.rows<{ id: number; kind: 'patch' | 'olt'; panel: string; number: number }>(sql`
      SELECT id, kind, panel, number FROM fibre_ports WHERE ${ofHolder(h)}
      ORDER BY kind DESC, panel, number`);
  },

  /**
   * `count` ports on a panel, numbered after its last: an OLT port is one terminal (a trace ends
   * there); a patch port has a back and a front joined through it.
   */
  async addPorts(db: Queryable, h: Holder, kind: 'patch' | 'olt', panel: string, count: number) {
    await db.rows(sql`
      WITH made AS (
        INSERT INTO fibre_ports (element_id, central_office_id, kind, panel, number)
        SELECT ${h.elementId}, ${h.centralOfficeId}, ${kind}, ${panel}, last + n
        FROM generate_series(1, ${count}) n,
             (SELECT coalesce(max(number), 0) AS last FROM fibre_ports
              WHERE ${ofHolder(h)} AND panel = ${panel}) before
        RETURNING id),
      sides AS (
        INSERT INTO fibre_terminals (kind, port_id)
        SELECT side, made.id FROM made,
               unnest(CASE WHEN ${kind} = 'olt' THEN ARRAY['olt-port']
                           ELSE ARRAY['port-back', 'port-front'] END) side
        RETURNING id, port_id, kind)
      INSERT INTO fibre_links (from_terminal, to_terminal, kind)
      SELECT x.id, y.id, 'port' FROM sides x JOIN sides y
        ON y.port_id = x.port_id AND x.kind <> y.kind`);
  },

  /** Cables with a fibre end joined in the holder, and which end. */
  async cablesJoinedIn(db: Queryable, h: Holder) {
    return db.rows<{
      id: number;
      name: string;
      end: 'a' | 'b' | 'through';
      capacity: string | null;
    }>(sql`
      SELECT DISTINCT ON (f.cable_id) f.cable_id AS id, ce.name,
             CASE t.fibre_end WHEN 'm' THEN 'through' ELSE t.fibre_end END AS "end",
             btrim(ce.attributes->>'Capacity', '"') AS capacity
      FROM fibre_joints j
      JOIN fibre_terminals t ON t.id IN (j.terminal_a, j.terminal_b) AND t.kind = 'fibre'
      JOIN fibres f ON f.id = t.fibre_id
      JOIN network_elements ce ON ce.id = f.cable_id AND ce.deleted_at IS NULL
      WHERE ${ofHolder(h, 'j')}
      ORDER BY f.cable_id, t.fibre_end`);
  },

  /** Both ends of these fibres, with their cable. */
  async fibreEnds(db: Queryable, fibreIds: readonly number[]) {
    return db.rows<{
      id: number;
      fibreId: number;
      end: 'a' | 'b';
      cableId: number;
      cableName: string;
    }>(sql`
      SELECT t.id::float8 AS id, t.fibre_id::float8 AS "fibreId", t.fibre_end AS "end",
             f.cable_id AS "cableId", ce.name AS "cableName"
      FROM fibre_terminals t
      JOIN fibres f ON f.id = t.fibre_id
      JOIN network_elements ce ON ce.id = f.cable_id
      WHERE t.fibre_id = ANY(${`{${fibreIds.join(',')}}`}::bigint[])`);
  },

  /** The terminals of these ids, with what a label needs. */
  async terminals(db: Queryable, ids: readonly number[]): Promise<TerminalFacts[]> {
    if (!ids.length) return [];
    return db.rows<TerminalFacts>(sql`
      SELECT ${terminalColumns} FROM fibre_terminals t ${terminalJoins}
      WHERE t.id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  },

  /** The terminals of splitters and ports of the holder. */
  async holderTerminals(db: Queryable, h: Holder): Promise<TerminalFacts[]> {
    return db.rows<TerminalFacts>(sql`
      SELECT ${terminalColumns} FROM fibre_terminals t ${terminalJoins}
      WHERE t.splitter_id IN (SELECT id FROM fibre_splitters WHERE ${ofHolder(h)})
         OR t.port_id IN (SELECT id FROM fibre_ports WHERE ${ofHolder(h)})
      ORDER BY t.id`);
  },

  /** The joint on each of these terminals, if any. */
  async jointsOn(db: Queryable, terminalIds: readonly number[]): Promise<JointRow[]> {
    if (!terminalIds.length) return [];
    return db.rows<JointRow>(sql`
      SELECT j.id::float8 AS id, j.kind, j.tray_id AS "trayId",
             j.measured_loss_db AS "measuredLossDb",
             j.terminal_a::float8 AS a, j.terminal_b::float8 AS b,
             j.element_id AS "elementId", j.central_office_id AS "centralOfficeId",
             coalesce(e.name, co.name) AS "holderName"
      FROM fibre_joints j
      LEFT JOIN network_elements e ON e.id = j.element_id
      LEFT JOIN central_offices co ON co.id = j.central_office_id
      WHERE j.id IN (SELECT joint_id FROM fibre_links
                     WHERE from_terminal = ANY(${`{${terminalIds.join(',')}}`}::bigint[])
                       AND joint_id IS NOT NULL)`);
  },

  async jointsOfHolder(db: Queryable, h: Holder): Promise<JointRow[]> {
    return db.rows<JointRow>(sql`
      SELECT j.id::float8 AS id, j.kind, j.tray_id AS "trayId",
             j.measured_loss_db AS "measuredLossDb",
             j.terminal_a::float8 AS a, j.terminal_b::float8 AS b,
             j.element_id AS "elementId", j.central_office_id AS "centralOfficeId",
             '' AS "holderName"
      FROM fibre_joints j WHERE ${ofHolder(h, 'j')} ORDER BY j.id`);
  },

  /** Of these terminals, those already joined. */
  async joined(db: Queryable, terminalIds: readonly number[]): Promise<number[]> {
    const rows = await db.rows<{ id: number }>(sql`
      SELECT from_terminal::float8 AS id FROM fibre_links
      WHERE from_terminal = ANY(${`{${terminalIds.join(',')}}`}::bigint[])
        AND joint_id IS NOT NULL`);
    return rows.map((r) => r.id);
  },

  /** Joins two terminals: the joint and its link both ways. */
  async join(
    db: Queryable,
    h: Holder,
    joint: { kind: 'splice' | 'connector'; trayId: number | null; a: number; b: number },
    userId: number,
  ): Promise<number> {
    const row = await db.one<{ id: number }>(sql`
      WITH j AS (
        INSERT INTO fibre_joints
          (element_id, central_office_id, kind, tray_id, terminal_a, terminal_b, created_by)
        VALUES (${h.elementId}, ${h.centralOfficeId}, ${joint.kind}, ${joint.trayId},
                ${joint.a}, ${joint.b}, ${userId})
        RETURNING id),
      links AS (
        INSERT INTO fibre_links (from_terminal, to_terminal, kind, joint_id)
        SELECT x, y, ${joint.kind}, j.id FROM j,
               (VALUES (${joint.a}::bigint, ${joint.b}::bigint),
                       (${joint.b}::bigint, ${joint.a}::bigint)) v(x, y))
      SELECT id::float8 AS id FROM j`);
    return row?.id ?? 0;
  },

  async joint(db: Queryable, id: number): Promise<JointRow | undefined> {
    return db.one<JointRow>(sql`
      SELECT j.id::float8 AS id, j.kind, j.tray_id AS "trayId",
             j.measured_loss_db AS "measuredLossDb",
             j.terminal_a::float8 AS a, j.terminal_b::float8 AS b,
             j.element_id AS "elementId", j.central_office_id AS "centralOfficeId",
             '' AS "holderName"
      FROM fibre_joints j WHERE j.id = ${id}`);
  },

  async deleteJoint(db: Queryable, id: number): Promise<void> {
    await db.rows(sql`DELETE FROM fibre_joints WHERE id = ${id}`);
  },

  async setMeasuredLoss(db: Queryable, id: number, lossDb: number | null): Promise<void> {
    await db.rows(sql`UPDATE fibre_joints SET measured_loss_db = ${lossDb} WHERE id = ${id}`);
  },

  async history(
    db: Queryable,
    h: Holder,
    action: string,
    detail: unknown,
    userId: number,
  ): Promise<void> {
    await db.rows(sql`
      INSERT INTO fibre_history (project_id, element_id, central_office_id, action, detail, user_id)
      VALUES (${h.projectId}, ${h.elementId}, ${h.centralOfficeId}, ${action},
              ${JSON.stringify(detail)}::jsonb, ${userId})`);
  },
};
