import { ATTACH_DISTANCE_M } from '@integration/contracts';
import type { MessageKey, MessageVars } from '../../../i18n/translate.ts';
import { codes, elementKey, officeKey } from './gracethd-codes.ts';
import type {
  CableRow,
  FibreRow,
  HolderKey,
  JointRow,
  OfficeRow,
  PointRow,
  PortRow,
  SplitterRow,
  TerminalSide,
  TrayRow,
  ZoneRow,
  AccessRow,
  LoopRow,
} from './gracethd-network.repository.ts';
import { LOOP_CABLE_M } from './gracethd-network.repository.ts';
import {
  distanceM,
  holderOfEnd,
  nearestWithin,
  planSegments,
  segmentOf,
  type CablePlan,
  type Segment,
} from './gracethd-segments.ts';
import { turns } from './turns.ts';
import { pointWkb } from './wkb.ts';

export type Value = string | number | null;
export type Row = Record<string, Value>;

/** A problem found while building, before it is localised. */
export interface Found {
  code: string;
  severity: 'error' | 'warning';
  key: MessageKey;
  vars: MessageVars;
  elementIds: number[];
  clusterId: number | null;
  table?: string;
  column?: string;
  value?: string;
}

export interface NetworkRows {
  points: PointRow[];
  offices: OfficeRow[];
  zones: ZoneRow[];
  cables: CableRow[];
  fibres: FibreRow[];
  joints: JointRow[];
  trays: TrayRow[];
  splitters: SplitterRow[];
  ports: PortRow[];
  accesses: AccessRow[];
  loops: LoopRow[];
  /** Cluster phases (In-Progress, Completed) by id; Cancelled ones are already left out. */
  phases: Map<number, string>;
  /** Each cluster's central office. */
  officeOfCluster: Map<number, number>;
}

export interface BuildOptions {
  prefix: string;
  /** The delivery's status for every row; by default each row's cluster phase decides. */
  statut?: string;
  /** Fibre colour code of the project ('TIA-598-C' or 'GraceTHD'). */
  colourScheme: string;
}

/** Segments' lines, asked of the database once every cable is planned. */
export interface SegmentLine {
  code: string;
  cable: number;
  f0: number;
  f1: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** TIA-598-C's colours by position, mapped to GraceTHD's l_fo_color codes by colour. */
const TIA_COLOURS = [
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
];
const GRACETHD_BY_COLOUR: Record<string, number> = {
  red: 1,
  blue: 2,
  green: 3,
  yellow: 4,
  violet: 5,
  white: 6,
  orange: 7,
  slate: 8,
  brown: 9,
  black: 10,
  aqua: 11,
  rose: 12,
};

/** The l_fo_color code of a fibre at position p (1-based) in its tube. */
export function fibreColour(position: number, scheme: string): string {
  const ring = ((position - 1) % 12) + 1;
  if (scheme === 'GraceTHD') return String(ring);
  return String(GRACETHD_BY_COLOUR[TIA_COLOURS[ring - 1] ?? 'blue'] ?? ring);
}

const ENCLOSURES = new Set(['PboFat', 'SpliceClosure']);
const SUPPORTS = new Set(['Pole', 'Manhole']);
const HOMES = new Set(['SFU', 'Building']);

/** Smallest B-type of l_bp_type_phy holding n fibres (B012 … B720). */
const BP_SIZES = [6, 12, 24, 36, 48, 72, 96, 144, 288, 432, 576, 720];
const bpType = (capacity: string | null) => {
  const n = Number(capacity);
  if (!Number.isFinite(n) || n <= 0) return null;
  const size = BP_SIZES.find((s) => s >= n);
  return size ? `B${String(size).padStart(3, '0')}` : null;
};

/** Our placement words → l_implantation_type (0 aerial, 7 underground, 2 facade). */
const IMPLANTATION: Record<string, string> = {
  aerial: '0',
  underground: '7',
  facade: '2',
  Aerial: '0',
  Underground: '7',
  Facade: '2',
};

const CABLE_TYPELOG: Record<string, string> = { Feeder: 'TR', Distribution: 'DI', Drop: 'RA' };
const POLE_NATURE: Record<string, string> = { Wood: 'PBOI', Concrete: 'PBET', Steel: 'PMET' };

/** `Name=value` pairs of our attributes that have no column, read back by our own import. */
const comment = (pairs: Record<string, Value | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' | ') || null;

/** A terminal written into a position's comment: enough to rebuild the very same joint. */
function terminalText(side: TerminalSide): string {
  if (side.cableId !== null)
    return `F${side.cableId}/${side.number}/${side.end}${side.end === 'm' ? `/${side.along}/${side.faces}` : ''}`;
  if (side.splitterId !== null) return `S${side.splitterId}/${side.leg}`;
  return `P${side.portId}/${side.kind}`;
}

/**
 * Builds the delivery's rows from our network: one Map entry per GraceTHD table, each row keyed
 * by the model's column names (geometry in `geom` as hex WKB in EPSG:4326). Problems found on the
 * way (loose cable ends, zones) are returned with the rows.
 */
export async function buildTables(network: NetworkRows, options: BuildOptions) {
  const turn = turns();
  const c = codes(options.prefix);
  const tables = new Map<string, Row[]>();
  const found: Found[] = [];
  const add = (table: string, row: Row) => {
    let rows = tables.get(table);
    if (!rows) tables.set(table, (rows = []));
    rows.push(row);
  };
  const statutOf = (clusterId: number | null) =>
    options.statut ??
    (clusterId !== null && network.phases.get(clusterId) === 'Completed' ? 'REC' : 'PRO');
  const avctOf = (clusterId: number | null) =>
    clusterId !== null && network.phases.get(clusterId) === 'Completed' ? 'E' : 'C';

  const points = new Map(network.points.map((p) => [p.id, p]));
  const offices = new Map(network.offices.map((o) => [o.id, o]));
  const typeOf = (id: number) => points.get(id)?.type;
  const keyOfHolder = (holder: HolderKey) => {
    const id = Number(holder.slice(1));
    return holder.startsWith('O') ? officeKey(id) : elementKey(typeOf(id) ?? '', id);
  };
  const placeOf = (holder: HolderKey) => {
    const id = Number(holder.slice(1));
    const place = holder.startsWith('O') ? offices.get(id) : points.get(id);
    return place && place.lng !== null && place.lat !== null
      ? { lng: place.lng, lat: place.lat }
      : null;
  };
  const clusterOfHolder = (holder: HolderKey) =>
    holder.startsWith('E') ? (points.get(Number(holder.slice(1)))?.clusterId ?? null) : null;

  // Enclosures standing on a support (within 1 m) are placed through its node.
  const supportOf = new Map<number, PointRow>();
  const supports = network.points.filter((p) => SUPPORTS.has(p.type));
  for (const enclosure of network.points.filter((p) => ENCLOSURES.has(p.type))) {
    let best: { support: PointRow; metres: number } | null = null;
    for (const support of supports) {
      if (Math.abs(support.lat - enclosure.lat) > 2e-5) continue;
      const metres = distanceM(enclosure.lng, enclosure.lat, support.lng, support.lat);
      if (metres <= ATTACH_DISTANCE_M && (!best || metres < best.metres))
        best = { support, metres };
    }
    if (best) supportOf.set(enclosure.id, best.support);
  }
  const nodeOfHolder = (holder: HolderKey) => {
    const id = Number(holder.slice(1));
    if (holder.startsWith('O')) return c.code('ND', officeKey(id));
    const support = supportOf.get(id);
    return support
      ? c.code('ND', elementKey(support.type, support.id))
      : c.code('ND', keyOfHolder(holder));
  };
  const ptOfElement = (point: PointRow) => {
    const support = supportOf.get(point.id);
    return support
      ? c.code('PT', elementKey(support.type, support.id))
      : c.code('PT', elementKey(point.type, point.id));
  };

  // Nodes: every point element not standing on a support, and every placed office.
  for (const p of network.points) {
    if (supportOf.has(p.id)) continue;
    const key = elementKey(p.type, p.id);
    add('t_noeud', {
      nd_code: c.code('ND', key),
      nd_nom: p.name,
      nd_type: HOMES.has(p.type) ? 'SF' : p.type === 'FDTSRO' ? 'ST' : 'PT',
      nd_type_ep: 'OPT',
      // Our attributes without a column, read back by our own import.
      nd_comment: comment({
        Type: p.kind,
        Capacity: p.capacity,
        Owner: p.owner,
        Height: p.height,
        Floors: p.floors,
        Length: p.length,
      }),
      nd_creadat: p.createdAt,
      nd_majdate: p.updatedAt,
      nd_majsrc: 'Integration',
      geom: pointWkb(p.lng, p.lat),
    });
  }
  for (const o of network.offices) {
    if (o.lng === null || o.lat === null) continue;
    add('t_noeud', {
      nd_code: c.code('ND', officeKey(o.id)),
      nd_nom: o.name,
      nd_type: 'ST',
      nd_type_ep: 'OPT',
      nd_creadat: o.createdAt,
      nd_majdate: o.updatedAt,
      nd_majsrc: 'Integration',
      geom: pointWkb(o.lng, o.lat),
    });
  }

  // Supports: poles and manholes, and the own support of an enclosure standing on none.
  for (const p of network.points) {
    const isSupport = SUPPORTS.has(p.type);
    if (!isSupport && !(ENCLOSURES.has(p.type) && !supportOf.has(p.id))) continue;
    const key = elementKey(p.type, p.id);
    const place = p.place ?? '';
    const typephy =
      p.type === 'Pole'
        ? 'A'
        : p.type === 'Manhole'
          ? 'C'
          : p.type === 'PboFat'
            ? p.kind === 'Aerial'
              ? 'A'
              : p.kind === 'Facade'
                ? 'F'
                : 'C'
            : place.includes('Pole')
              ? 'A'
              : place.includes('Manhole')
                ? 'C'
                : 'Z';
    add('t_ptech', {
      pt_code: c.code('PT', key),
      pt_etiquet: p.name,
      pt_nd_code: c.code('ND', key),
      pt_statut: statutOf(p.clusterId),
      pt_avct: avctOf(p.clusterId),
      pt_typephy: typephy,
      pt_typelog: p.type === 'PboFat' ? 'R' : 'T',
      pt_nature:
        p.type === 'Pole'
          ? (POLE_NATURE[p.kind ?? ''] ?? 'PIND')
          : p.type === 'Manhole' && p.kind === 'Handhole'
            ? 'REG'
            : null,
      pt_a_haut: p.type === 'Pole' && p.height !== null ? Number(p.height) || null : null,
      pt_comment: comment({ Type: p.kind, Owner: p.owner, own: isSupport ? null : 'enclosure' }),
      pt_creadat: p.createdAt,
      pt_majdate: p.updatedAt,
      pt_majsrc: 'Integration',
    });
  }

  // Sites: the offices with a place, and the FDT-SROs; a local in each.
  const sites = new Map<HolderKey, { key: string; clusterId: number | null }>();
  for (const o of network.offices) {
    if (o.lng === null) continue;
    sites.set(`O${o.id}`, { key: officeKey(o.id), clusterId: null });
    add('t_sitetech', {
      st_code: c.code('ST', officeKey(o.id)),
      st_nd_code: c.code('ND', officeKey(o.id)),
      st_nom: o.name,
      st_statut: statutOf(null),
      st_avct: avctOf(null),
      st_typephy: 'BAT',
      st_typelog: 'NRO',
      st_creadat: o.createdAt,
      st_majdate: o.updatedAt,
      st_majsrc: 'Integration',
    });
  }
  for (const p of network.points.filter((x) => x.type === 'FDTSRO')) {
    const key = elementKey(p.type, p.id);
    sites.set(`E${p.id}`, { key, clusterId: p.clusterId });
    add('t_sitetech', {
      st_code: c.code('ST', key),
      st_nd_code: c.code('ND', key),
      st_nom: p.name,
      st_statut: statutOf(p.clusterId),
      st_avct: avctOf(p.clusterId),
      st_typephy: p.kind === 'Indoor' ? 'BAT' : 'ADR',
      st_typelog: 'SRO',
      st_comment: comment({ Capacity: p.capacity, Type: p.kind }),
      st_creadat: p.createdAt,
      st_majdate: p.updatedAt,
      st_majsrc: 'Integration',
    });
  }
  for (const [, site] of sites) {
    add('t_ltech', {
      lt_code: c.code('LT', site.key),
      lt_etiquet: site.key,
      lt_st_code: c.code('ST', site.key),
      lt_statut: statutOf(site.clusterId),
      lt_etat:
        site.clusterId !== null && network.phases.get(site.clusterId) === 'Completed' ? 'OK' : 'NC',
      lt_majsrc: 'Integration',
    });
  }

  // Enclosures (t_ebp): PBO-FATs, closures, and a BPE in each site holding trays or splitters.
  const bpOfHolder = new Map<HolderKey, string>();
  for (const p of network.points.filter((x) => ENCLOSURES.has(x.type))) {
    const key = elementKey(p.type, p.id);
    const code = c.code('BP', key);
    bpOfHolder.set(`E${p.id}`, code);
    const trays = network.trays.filter((t) => t.holder === `E${p.id}`).length;
    const splitters = network.splitters.filter((s) => s.holder === `E${p.id}`).length;
    add('t_ebp', {
      bp_code: code,
      bp_etiquet: p.name,
      bp_pt_code: ptOfElement(p),
      bp_statut: statutOf(p.clusterId),
      bp_avct: avctOf(p.clusterId),
      bp_typephy: bpType(p.capacity),
      bp_typelog: p.type === 'PboFat' ? 'PBO' : 'BPE',
      bp_ca_nb: trays + splitters || null,
      bp_comment: comment({
        Capacity: p.capacity,
        Type: p.kind,
        Place: p.place,
        // Standing on a support, it is placed through the support's node: its own place kept.
        at: supportOf.has(p.id) ? `${p.lng},${p.lat}` : null,
      }),
      bp_creadat: p.createdAt,
      bp_majdate: p.updatedAt,
      bp_majsrc: 'Integration',
    });
  }
  const siteEquipment = new Set(
    [...network.trays, ...network.splitters].map((x) => x.holder).filter((h) => sites.has(h)),
  );
  for (const holder of network.accesses.map((a) => a.holder))
    if (sites.has(holder)) siteEquipment.add(holder);
  for (const holder of siteEquipment) {
    const site = sites.get(holder);
    if (!site) continue;
    const code = c.code('BP', site.key);
    bpOfHolder.set(holder, code);
    add('t_ebp', {
      bp_code: code,
      bp_etiquet: site.key,
      bp_lt_code: c.code('LT', site.key),
      bp_statut: statutOf(site.clusterId),
      bp_typelog: 'BPE',
      bp_majsrc: 'Integration',
    });
  }

  // Cassettes: trays (E), splitters (S); passages (P) are added with the positions.
  for (const t of network.trays) {
    add('t_cassette', {
      cs_code: c.code('CS', `T${t.id}`),
      cs_bp_code: bpOfHolder.get(t.holder) ?? null,
      cs_num: t.number,
      cs_type: 'E',
      cs_nb_pas: t.capacity,
      cs_comment: comment({ capacity: t.capacity }),
      cs_majsrc: 'Integration',
    });
  }
  for (const s of network.splitters) {
    add('t_cassette', {
      cs_code: c.code('CS', `S${s.id}`),
      cs_bp_code: bpOfHolder.get(s.holder) ?? null,
      cs_type: 'S',
      cs_comment: comment({ ratio: s.ratio, name: s.name }),
      cs_majsrc: 'Integration',
    });
  }

  // Patch panels: a bay per site with ports, a tiroir per panel.
  const tiroirOf = new Map<string, string>();
  for (const port of network.ports) {
    const panelKey = `${port.holder}|${port.panel}`;
    if (tiroirOf.has(panelKey)) continue;
    const site = sites.get(port.holder);
    const siteKey = site?.key ?? keyOfHolder(port.holder);
    const baie = c.code('BA', siteKey);
    if (![...tiroirOf.values()].some((t) => t.startsWith(`${baie}|`))) {
      add('t_baie', {
        ba_code: baie,
        ba_etiquet: siteKey,
        ba_lt_code: c.code('LT', siteKey),
        ba_statut: statutOf(site?.clusterId ?? null),
        ba_type: 'BAIE',
        ba_majsrc: 'Integration',
      });
    }
    const code = c.code('TI', `P${port.id}`);
    tiroirOf.set(panelKey, `${baie}|${code}`);
    add('t_tiroir', {
      ti_code: code,
      ti_etiquet: port.panel,
      ti_ba_code: baie,
      ti_type: 'TIROIR',
      ti_comment: comment({
        kind: port.kind,
        panel: port.panel,
        ports: network.ports.filter((p) => p.holder === port.holder && p.panel === port.panel)
          .length,
      }),
      ti_majsrc: 'Integration',
    });
  }
  const tiroirOfPort = (portId: number | null) => {
    const port = network.ports.find((p) => p.id === portId);
    return port ? (tiroirOf.get(`${port.holder}|${port.panel}`)?.split('|')[1] ?? null) : null;
  };

  // Cables: each cut into segments at the holders joining its fibres.
  const jointsOfCable = new Map<number, JointRow[]>();
  for (const j of network.joints) {
    for (const side of [j.a, j.b]) {
      if (side.cableId === null) continue;
      const list = jointsOfCable.get(side.cableId) ?? [];
      if (list[list.length - 1] !== j) list.push(j);
      jointsOfCable.set(side.cableId, list);
    }
  }
  const accessesOf = new Map<number, AccessRow[]>();
  for (const a of network.accesses) {
    const list = accessesOf.get(a.cableId) ?? [];
    list.push(a);
    accessesOf.set(a.cableId, list);
  }
  const fibresOf = new Map<number, Map<number, FibreRow>>();
  for (const f of network.fibres) {
    const map = fibresOf.get(f.cableId) ?? new Map<number, FibreRow>();
    map.set(f.number, f);
    fibresOf.set(f.cableId, map);
  }
  const plans = new Map<number, CablePlan>();
  const lines: SegmentLine[] = [];
  const segmentCode = (plan: CablePlan, segment: Segment) => {
    const key = elementKey('Cable', plan.cable.id);
    return segment.index === 0 ? key : `${key}-S${keyOfHolder(segment.from)}`;
  };
  // What lies within 1 m of a cable's end: a home, enclosure or cabinet, then a support or
  // loop, then a central office's place.
  const endOn = nearestWithin(
    [
      ...network.points.map((p) => ({
        holder: `E${p.id}`,
        lng: p.lng,
        lat: p.lat,
        rank: SUPPORTS.has(p.type) || p.type === 'Loop' ? 1 : 0,
      })),
      ...network.offices.flatMap((o) =>
        o.lng === null || o.lat === null
          ? []
          : [{ holder: `O${o.id}`, lng: o.lng, lat: o.lat, rank: 2 }],
      ),
    ],
    ATTACH_DISTANCE_M,
  );
  for (const cable of network.cables) {
    const joints = jointsOfCable.get(cable.id) ?? [];
    const ends = (['a', 'b'] as const).map((end) => {
      const joined = holderOfEnd(cable, end, joints, placeOf);
      const geometric =
        end === 'a' ? endOn(cable.startLng, cable.startLat) : endOn(cable.endLng, cable.endLat);
      if (joined && (joined.metres <= LOOP_CABLE_M || !geometric)) return joined;
      if (geometric) return { holder: geometric, metres: 0 };
      return null;
    });
    const [start, end] = ends;
    if (!start || !end) {
      for (const [i, e] of ends.entries()) {
        if (e) continue;
        const which = i === 0 ? 'a' : 'b';
        found.push({
          code: 'cableEnd',
          severity: 'error',
          key: 'exchange.check.cableLoose',
          vars: { name: cable.name, end: `@exchange.end.${which}` },
          elementIds: [cable.id],
          clusterId: cable.clusterId,
          table: 't_cable',
          column: which === 'a' ? 'cb_nd1' : 'cb_nd2',
        });
      }
      continue;
    }
    for (const [i, e] of [start, end].entries()) {
      if (e.metres > ATTACH_DISTANCE_M)
        found.push({
          code: 'cableEnd',
          severity: 'warning',
          key: 'exchange.check.cableEndMoved',
          vars: {
            name: cable.name,
            end: `@exchange.end.${i === 0 ? 'a' : 'b'}`,
            metres: e.metres.toFixed(1),
            node: nodeOfHolder(e.holder),
          },
          elementIds: [cable.id],
          clusterId: cable.clusterId,
          table: 't_cable',
        });
    }
    const plan = planSegments(cable, start.holder, end.holder, accessesOf.get(cable.id) ?? []);
    plans.set(cable.id, plan);
    const statut = statutOf(cable.clusterId);
    const placement = cable.placement ?? null;
    const typelog = CABLE_TYPELOG[cable.kind ?? ''] ?? null;
    const fibres = fibresOf.get(cable.id);
    const used = fibres ? [...fibres.values()].filter((f) => f.status !== 'free').length : 0;
    const tubes = Math.ceil(cable.fibreCount / cable.fibresPerTube);
    for (const segment of plan.segments) {
      const key = segmentCode(plan, segment);
      const from = placeOf(segment.from);
      const to = placeOf(segment.to);
      lines.push({
        code: key,
        cable: cable.id,
        f0: segment.f0,
        f1: segment.f1,
        x0: from?.lng ?? cable.startLng,
        y0: from?.lat ?? cable.startLat,
        x1: to?.lng ?? cable.endLng,
        y1: to?.lat ?? cable.endLat,
      });
      add('t_cable', {
        cb_code: c.code('CB', key),
        cb_etiquet: cable.name,
        cb_nd1: nodeOfHolder(segment.from),
        cb_nd2: nodeOfHolder(segment.to),
        cb_statut: statut,
        cb_avct: avctOf(cable.clusterId),
        cb_tech: 'OPT',
        cb_typephy: 'C',
        cb_typelog: typelog,
        cb_capafo: cable.fibreCount,
        cb_fo_util: used,
        cb_fo_disp: cable.fibreCount - used,
        cb_modulo: cable.fibresPerTube,
        cb_lgreel: null,
        cb_comment: comment({
          cable: elementKey('Cable', cable.id),
          segment: `${segment.index + 1}/${plan.segments.length}`,
          from: segment.f0.toFixed(9),
          to: segment.f1.toFixed(9),
          Type: cable.kind,
          Capacity: cable.capacity,
          spec: cable.specName,
          tubes,
          fibres: fibres ? 'rows' : null,
        }),
        cb_creadat: cable.createdAt,
        cb_majdate: cable.updatedAt,
        cb_majsrc: 'Integration',
      });
      add('t_cableline', {
        cl_code: c.code('CL', key),
        cl_cb_code: c.code('CB', key),
        cl_long: null,
        cl_creadat: cable.createdAt,
        cl_majdate: cable.updatedAt,
        cl_majsrc: 'Integration',
        geom: null,
      });
      add('t_cheminement', {
        cm_code: c.code('CM', key),
        cm_ndcode1: nodeOfHolder(segment.from),
        cm_ndcode2: nodeOfHolder(segment.to),
        cm_statut: statut,
        cm_avct: avctOf(cable.clusterId),
        cm_typelog: typelog,
        cm_typ_imp: placement ? (IMPLANTATION[placement] ?? null) : null,
        cm_nature: 'TEL',
        cm_long: null,
        cm_creadat: cable.createdAt,
        cm_majdate: cable.updatedAt,
        cm_majsrc: 'Integration',
        geom: null,
      });
      for (let n = 1; n <= cable.fibreCount; n++) {
        await turn();
        const fibre = fibres?.get(n);
        const tube = fibre?.tube ?? Math.floor((n - 1) / cable.fibresPerTube) + 1;
        const position = fibre?.position ?? ((n - 1) % cable.fibresPerTube) + 1;
        add('t_fibre', {
          fo_code: c.fibre(key, n),
          fo_cb_code: c.code('CB', key),
          fo_nincab: n,
          fo_numtub: tube,
          fo_nintub: position,
          fo_etat: fibre?.status === 'faulty' ? 'HS' : null,
          fo_color: fibreColour(position, options.colourScheme),
          fo_reper: tube <= 24 ? `1.${tube}` : null,
          fo_comment: fibre?.status === 'reserved' ? 'reserved=1' : null,
          fo_majsrc: 'Integration',
        });
      }
    }
  }

  // Positions: one per joint, each side the segment fibre (or splitter leg, or port) it joins.
  const pigtails = new Set<number>();
  const fibreCodeOf = (side: TerminalSide, holder: HolderKey): string | null => {
    if (side.cableId !== null && side.number !== null) {
      const plan = plans.get(side.cableId);
      const segment = plan ? segmentOf(plan, side, holder) : null;
      return plan && segment ? c.fibre(segmentCode(plan, segment), side.number) : null;
    }
    if (side.splitterId !== null && side.leg !== null) {
      pigtails.add(side.splitterId);
      return c.fibre(`S${side.splitterId}`, side.leg);
    }
    return null;
  };
  const joinedAt = new Map<string, Set<number>>();
  for (const j of network.joints) {
    await turn();
    const ps1 = fibreCodeOf(j.a, j.holder);
    const ps2 = fibreCodeOf(j.b, j.holder);
    for (const side of [j.a, j.b]) {
      if (side.cableId === null || side.number === null) continue;
      const at = `${side.cableId}|${j.holder}`;
      const set = joinedAt.get(at) ?? new Set<number>();
      set.add(side.number);
      joinedAt.set(at, set);
    }
    const portSide = j.a.portId !== null ? j.a : j.b.portId !== null ? j.b : null;
    if (ps1 === null && ps2 === null) {
      found.push({
        code: 'jumper',
        severity: 'warning',
        key: 'exchange.check.jumper',
        vars: { place: keyOfHolder(j.holder) },
        elementIds: j.holder.startsWith('E') ? [Number(j.holder.slice(1))] : [],
        clusterId: clusterOfHolder(j.holder),
        table: 't_position',
      });
      continue;
    }
    const splitter = [j.a, j.b].find((s) => s.splitterId !== null)?.splitterId ?? null;
    const port = portSide ? network.ports.find((p) => p.id === portSide.portId) : undefined;
    add('t_position', {
      ps_code: c.code('PS', `J${j.id}`),
      ps_numero: port?.number ?? null,
      ps_1: ps1,
      ps_2: ps2,
      ps_cs_code:
        j.trayId !== null
          ? c.code('CS', `T${j.trayId}`)
          : splitter !== null
            ? c.code('CS', `S${splitter}`)
            : null,
      ps_ti_code: portSide ? tiroirOfPort(portSide.portId) : null,
      ps_type: j.kind === 'splice' ? 'SFU' : null,
      ps_fonct: j.kind === 'splice' ? 'EP' : 'CO',
      ps_comment: comment({
        joint: j.id,
        kind: j.kind,
        a: terminalText(j.a),
        b: terminalText(j.b),
        loss: j.measuredLossDb,
      }),
      ps_creadat: j.createdAt,
      ps_majsrc: 'Integration',
    });
  }
  // Splitters' pigtails: an intrasite cable per splitter, its input leg 0 and outputs 1…n.
  for (const s of network.splitters) {
    if (!pigtails.has(s.id)) continue;
    const legs = Number(s.ratio.split(':')[1] ?? 0);
    const node = nodeOfHolder(s.holder);
    add('t_cable', {
      cb_code: c.code('CB', `S${s.id}`),
      cb_etiquet: s.name,
      cb_nd1: node,
      cb_nd2: node,
      cb_statut: statutOf(clusterOfHolder(s.holder)),
      cb_tech: 'OPT',
      cb_typephy: 'B',
      cb_capafo: legs + 1,
      cb_comment: comment({ splitter: s.id, ratio: s.ratio }),
      cb_majsrc: 'Integration',
    });
    for (let leg = 0; leg <= legs; leg++) {
      add('t_fibre', {
        fo_code: c.fibre(`S${s.id}`, leg),
        fo_cb_code: c.code('CB', `S${s.id}`),
        fo_nincab: leg + 1,
        fo_comment: leg === 0 ? 'leg=in' : `leg=${leg}`,
        fo_majsrc: 'Integration',
      });
    }
  }
  // Passages: at each inner boundary, every fibre not joined there runs on (PA), in the holder's
  // passage cassette.
  const passageCassettes = new Set<HolderKey>();
  for (const plan of plans.values()) {
    for (let i = 1; i < plan.segments.length; i++) {
      const before = plan.segments[i - 1];
      const after = plan.segments[i];
      if (!before || !after) continue;
      const holder = after.from;
      const joined = joinedAt.get(`${plan.cable.id}|${holder}`) ?? new Set<number>();
      const cassette = c.code('CS', `P${keyOfHolder(holder)}`);
      passageCassettes.add(holder);
      for (let n = 1; n <= plan.cable.fibreCount; n++) {
        await turn();
        if (joined.has(n)) continue;
        add('t_position', {
          ps_code: c.code('PS', `${segmentCode(plan, after)}-${String(n).padStart(3, '0')}`),
          ps_1: c.fibre(segmentCode(plan, before), n),
          ps_2: c.fibre(segmentCode(plan, after), n),
          ps_cs_code: cassette,
          ps_fonct: 'PA',
          ps_majsrc: 'Integration',
        });
      }
    }
  }
  for (const holder of passageCassettes) {
    if (!bpOfHolder.has(holder)) continue;
    add('t_cassette', {
      cs_code: c.code('CS', `P${keyOfHolder(holder)}`),
      cs_bp_code: bpOfHolder.get(holder) ?? null,
      cs_type: 'P',
      cs_majsrc: 'Integration',
    });
  }

  // Homes: a node (above), an address at the same point, a t_suf; a PTO where a drop ends.
  const dropEnds = new Set<HolderKey>();
  for (const plan of plans.values()) if (plan.cable.kind === 'Drop') dropEnds.add(plan.end);
  for (const p of network.points.filter((x) => HOMES.has(x.type))) {
    const key = elementKey(p.type, p.id);
    add('t_adresse', {
      ad_code: c.code('AD', key),
      ad_nblhab: p.type === 'SFU' ? Number(p.capacity) || 1 : null,
      ad_itypeim: p.type === 'SFU' && p.kind === 'Single family' ? 'P' : 'I',
      ad_ietat: network.phases.get(p.clusterId) === 'Completed' ? 'DE' : 'EC',
      ad_comment: comment({ Floors: p.floors, Type: p.kind }),
      ad_creadat: p.createdAt,
      ad_majdate: p.updatedAt,
      ad_majsrc: 'Integration',
      geom: pointWkb(p.lng, p.lat),
    });
    add('t_suf', {
      sf_code: c.code('SF', key),
      sf_nd_code: c.code('ND', key),
      sf_ad_code: c.code('AD', key),
      sf_type: p.type === 'Building' && p.kind === 'Commercial' ? 'P' : 'R',
      sf_racco: dropEnds.has(`E${p.id}`) ? 'RA' : null,
      sf_comment: comment({ Type: p.kind, Capacity: p.capacity }),
      sf_creadat: p.createdAt,
      sf_majdate: p.updatedAt,
      sf_majsrc: 'Integration',
    });
    if (dropEnds.has(`E${p.id}`)) {
      add('t_ebp', {
        bp_code: c.code('BP', key),
        bp_etiquet: p.name,
        bp_sf_code: c.code('SF', key),
        bp_statut: statutOf(p.clusterId),
        bp_typephy: 'DTI1',
        bp_typelog: 'PTO',
        bp_majsrc: 'Integration',
      });
    }
  }

  // Slack loops on the segment of their cable where they lie.
  const loops = new Map(network.loops.map((l) => [l.loopId, l]));
  for (const p of network.points.filter((x) => x.type === 'Loop')) {
    const loop = loops.get(p.id);
    const plan = loop ? plans.get(loop.cableId) : undefined;
    const segment =
      loop && plan
        ? (plan.segments.find((s) => loop.fraction >= s.f0 && loop.fraction <= s.f1) ??
          plan.segments[plan.segments.length - 1])
        : undefined;
    if (!plan || !segment) {
      found.push({
        code: 'loop',
        severity: 'warning',
        key: 'exchange.check.loopNoCable',
        vars: { name: p.name, metres: LOOP_CABLE_M },
        elementIds: [p.id],
        clusterId: p.clusterId,
        table: 't_love',
      });
      continue;
    }
    add('t_love', {
      lv_id: p.id,
      lv_cb_code: c.code('CB', segmentCode(plan, segment)),
      lv_nd_code: c.code('ND', elementKey(p.type, p.id)),
      lv_long: p.length !== null ? Math.round(Number(p.length)) || null : null,
      lv_creadat: p.createdAt,
      lv_majdate: p.updatedAt,
      lv_majsrc: 'Integration',
    });
  }

  // Zones: NRO zones around their office, PMZ zones around their one FDT-SRO.
  for (const z of network.zones) {
    const base = {
      elementIds: [z.id],
      clusterId: z.clusterId,
    };
    if (z.overlaps?.length) {
      for (const other of z.overlaps.filter((o) => o > z.id))
        found.push({
          ...base,
          elementIds: [z.id, other],
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.zoneOverlap',
          vars: {
            a: z.name,
            b: network.zones.find((x) => x.id === other)?.name ?? String(other),
            type: z.kind ?? '',
          },
        });
    }
    if (z.kind === 'NRO') {
      const officeId = network.officeOfCluster.get(z.clusterId);
      const office = officeId !== undefined ? offices.get(officeId) : undefined;
      if (!office || office.lng === null) {
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.nroNoOffice',
          vars: { name: z.name, office: office?.name ?? '' },
          table: 't_znro',
          column: 'zn_nd_code',
        });
        continue;
      }
      add('t_znro', {
        zn_code: c.code('ZN', elementKey('Zone', z.id)),
        zn_nd_code: c.code('ND', officeKey(office.id)),
        zn_nrotype: 'PON',
        zn_etat: network.phases.get(z.clusterId) === 'Completed' ? 'DP' : 'PL',
        zn_comment: comment({ name: z.name }),
        zn_creadat: z.createdAt,
        zn_majdate: z.updatedAt,
        zn_majsrc: 'Integration',
        geom: z.wkb,
      });
    } else if (z.kind === 'PMZ') {
      const cabinets = z.cabinets ?? [];
      const cabinet = cabinets.length === 1 ? points.get(cabinets[0] ?? 0) : undefined;
      if (!cabinet) {
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.pmzCabinet',
          vars: { name: z.name, count: cabinets.length },
          table: 't_zsro',
          column: 'zs_nd_code',
        });
        continue;
      }
      if (z.nroZone === null)
        found.push({
          ...base,
          code: 'zone',
          severity: 'error',
          key: 'exchange.check.pmzOutsideNro',
          vars: { name: z.name },
          table: 't_zsro',
          column: 'zs_zn_code',
        });
      add('t_zsro', {
        zs_code: c.code('ZS', elementKey('Zone', z.id)),
        zs_nd_code: c.code('ND', elementKey(cabinet.type, cabinet.id)),
        zs_zn_code: z.nroZone !== null ? c.code('ZN', elementKey('Zone', z.nroZone)) : null,
        zs_etatpm: network.phases.get(z.clusterId) === 'Completed' ? 'DP' : 'PL',
        zs_typeemp: cabinet.kind === 'Indoor' ? 'PMI' : 'ADR',
        zs_capamax: Number(cabinet.capacity) || null,
        zs_nblogmt: z.homes,
        zs_comment: comment({ name: z.name }),
        zs_creadat: z.createdAt,
        zs_majdate: z.updatedAt,
        zs_majsrc: 'Integration',
        geom: z.wkb,
      });
    } else {
      found.push({
        ...base,
        code: 'zone',
        severity: 'warning',
        key: 'exchange.check.zoneType',
        vars: { name: z.name },
      });
    }
  }

  return { tables, found, lines };
}
