/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import { haversineM } from './geodesy.ts';

/**
 * A routing graph in typed arrays: ways split at shared vertices into edges, and both
 * directions' adjacency in compressed sparse rows (CSR). An arc is `edge * 2 + reversed`.
 */
export interface GraphInputEdge {
  /** Flat [lng, lat, lng, lat, …] of a way, at least two vertices. */
  coords: ArrayLike<number>;
  /** Weight per metre along the drawing, and against it (Infinity: not allowed). */
  forwardPerMetre: number;
  backwardPerMetre: number;
  /** The caller's category (a highway class or an infrastructure kind), by index. */
  kind: number;
  /** The network element the way is (an existing cable), so a query can leave it out. */
  source?: number;
}

export interface RoadGraph {
  nodeCount: number;
  nodeLng: Float64Array;
  nodeLat: Float64Array;
  edgeCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  edgeLength: Float64Array;
  edgeKind: Uint16Array;
  /** The element each edge comes from, -1 for a road. */
  edgeSource: Int32Array;
  /** Weight of the whole edge along its drawing and against it (Infinity: not allowed). */
  edgeForward: Float64Array;
  edgeBackward: Float64Array;
  /** Vertices of edge e: coords[2*geomStart[e]] … coords[2*geomEnd[e] + 1], from → to. */
  geomStart: Int32Array;
  geomEnd: Int32Array;
  coords: Float64Array;
  outStart: Int32Array;
  outArc: Int32Array;
  outTarget: Int32Array;
  outWeight: Float64Array;
  inStart: Int32Array;
  inArc: Int32Array;
  inSource: Int32Array;
  inWeight: Float64Array;
  /** Weight per metre of the cheapest edge: the A* heuristic's factor. */
  minPerMetre: number;
}

const key = (lng: number, lat: number) => `${Math.round(lng * 1e7)},${Math.round(lat * 1e7)}`;

/** Grows a typed array by doubling. */
class Floats {
  data = new Float64Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  done() {
    return this.data.slice(0, this.length);
  }
}

/**
 * The graph without the edges of one element (the cable being routed is not infrastructure to
 * follow): a view sharing everything but its weights, the left-out edges' made impassable.
 */
export function withoutSource(graph: RoadGraph, source: number): RoadGraph {
  const left = (edge: number) => graph.edgeSource[edge] === source;
  if (!graph.edgeSource.some((s) => s === source)) return graph;
  const impassable = (weights: Float64Array, ofSlot: (i: number) => number) =>
    weights.map((w, i) => (left(ofSlot(i)) ? Infinity : w));
  return {
    ...graph,
    edgeForward: impassable(graph.edgeForward, (e) => e),
    edgeBackward: impassable(graph.edgeBackward, (e) => e),
    outWeight: impassable(graph.outWeight, (i) => graph.outArc[i]! >> 1),
    inWeight: impassable(graph.inWeight, (i) => graph.inArc[i]! >> 1),
  };
}

/**
 * Builds the graph: a vertex is a node where a way ends or where it is shared (by two ways,
 * or twice by one); each way becomes one edge per stretch between nodes.
 */
export function buildGraph(input: readonly GraphInputEdge[]): RoadGraph {
  const uses = new Map<string, number>();
  for (const way of input) {
    const n = way.coords.length / 2;
    for (let i = 0; i < n; i++) {
      const k = key(way.coords[2 * i]!, way.coords[2 * i + 1]!);
      // Ends count twice: they are always nodes.
      uses.set(k, (uses.get(k) ?? 0) + (i === 0 || i === n - 1 ? 2 : 1));
    }
  }
  const nodeOf = new Map<string, number>();
  const nodeLng = new Floats();
  const nodeLat = new Floats();
  const node = (lng: number, lat: number, k: string) => {
    let id = nodeOf.get(k);
    if (id === undefined) {
      id = nodeLng.length;
      nodeOf.set(k, id);
      nodeLng.push(lng);
      nodeLat.push(lat);
    }
    return id;
  };
  const coords = new Floats();
  const from: number[] = [];
  const to: number[] = [];
  const length: number[] = [];
  const kind: number[] = [];
  const source: number[] = [];
  const fw: number[] = [];
  const bw: number[] = [];
  const gStart: number[] = [];
  const gEnd: number[] = [];

  for (const way of input) {
    const n = way.coords.length / 2;
    let startNode = -1;
    let startVertex = -1;
    let metres = 0;
    let prevLng = 0;
    let prevLat = 0;
    for (let i = 0; i < n; i++) {
      const lng = way.coords[2 * i]!;
      const lat = way.coords[2 * i + 1]!;
      if (i > 0) {
        const step = haversineM(prevLng, prevLat, lng, lat);
        if (step === 0) continue; // a repeated vertex
        metres += step;
      }
      const k = key(lng, lat);
      coords.push(lng);
      coords.push(lat);
      const vertex = coords.length / 2 - 1;
      prevLng = lng;
      prevLat = lat;
      if ((uses.get(k) ?? 0) < 2) continue;
      const id = node(lng, lat, k);
      if (startNode >= 0 && metres > 0) {
        from.push(startNode);
        to.push(id);
        length.push(metres);
        kind.push(way.kind);
        source.push(way.source ?? -1);
        fw.push(way.forwardPerMetre * metres);
        bw.push(way.backwardPerMetre * metres);
        gStart.push(startVertex);
        gEnd.push(vertex);
      }
      startNode = id;
      startVertex = vertex;
      metres = 0;
    }
  }
  const nodeCount = nodeLng.length;
  const edgeCount = from.length;
  const out = csr(nodeCount, edgeCount, from, to, fw, bw);
  // Incoming arcs: node `to` is reached from `from` along the drawing (arc e*2), and the reverse.
  const inn = csr(nodeCount, edgeCount, to, from, fw, bw);
  let minPerMetre = Infinity;
  for (const way of input) {
    minPerMetre = Math.min(minPerMetre, way.forwardPerMetre, way.backwardPerMetre);
  }
  return {
    nodeCount,
    nodeLng: nodeLng.done(),
    nodeLat: nodeLat.done(),
    edgeCount,
    edgeFrom: Int32Array.from(from),
    edgeTo: Int32Array.from(to),
    edgeLength: Float64Array.from(length),
    edgeKind: Uint16Array.from(kind),
    edgeSource: Int32Array.from(source),
    edgeForward: Float64Array.from(fw),
    edgeBackward: Float64Array.from(bw),
    geomStart: Int32Array.from(gStart),
    geomEnd: Int32Array.from(gEnd),
    coords: coords.done(),
    outStart: out.start,
    outArc: out.arc,
    outTarget: out.other,
    outWeight: out.weight,
    inStart: inn.start,
    inArc: inn.arc,
    inSource: inn.other,
    inWeight: inn.weight,
    minPerMetre: Number.isFinite(minPerMetre) ? minPerMetre : 0,
  };
}

/**
 * Adjacency of every node: edge e gives node a[e] the arc e*2 to b[e] when `along` is finite,
 * and node b[e] the arc e*2+1 to a[e] when `against` is. Called with (from, to) for outgoing
 * arcs and (to, from) for incoming ones, so e*2 always means "along the drawing".
 */
function csr(
  nodeCount: number,
  edgeCount: number,
  a: number[],
  b: number[],
  along: number[],
  against: number[],
) {
  const start = new Int32Array(nodeCount + 1);
  for (let e = 0; e < edgeCount; e++) {
    if (Number.isFinite(along[e]!)) start[a[e]! + 1]!++;
    if (Number.isFinite(against[e]!)) start[b[e]! + 1]!++;
  }
  for (let i = 0; i < nodeCount; i++) start[i + 1]! += start[i]!;
  const total = start[nodeCount]!;
  const arc = new Int32Array(total);
  const other = new Int32Array(total);
  const weight = new Float64Array(total);
  const fill = start.slice(0, nodeCount);
  const put = (at: number, to: number, w: number, code: number) => {
    const slot = fill[at]!++;
    arc[slot] = code;
    other[slot] = to;
    weight[slot] = w;
  };
  for (let e = 0; e < edgeCount; e++) {
    if (Number.isFinite(along[e]!)) put(a[e]!, b[e]!, along[e]!, e * 2);
    if (Number.isFinite(against[e]!)) put(b[e]!, a[e]!, against[e]!, e * 2 + 1);
  }
  return { start, arc, other, weight };
}
