import type { LatLng } from '@integration/contracts';
import {
  NODE_CODES,
  OFFICE_CODE,
  type NodeElementType,
  type OfdsNetwork,
  type OfdsPackage,
  type OfdsReference,
} from './ofds-model.ts';

/**
 * What an OFDS package becomes, decided before anything is written: the central office, one
 * cluster per phase (nodes and spans without a phase in one cluster named after their network),
 * the nodes as elements of our types and the spans as cables, and the counts of the report.
 */

/** Node types that make a central office (the first such node places it). */
const OFFICE_TYPES = new Set(['pop', 'exchange', 'dataCentre']);
const TYPE_OF_CODE = new Map<string, NodeElementType | 'office'>([
  ...Object.entries(NODE_CODES).map(([type, code]) => [code, type as NodeElementType] as const),
  [OFFICE_CODE, 'office'],
]);
/** Our own node ids (FDT77, SC120, PBO5120, CO3): the type comes back from the code. */
const OWN_KEY = /^([A-Z]{2,3})(\d{1,10})$/;

const UNSTORABLE = /[\0\p{Cs}]/gu;

/** Text a user's file gave, made storable (no NUL, no lone surrogate), trimmed and cut. */
export function storable(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(UNSTORABLE, '').trim().slice(0, max).replace(UNSTORABLE, '');
  return text || undefined;
}

export interface PlannedCluster {
  key: string;
  name: string;
  /** Every node and span of it operational (and it has some): the cluster is Completed. */
  operational: boolean;
  members: number;
  fromPhase: boolean;
}

export interface PlannedNode {
  type: NodeElementType;
  cluster: string;
  name?: string;
  at: LatLng;
}

export interface PlannedSpan {
  cluster: string;
  name?: string;
  line: LatLng[];
  fibreCount?: number;
}

export interface OfdsPlan {
  office: { name?: string; at?: LatLng };
  clusters: PlannedCluster[];
  nodes: PlannedNode[];
  spans: PlannedSpan[];
  counts: {
    nodes: { read: number; withoutPlace: number };
    spans: { read: number; straight: number; withoutRoute: number };
    phases: number;
    organisations: number;
  };
}

const lngLat = (c: unknown): LatLng | null =>
  Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number'
    ? { lng: c[0], lat: c[1] }
    : null;

const distinct = (points: LatLng[]) => new Set(points.map((p) => `${p.lng},${p.lat}`)).size;

/** Where a network's nodes and spans go: the cluster of their phase, else the network's own. */
function clustersOf(network: OfdsNetwork, n: number, plan: OfdsPlan) {
  const byPhase = new Map<string, PlannedCluster>();
  for (const phase of network.phases ?? []) {
    // Every phase is a cluster, even one nothing names yet: the network's plan stays whole.
    if (byPhase.has(phase.id)) continue;
    const cluster = {
      key: `${n}:${phase.id}`,
      name: storable(phase.name, 100) ?? storable(phase.id, 100) ?? `Phase ${phase.id}`,
      operational: true,
      members: 0,
      fromPhase: true,
    };
    plan.clusters.push(cluster);
    byPhase.set(phase.id, cluster);
  }
  let own: PlannedCluster | undefined;
  return (phase: OfdsReference | undefined, status: string | undefined): string => {
    let cluster = phase ? byPhase.get(phase.id) : undefined;
    if (!cluster) {
      if (!own) {
        own = {
          key: `${n}:`,
          name: storable(network.name, 100) ?? `Network ${n + 1}`,
          operational: true,
          members: 0,
          fromPhase: false,
        };
        plan.clusters.push(own);
      }
      cluster = own;
    }
    if (status !== 'operational') cluster.operational = false;
    cluster.members++;
    return cluster.key;
  };
}

export function planImport(pkg: OfdsPackage): OfdsPlan {
  const plan: OfdsPlan = {
    office: {},
    clusters: [],
    nodes: [],
    spans: [],
    counts: {
      nodes: { read: 0, withoutPlace: 0 },
      spans: { read: 0, straight: 0, withoutRoute: 0 },
      phases: 0,
      organisations: 0,
    },
  };
  let officePlaced = false;
  pkg.networks.forEach((network, n) => {
    const clusterFor = clustersOf(network, n, plan);
    plan.counts.phases += network.phases?.length ?? 0;
    plan.counts.organisations += network.organisations?.length ?? 0;
    const placed = new Map<string, LatLng>();
    for (const node of network.nodes ?? []) {
      plan.counts.nodes.read++;
      const at = node.location?.type === 'Point' ? lngLat(node.location.coordinates) : null;
      if (!at) {
        plan.counts.nodes.withoutPlace++;
        continue;
      }
      placed.set(node.id, at);
      const own = OWN_KEY.exec(node.id);
      const ownType = own ? TYPE_OF_CODE.get(own[1] ?? '') : undefined;
      const types = Array.isArray(node.type) ? node.type : [];
      const isOffice = ownType === 'office' || (!ownType && types.some((t) => OFFICE_TYPES.has(t)));
      if (isOffice && !officePlaced) {
        officePlaced = true;
        plan.office = { name: storable(node.name, 100), at };
        continue;
      }
      const type: NodeElementType =
        ownType && ownType !== 'office'
          ? ownType
          : types.includes('cabinet')
            ? 'FDTSRO'
            : 'SpliceClosure';
      plan.nodes.push({
        type,
        cluster: clusterFor(node.phase, node.status),
        name: storable(node.name, 200),
        at,
      });
    }
    for (const span of network.spans ?? []) {
      plan.counts.spans.read++;
      let line =
        span.route?.type === 'LineString' && Array.isArray(span.route.coordinates)
          ? span.route.coordinates.map(lngLat).filter((p): p is LatLng => p !== null)
          : [];
      if (distinct(line) < 2) {
        const ends = [span.start, span.end].map((id) => (id ? placed.get(id) : undefined));
        const [a, b] = ends;
        if (!a || !b || distinct([a, b]) < 2) {
          plan.counts.spans.withoutRoute++;
          continue;
        }
        line = [a, b];
        plan.counts.spans.straight++;
      }
      plan.spans.push({
        cluster: clusterFor(span.phase, span.status),
        name: storable(span.name, 200),
        line,
        ...(typeof span.fibreCount === 'number' ? { fibreCount: span.fibreCount } : {}),
      });
    }
  });
  return plan;
}
