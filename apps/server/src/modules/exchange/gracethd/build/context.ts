import { ATTACH_DISTANCE_M } from '@integration/contracts';
import { codes, elementKey, officeKey } from '../gracethd-codes.ts';
import type { HolderKey, PointRow } from '../gracethd-network.repository.ts';
import { distanceM, type CablePlan, type Segment } from '../gracethd-segments.ts';
import type { BuildOptions, Found, NetworkRows, Row, SegmentLine } from '../gracethd-tables.ts';
import { ENCLOSURES, SUPPORTS } from '../gracethd-values.ts';
import { turns } from '../turns.ts';

/**
 * What every table of a delivery is built with (gracethd-tables.ts runs them in order): the
 * network, the codes, the rows so far, each row's status, and the maps one table leaves for the
 * next (sites, enclosures' BPs, panels, cables' segments).
 */
export function createBuild(network: NetworkRows, options: BuildOptions) {
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

  // Shared between the tables: sites, enclosures' BPs, panels' tiroirs, cables' segments.
  const sites = new Map<HolderKey, { key: string; clusterId: number | null }>();
  const bpOfHolder = new Map<HolderKey, string>();
  const tiroirOf = new Map<string, string>();
  const plans = new Map<number, CablePlan>();
  const lines: SegmentLine[] = [];
  const tiroirOfPort = (portId: number | null) => {
    const port = network.ports.find((p) => p.id === portId);
    return port ? (tiroirOf.get(`${port.holder}|${port.panel}`)?.split('|')[1] ?? null) : null;
  };
  const segmentCode = (plan: CablePlan, segment: Segment) => {
    const key = elementKey('Cable', plan.cable.id);
    return segment.index === 0 ? key : `${key}-S${keyOfHolder(segment.from)}`;
  };

  return {
    network,
    options,
    turn,
    c,
    tables,
    found,
    add,
    statutOf,
    avctOf,
    points,
    offices,
    typeOf,
    keyOfHolder,
    placeOf,
    clusterOfHolder,
    supportOf,
    supports,
    nodeOfHolder,
    ptOfElement,
    sites,
    bpOfHolder,
    tiroirOf,
    plans,
    lines,
    tiroirOfPort,
    segmentCode,
  };
}

export type Build = ReturnType<typeof createBuild>;
