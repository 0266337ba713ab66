import type { ElementTypeName } from '@integration/contracts';
import { parseKey } from './gracethd-codes.ts';
import type { DeliveryRows } from './gracethd-read.ts';
import type { Row } from './gracethd-tables.ts';

/**
 * A GraceTHD delivery read back into what our model holds (issue 29): elements, cables with
 * their fibre structure, enclosures' trays, splitters and ports, and joints. Our own deliveries
 * come back whole (their comments carry our keys and terminals); foreign ones as far as the
 * model says (nodes, supports, enclosures, cables, homes, zones, splices at cable ends).
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Where trays, splitters, ports and joints belong: an element of the plan, or the office. */
export type PlannedHolder = { element: string } | { office: true };

export interface PlannedElement {
  /** The delivery's key for it (our key, or the row's code): joints and loops name it. */
  key: string;
  type: ElementTypeName;
  name: string;
  at: LatLng | LatLng[];
  attributes: Record<string, unknown>;
}

export interface PlannedCable extends PlannedElement {
  fibreCount: number;
  fibresPerTube: number;
  tubes: number;
  specName: string | null;
  /** Whether the fibres are made (ours had fibre rows; a foreign cable's are). */
  fibres: boolean;
  /** Fibre numbers and their state, when not free. */
  states: Map<number, 'reserved' | 'faulty'>;
  /** The delivery's t_cable codes of its segments, first to last. */
  segments: string[];
}

/** One side of a joint: a fibre end or cut, a splitter leg, or a port side. */
export type PlannedTerminal =
  | {
      fibre: {
        cable: string;
        number: number;
        end: 'a' | 'b' | 'm';
        along?: number;
        faces?: 'a' | 'b';
      };
    }
  | { splitter: string; leg: number }
  | { port: { tiroir: string; number: number; kind: string } };

export interface PlannedJoint {
  kind: 'splice' | 'connector';
  holder: PlannedHolder;
  tray: string | null;
  a: PlannedTerminal;
  b: PlannedTerminal;
  lossDb: number | null;
}

export interface ImportPlan {
  elements: PlannedElement[];
  cables: PlannedCable[];
  trays: { code: string; holder: PlannedHolder; capacity: number; number: number }[];
  splitters: { code: string; holder: PlannedHolder; ratio: string; name: string | null }[];
  panels: {
    code: string;
    holder: PlannedHolder;
    kind: 'patch' | 'olt';
    panel: string;
    ports: number;
  }[];
  joints: PlannedJoint[];
  officePlace: LatLng | null;
  /** Per table: rows read, mapped, skipped and why (message keys with their values). */
  report: Map<
    string,
    { read: number; mapped: number; skipped: number; notes: Map<string, number> }
  >;
}

/** Our `Name=value | …` comments as pairs. */
export function parseComment(value: unknown): Map<string, string> {
  const pairs = new Map<string, string>();
  if (typeof value !== 'string') return pairs;
  for (const part of value.split(' | ')) {
    const at = part.indexOf('=');
    if (at > 0) pairs.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return pairs;
}

const text = (row: Row | undefined, column: string) => {
  const value = row?.[column];
  return value === null || value === undefined ? '' : String(value);
};

/** The prefix of the delivery's codes (a client's rule given at export), from its nodes. */
export function codePrefix(rows: DeliveryRows): string {
  const first = text(rows.tables.get('t_noeud')?.[0], 'nd_code');
  const at = first.indexOf('ND-');
  return at > 0 && at <= 12 ? first.slice(0, at) : '';
}

const POLE_TYPE: Record<string, string> = { PBOI: 'Wood', PBET: 'Concrete', PMET: 'Steel' };
const CABLE_TYPE: Record<string, string> = { TR: 'Feeder', DI: 'Distribution', RA: 'Drop' };
const ATTRIBUTES = ['Type', 'Capacity', 'Owner', 'Height', 'Floors', 'Length'];

/** The delivery read as our model: what the import writes, and the report of what it read. */
export function planImport(rows: DeliveryRows): ImportPlan {
  const prefix = codePrefix(rows);
  const keyOf = (code: string, tag: string) =>
    code.startsWith(`${prefix}${tag}-`) ? code.slice(prefix.length + tag.length + 1) : null;
  const table = (name: string) => rows.tables.get(name) ?? [];
  const geometry = (name: string, i: number) => rows.geometries.get(name)?.[i] ?? null;
  const plan: ImportPlan = {
    elements: [],
    cables: [],
    trays: [],
    splitters: [],
    panels: [],
    joints: [],
    officePlace: null,
    report: new Map(),
  };
  const line = (name: string) => {
    let entry = plan.report.get(name);
    if (!entry)
      plan.report.set(
        name,
        (entry = { read: table(name).length, mapped: 0, skipped: 0, notes: new Map() }),
      );
    return entry;
  };
  const skip = (name: string, note: string) => {
    const entry = line(name);
    entry.skipped++;
    entry.notes.set(note, (entry.notes.get(note) ?? 0) + 1);
  };
  const mapped = (name: string) => line(name).mapped++;
  const note = (name: string, key: string) => {
    const entry = line(name);
    entry.mapped++;
    entry.notes.set(key, (entry.notes.get(key) ?? 0) + 1);
  };

  // Nodes and their places.
  const nodes = new Map<string, { at: LatLng; row: Row }>();
  table('t_noeud').forEach((row, i) => {
    const point = geometry('t_noeud', i);
    const coordinates = point?.type === 'Point' ? (point.coordinates as number[]) : null;
    if (!coordinates) return;
    nodes.set(text(row, 'nd_code'), {
      at: { lng: coordinates[0] ?? 0, lat: coordinates[1] ?? 0 },
      row,
    });
  });
  const ptech = new Map(table('t_ptech').map((r) => [text(r, 'pt_code'), r]));
  const sites = new Map(table('t_sitetech').map((r) => [text(r, 'st_code'), r]));
  const ltech = new Map(table('t_ltech').map((r) => [text(r, 'lt_code'), r]));
  const ebps = new Map(table('t_ebp').map((r) => [text(r, 'bp_code'), r]));
  const attributesOf = (comment: Map<string, string>) => {
    const attributes: Record<string, unknown> = {};
    for (const name of ATTRIBUTES) {
      const value = comment.get(name);
      if (value !== undefined)
        attributes[name] = ['Height', 'Floors', 'Length'].includes(name) ? Number(value) : value;
    }
    return attributes;
  };

  // Our own nodes: supports, loops, cabinets, homes (enclosures come from t_ebp).
  const homesDone = new Set<string>();
  for (const [code, node] of nodes) {
    const key = keyOf(code, 'ND');
    const parsed = key ? parseKey(key) : null;
    if (parsed?.type === 'office') {
      plan.officePlace = node.at;
      mapped('t_noeud');
      continue;
    }
    if (parsed && ['Pole', 'Manhole', 'Loop', 'FDTSRO', 'SFU', 'Building'].includes(parsed.type)) {
      plan.elements.push({
        key: key ?? code,
        type: parsed.type as ElementTypeName,
        name: text(node.row, 'nd_nom'),
        at: node.at,
        attributes: attributesOf(parseComment(node.row.nd_comment)),
      });
      if (parsed.type === 'SFU' || parsed.type === 'Building') homesDone.add(code);
      mapped('t_noeud');
    }
  }
  // Foreign supports and sites: a node with a t_ptech (A pole, C manhole) or a t_sitetech.
  const ownNode = (code: string) => Boolean(keyOf(code, 'ND') && parseKey(keyOf(code, 'ND') ?? ''));
  for (const [code, pt] of ptech) {
    const nodeCode = text(pt, 'pt_nd_code');
    const node = nodes.get(nodeCode);
    if (!node || ownNode(nodeCode)) continue;
    const kind = text(pt, 'pt_typephy');
    if (kind !== 'A' && kind !== 'C') {
      skip('t_ptech', 'exchange.note.supportKind');
      continue;
    }
    plan.elements.push({
      key: nodeCode,
      type: kind === 'A' ? 'Pole' : 'Manhole',
      name: text(pt, 'pt_etiquet') || text(node.row, 'nd_nom'),
      at: node.at,
      attributes:
        kind === 'A' && POLE_TYPE[text(pt, 'pt_nature')]
          ? { Type: POLE_TYPE[text(pt, 'pt_nature')] }
          : {},
    });
    void code;
    mapped('t_ptech');
  }
  for (const [, site] of sites) {
    const nodeCode = text(site, 'st_nd_code');
    const node = nodes.get(nodeCode);
    if (!node || ownNode(nodeCode)) continue;
    const logical = text(site, 'st_typelog');
    if (logical === 'NRO') plan.officePlace ??= node.at;
    else if (logical === 'SRO' || logical === 'SROL')
      plan.elements.push({
        key: nodeCode,
        type: 'FDTSRO',
        name: text(site, 'st_nom'),
        at: node.at,
        attributes: {},
      });
    else skip('t_sitetech', 'exchange.note.siteKind');
  }

  // Enclosures: PBO → PBO-FAT, BPE on a support → splice closure; a BPE in a site holds the
  // site's trays and splitters; PTOs are the homes'.
  const holderOfBp = new Map<string, PlannedHolder>();
  /** The node each enclosure stands on: a foreign splice's fibre ends are found from it. */
  const nodeOfElement = new Map<string, string>();
  const siteHolder = (siteCode: string): PlannedHolder | null => {
    const site = sites.get(siteCode);
    if (!site) return null;
    const key = keyOf(siteCode, 'ST');
    if (key && parseKey(key)?.type === 'office') return { office: true };
    if (text(site, 'st_typelog') === 'NRO') return { office: true };
    return { element: key && parseKey(key) ? key : text(site, 'st_nd_code') };
  };
  for (const [code, bp] of ebps) {
    const logical = text(bp, 'bp_typelog');
    if (text(bp, 'bp_lt_code')) {
      const lt = ltech.get(text(bp, 'bp_lt_code'));
      const holder = lt ? siteHolder(text(lt, 'lt_st_code')) : null;
      if (holder) holderOfBp.set(code, holder);
      continue;
    }
    if (logical === 'PTO' || logical === 'DTI') continue;
    const pt = ptech.get(text(bp, 'bp_pt_code'));
    const node = pt ? nodes.get(text(pt, 'pt_nd_code')) : undefined;
    const comment = parseComment(bp.bp_comment);
    const at = comment.get('at')?.split(',').map(Number);
    const place =
      at && at.length === 2 && at.every(Number.isFinite)
        ? { lng: at[0] ?? 0, lat: at[1] ?? 0 }
        : node?.at;
    if (!place) {
      skip('t_ebp', 'exchange.note.enclosureNoPlace');
      continue;
    }
    const key = keyOf(code, 'BP');
    const parsed = key ? parseKey(key) : null;
    const type: ElementTypeName =
      parsed?.type === 'PboFat' || parsed?.type === 'SpliceClosure'
        ? parsed.type
        : logical === 'PBO'
          ? 'PboFat'
          : 'SpliceClosure';
    const elementKey = parsed ? (key ?? code) : code;
    const attributes = attributesOf(comment);
    const place2 = comment.get('Place');
    if (place2) attributes['Place of Installation'] = place2;
    plan.elements.push({
      key: elementKey,
      type,
      name: text(bp, 'bp_etiquet'),
      at: place,
      attributes,
    });
    holderOfBp.set(code, { element: elementKey });
    if (pt) nodeOfElement.set(elementKey, text(pt, 'pt_nd_code'));
    mapped('t_ebp');
  }

  // Homes of foreign deliveries: t_suf at its node, typed by its address.
  const addresses = new Map(table('t_adresse').map((r) => [text(r, 'ad_code'), r]));
  for (const suf of table('t_suf')) {
    const nodeCode = text(suf, 'sf_nd_code');
    if (homesDone.has(nodeCode)) {
      mapped('t_suf');
      continue;
    }
    const node = nodes.get(nodeCode);
    if (!node) {
      skip('t_suf', 'exchange.note.homeNoNode');
      continue;
    }
    const address = addresses.get(text(suf, 'sf_ad_code'));
    const single = text(address, 'ad_itypeim') === 'P';
    plan.elements.push({
      key: nodeCode,
      type: single ? 'SFU' : 'Building',
      name: text(node.row, 'nd_nom'),
      at: node.at,
      attributes: single ? { Type: 'Single family' } : {},
    });
    mapped('t_suf');
  }

  // Cables: our segments merged back into one cable; a foreign t_cable is a cable.
  const lines = new Map<string, number[][]>();
  table('t_cableline').forEach((row, i) => {
    const g = geometry('t_cableline', i);
    if (g?.type === 'LineString') lines.set(text(row, 'cl_cb_code'), g.coordinates as number[][]);
  });
  const fibresByCable = new Map<string, Row[]>();
  for (const fibre of table('t_fibre')) {
    const list = fibresByCable.get(text(fibre, 'fo_cb_code')) ?? [];
    list.push(fibre);
    fibresByCable.set(text(fibre, 'fo_cb_code'), list);
  }
  const ours = new Map<string, { index: number; row: Row; comment: Map<string, string> }[]>();
  const cableOfSegment = new Map<string, string>();
  for (const cable of table('t_cable')) {
    const code = text(cable, 'cb_code');
    if (text(cable, 'cb_typephy') !== 'C') {
      // Pigtails and jumpers: a splitter's legs and a panel's cords, rebuilt with them.
      note('t_cable', 'exchange.note.pigtail');
      continue;
    }
    const comment = parseComment(cable.cb_comment);
    const own = comment.get('cable');
    if (own && parseKey(own)?.type === 'Cable') {
      const index = Number(comment.get('segment')?.split('/')[0] ?? 1);
      const list = ours.get(own) ?? [];
      list.push({ index, row: cable, comment });
      ours.set(own, list);
      cableOfSegment.set(code, own);
      continue;
    }
    cableOfSegment.set(code, code);
    ours.set(code, [{ index: 1, row: cable, comment }]);
  }
  for (const [key, segments] of ours) {
    segments.sort((x, y) => x.index - y.index);
    const first = segments[0];
    if (!first) continue;
    const points: number[][] = [];
    let missing = false;
    for (const segment of segments) {
      let coordinates = lines.get(text(segment.row, 'cb_code'));
      if (!coordinates) {
        // No line: straight between its nodes (said in the report).
        const a = nodes.get(text(segment.row, 'cb_nd1'))?.at;
        const b = nodes.get(text(segment.row, 'cb_nd2'))?.at;
        if (!a || !b) {
          missing = true;
          break;
        }
        coordinates = [
          [a.lng, a.lat],
          [b.lng, b.lat],
        ];
        skip('t_cableline', 'exchange.note.straightLine');
      }
      const trim = segment.comment.get('trim') ?? '';
      const piece = coordinates.slice(
        trim.includes('a') ? 1 : 0,
        trim.includes('b') ? -1 : undefined,
      );
      for (const p of piece) {
        const last = points[points.length - 1];
        if (
          last &&
          Math.abs((last[0] ?? 0) - (p[0] ?? 0)) < 1e-9 &&
          Math.abs((last[1] ?? 0) - (p[1] ?? 0)) < 1e-9
        )
          continue;
        points.push(p);
      }
    }
    if (missing || points.length < 2) {
      for (const _ of segments) skip('t_cable', 'exchange.note.cableNoLine');
      continue;
    }
    const comment = first.comment;
    const fibreCount = Number(first.row.cb_capafo ?? 0) || 1;
    const fibresPerTube = Number(first.row.cb_modulo ?? 0) || 12;
    const attributes: Record<string, unknown> = {};
    const kind = comment.get('Type') ?? CABLE_TYPE[text(first.row, 'cb_typelog')];
    if (kind) attributes.Type = kind;
    attributes.Capacity = comment.get('Capacity') ?? String(fibreCount);
    const states = new Map<number, 'reserved' | 'faulty'>();
    for (const fibre of fibresByCable.get(text(first.row, 'cb_code')) ?? []) {
      const n = Number(fibre.fo_nincab);
      if (text(fibre, 'fo_etat') === 'HS') states.set(n, 'faulty');
      else if (parseComment(fibre.fo_comment).get('reserved')) states.set(n, 'reserved');
    }
    plan.cables.push({
      key,
      type: 'Cable',
      name: text(first.row, 'cb_etiquet'),
      at: points.map((p) => ({ lng: p[0] ?? 0, lat: p[1] ?? 0 })),
      attributes,
      fibreCount,
      fibresPerTube,
      tubes: Number(comment.get('tubes')) || Math.ceil(fibreCount / fibresPerTube),
      specName: comment.get('spec') ?? null,
      fibres: comment.has('cable') ? comment.get('fibres') === 'rows' : true,
      states,
      segments: segments.map((s) => text(s.row, 'cb_code')),
    });
    for (const _ of segments) mapped('t_cable');
  }

  // Trays (E), splitters (S); passages (P) are nothing of ours.
  const cassettes = new Map(table('t_cassette').map((r) => [text(r, 'cs_code'), r]));
  for (const [code, cs] of cassettes) {
    const holder = holderOfBp.get(text(cs, 'cs_bp_code'));
    const kind = text(cs, 'cs_type');
    if (kind === 'P') {
      note('t_cassette', 'exchange.note.passage');
      continue;
    }
    if (!holder) {
      skip('t_cassette', 'exchange.note.cassetteNoHolder');
      continue;
    }
    const comment = parseComment(cs.cs_comment);
    if (kind === 'E') {
      plan.trays.push({
        code,
        holder,
        capacity: Number(comment.get('capacity') ?? cs.cs_nb_pas ?? 12) || 12,
        number: Number(cs.cs_num ?? 0),
      });
      mapped('t_cassette');
    } else if (kind === 'S') {
      const legs = (fibresByCable.get(code.replace(/CS-S/, 'CB-S')) ?? []).length - 1;
      const ratio = comment.get('ratio') ?? (legs > 0 ? `1:${legs}` : '1:8');
      plan.splitters.push({ code, holder, ratio, name: comment.get('name') ?? null });
      mapped('t_cassette');
    } else skip('t_cassette', 'exchange.note.cassetteKind');
  }
  plan.trays.sort((x, y) => x.number - y.number);

  // Patch panels: a tiroir in a bay of a site.
  const baies = new Map(table('t_baie').map((r) => [text(r, 'ba_code'), r]));
  for (const ti of table('t_tiroir')) {
    const baie = baies.get(text(ti, 'ti_ba_code'));
    const lt = baie ? ltech.get(text(baie, 'ba_lt_code')) : undefined;
    const holder = lt ? siteHolder(text(lt, 'lt_st_code')) : null;
    if (!holder) {
      skip('t_tiroir', 'exchange.note.panelNoSite');
      continue;
    }
    const comment = parseComment(ti.ti_comment);
    const numbers = table('t_position')
      .filter((p) => text(p, 'ps_ti_code') === text(ti, 'ti_code'))
      .map((p) => Number(p.ps_numero) || 0);
    plan.panels.push({
      code: text(ti, 'ti_code'),
      holder,
      kind: comment.get('kind') === 'olt' ? 'olt' : 'patch',
      panel: comment.get('panel') ?? (text(ti, 'ti_etiquet') || text(ti, 'ti_code')),
      ports: Number(comment.get('ports')) || Math.max(0, ...numbers),
    });
    mapped('t_tiroir');
  }

  // Joints: ours from the comment's terminals; a foreign splice between two cable ends.
  const fibreOf = new Map(table('t_fibre').map((r) => [text(r, 'fo_code'), r]));
  const cableRows = new Map(table('t_cable').map((r) => [text(r, 'cb_code'), r]));
  const cablesByOldId = new Map(plan.cables.map((c) => [c.key, c]));
  const parseTerminal = (value: string, position: Row): PlannedTerminal | null => {
    const [head = '', ...rest] = value.split('/');
    const id = head.slice(1);
    if (head.startsWith('F')) {
      const [number, end, along, faces] = rest;
      if (end !== 'a' && end !== 'b' && end !== 'm') return null;
      return {
        fibre: {
          cable: `CBL${id}`,
          number: Number(number),
          end,
          ...(end === 'm' ? { along: Number(along), faces: faces === 'a' ? 'a' : 'b' } : {}),
        },
      };
    }
    if (head.startsWith('S')) return { splitter: `${prefix}CS-S${id}`, leg: Number(rest[0]) };
    if (head.startsWith('P'))
      return {
        port: {
          tiroir: text(position, 'ps_ti_code'),
          number: Number(position.ps_numero),
          kind: rest[0] ?? '',
        },
      };
    return null;
  };
  const foreignTerminal = (
    fibreCode: string,
    holderNode: string | null,
  ): PlannedTerminal | null => {
    const fibre = fibreOf.get(fibreCode);
    if (!fibre) return null;
    const segment = text(fibre, 'fo_cb_code');
    const cable = cableOfSegment.get(segment);
    if (!cable) return null;
    const row = cableRows.get(segment);
    const end = holderNode && text(row, 'cb_nd2') === holderNode ? 'b' : 'a';
    return { fibre: { cable, number: Number(fibre.fo_nincab), end } };
  };
  const nodeOfHolder = (holder: PlannedHolder | undefined) => {
    if (!holder || 'office' in holder) return null;
    // Foreign sites and supports are keyed by their node's code already.
    return nodeOfElement.get(holder.element) ?? holder.element;
  };
  const own = [...ours.values()].some((segments) => segments[0]?.comment.has('cable'));
  for (const ps of table('t_position')) {
    const fonct = text(ps, 'ps_fonct');
    if (fonct === 'PA' && own) {
      // A passage: the fibre runs on through the node (our cable is whole again).
      note('t_position', 'exchange.note.passage');
      continue;
    }
    if (fonct !== 'EP' && fonct !== 'CO' && fonct !== 'PA') {
      skip('t_position', 'exchange.note.positionKind');
      continue;
    }
    const cassette = cassettes.get(text(ps, 'ps_cs_code'));
    const tiroir = text(ps, 'ps_ti_code');
    const panel = plan.panels.find((p) => p.code === tiroir);
    const holder = cassette ? holderOfBp.get(text(cassette, 'cs_bp_code')) : panel?.holder;
    if (!holder) {
      skip('t_position', 'exchange.note.positionNoHolder');
      continue;
    }
    const comment = parseComment(ps.ps_comment);
    let a: PlannedTerminal | null;
    let b: PlannedTerminal | null;
    if (comment.has('a') && comment.has('b')) {
      a = parseTerminal(comment.get('a') ?? '', ps);
      b = parseTerminal(comment.get('b') ?? '', ps);
      for (const side of [a, b])
        if (side && 'fibre' in side && !cablesByOldId.has(side.fibre.cable)) a = b = null;
    } else {
      const node = nodeOfHolder(holder);
      a = foreignTerminal(text(ps, 'ps_1'), node);
      b = foreignTerminal(text(ps, 'ps_2'), node);
    }
    if (!a || !b) {
      skip('t_position', 'exchange.note.positionUnresolved');
      continue;
    }
    // A foreign passage joins its two segments' fibres: a splice that loses nothing.
    const loss = fonct === 'PA' ? '0' : comment.get('loss');
    plan.joints.push({
      kind: comment.get('kind') === 'connector' || fonct === 'CO' ? 'connector' : 'splice',
      holder,
      tray: cassette && text(cassette, 'cs_type') === 'E' ? text(cassette, 'cs_code') : null,
      a,
      b,
      lossDb: loss !== undefined && loss !== '' ? Number(loss) : null,
    });
    mapped('t_position');
  }

  // Loops of foreign deliveries (ours came with their nodes).
  for (const love of table('t_love')) {
    const nodeCode = text(love, 'lv_nd_code');
    if (ownNode(nodeCode)) {
      mapped('t_love');
      continue;
    }
    const node = nodes.get(nodeCode);
    if (!node) {
      skip('t_love', 'exchange.note.loopNoNode');
      continue;
    }
    plan.elements.push({
      key: nodeCode,
      type: 'Loop',
      name: text(node.row, 'nd_nom'),
      at: node.at,
      attributes: love.lv_long !== null ? { Length: Number(love.lv_long) } : {},
    });
    mapped('t_love');
  }

  // Zones: NRO and PMZ, their outer ring.
  for (const [name, type] of [
    ['t_znro', 'NRO'],
    ['t_zsro', 'PMZ'],
  ] as const) {
    table(name).forEach((row, i) => {
      const g = geometry(name, i);
      const ring =
        g?.type === 'MultiPolygon'
          ? (g.coordinates as number[][][][])[0]?.[0]
          : g?.type === 'Polygon'
            ? (g.coordinates as number[][][])[0]
            : undefined;
      if (!ring || ring.length < 4) {
        skip(name, 'exchange.note.zoneNoGeometry');
        return;
      }
      const code = text(row, name === 't_znro' ? 'zn_code' : 'zs_code');
      const comment = parseComment(row[name === 't_znro' ? 'zn_comment' : 'zs_comment']);
      plan.elements.push({
        key: code,
        type: 'Zone',
        name: comment.get('name') ?? code,
        at: ring.map((p) => ({ lng: p[0] ?? 0, lat: p[1] ?? 0 })),
        attributes: { Type: type },
      });
      mapped(name);
    });
  }
  // Rows read as parts of others' (addresses of homes, lines and fibres of cables, supports).
  for (const name of rows.tables.keys()) {
    const entry = line(name);
    const rest = entry.read - entry.mapped - entry.skipped;
    if (rest > 0) {
      entry.mapped += rest;
      entry.notes.set('exchange.note.partOf', rest);
    }
  }
  return plan;
}
