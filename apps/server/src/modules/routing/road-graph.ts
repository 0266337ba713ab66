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
 * or twice by one), or every vertex with `everyVertex` (so that a later overlay may join the
 * graph at any vertex, see extendGraph); each way becomes one edge per stretch between nodes.
 */
export function buildGraph(
  input: readonly GraphInputEdge[],
  options: { everyVertex?: boolean } = {},
): RoadGraph {
  const uses = options.everyVertex ? null : countUses(input);
  const parts = new Parts(0, 0);
  const nodeOf = new Map<string, number>();
  const node = (lng: number, lat: number, k: string) => {
    let id = nodeOf.get(k);
    if (id === undefined) {
      id = parts.addNode(lng, lat);
      nodeOf.set(k, id);
    }
    return id;
  };
  parts.split(input, (lng, lat, k) =>
    uses === null || (uses.get(k) ?? 0) >= 2 ? node(lng, lat, k) : -1,
  );
  return parts.finish(null);
}

/**
 * The graph and more ways (the infrastructure profile's cables, spans and links over its
 * roads), without building the graph again: its arrays are copied, the ways split at their
 * own shared vertices and at the graph's nodes they pass through (`nodeAt` answers the node at
 * a point, or -1), and only the adjacency is computed anew.
 */
export function extendGraph(
  base: RoadGraph,
  input: readonly GraphInputEdge[],
  nodeAt: (lng: number, lat: number) => number,
): RoadGraph {
  const uses = countUses(input);
  const parts = new Parts(base.nodeCount, base.coords.length / 2);
  const nodeOf = new Map<string, number>();
  parts.split(input, (lng, lat, k) => {
    let id = nodeOf.get(k);
    if (id !== undefined) return id;
    const onBase = nodeAt(lng, lat);
    if (onBase < 0 && (uses.get(k) ?? 0) < 2) return -1;
    id = onBase >= 0 ? onBase : parts.addNode(lng, lat);
    nodeOf.set(k, id);
    return id;
  });
  return parts.finish(base);
}

/** How often each vertex is used; ends count twice: they are always nodes. */
function countUses(input: readonly GraphInputEdge[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const way of input) {
    const n = way.coords.length / 2;
    for (let i = 0; i < n; i++) {
      const k = key(way.coords[2 * i]!, way.coords[2 * i + 1]!);
      uses.set(k, (uses.get(k) ?? 0) + (i === 0 || i === n - 1 ? 2 : 1));
    }
  }
  return uses;
}

/** Growable integer arrays. */
class Ints {
  data = new Int32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
}

/** The nodes and edges found so far, numbered after those of a base graph. */
class Parts {
  readonly nodeLng = new Floats();
  readonly nodeLat = new Floats();
  readonly coords = new Floats();
  readonly from = new Ints();
  readonly to = new Ints();
  readonly length = new Floats();
  readonly kind = new Ints();
  readonly source = new Ints();
  readonly fw = new Floats();
  readonly bw = new Floats();
  readonly gStart = new Ints();
  readonly gEnd = new Ints();
  minPerMetre = Infinity;

  constructor(
    private readonly firstNode: number,
    private readonly firstVertex: number,
  ) {}

  addNode(lng: number, lat: number): number {
    this.nodeLng.push(lng);
    this.nodeLat.push(lat);
    return this.firstNode + this.nodeLng.length - 1;
  }

  /** Each way cut at its nodes (`nodeAt` answers -1 for a vertex that is not one). */
  split(input: readonly GraphInputEdge[], nodeAt: (lng: number, lat: number, k: string) => number) {
    for (const way of input) {
      this.minPerMetre = Math.min(this.minPerMetre, way.forwardPerMetre, way.backwardPerMetre);
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
        this.coords.push(lng);
        this.coords.push(lat);
        const vertex = this.firstVertex + this.coords.length / 2 - 1;
        prevLng = lng;
        prevLat = lat;
        const id = nodeAt(lng, lat, key(lng, lat));
        if (id < 0) continue;
        if (startNode >= 0 && metres > 0) {
          this.from.push(startNode);
          this.to.push(id);
          this.length.push(metres);
          this.kind.push(way.kind);
          this.source.push(way.source ?? -1);
          this.fw.push(way.forwardPerMetre * metres);
          this.bw.push(way.backwardPerMetre * metres);
          this.gStart.push(startVertex);
          this.gEnd.push(vertex);
        }
        startNode = id;
        startVertex = vertex;
        metres = 0;
      }
    }
  }

  /** The graph: the base's arrays (if any) followed by these. */
  finish(base: RoadGraph | null): RoadGraph {
    const join = <T extends Float64Array | Int32Array | Uint16Array>(
      make: (n: number) => T,
      before: T | undefined,
      added: { data: ArrayLike<number>; length: number },
    ): T => {
      const first = before?.length ?? 0;
      const out = make(first + added.length);
      if (before) out.set(before);
      out.set(
        (added.data as Float64Array | Int32Array).subarray(0, added.length) as ArrayLike<number>,
        first,
      );
      return out;
    };
    const f64 = (n: number) => new Float64Array(n);
    const i32 = (n: number) => new Int32Array(n);
    const nodeLng = join(f64, base?.nodeLng, this.nodeLng);
    const nodeLat = join(f64, base?.nodeLat, this.nodeLat);
    const edgeFrom = join(i32, base?.edgeFrom, this.from);
    const edgeTo = join(i32, base?.edgeTo, this.to);
    const edgeForward = join(f64, base?.edgeForward, this.fw);
    const edgeBackward = join(f64, base?.edgeBackward, this.bw);
    const nodeCount = nodeLng.length;
    const edgeCount = edgeFrom.length;
    const out = csr(nodeCount, edgeCount, edgeFrom, edgeTo, edgeForward, edgeBackward);
    // Incoming arcs: node `to` is reached from `from` along the drawing (arc e*2), and the reverse.
    const inn = csr(nodeCount, edgeCount, edgeTo, edgeFrom, edgeForward, edgeBackward);
    const minPerMetre = Math.min(this.minPerMetre, base ? base.minPerMetre : Infinity);
    return {
      nodeCount,
      nodeLng,
      nodeLat,
      edgeCount,
      edgeFrom,
      edgeTo,
      edgeLength: join(f64, base?.edgeLength, this.length),
      edgeKind: join((n) => new Uint16Array(n), base?.edgeKind, this.kind),
      edgeSource: join(i32, base?.edgeSource, this.source),
      edgeForward,
      edgeBackward,
      geomStart: join(i32, base?.geomStart, this.gStart),
      geomEnd: join(i32, base?.geomEnd, this.gEnd),
      coords: join(f64, base?.coords, this.coords),
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
}

/** Bytes held by a graph's arrays (what the graph cache counts). */
export function graphBytes(graph: RoadGraph): number {
  let bytes = 0;
  for (const value of Object.values(graph)) {
    if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  }
  return bytes;
}

/**
 * Adjacency of every node: edge e gives node a[e] the arc e*2 to b[e] when `along` is finite,
 * and node b[e] the arc e*2+1 to a[e] when `against` is. Called with (from, to) for outgoing
 * arcs and (to, from) for incoming ones, so e*2 always means "along the drawing".
 */
function csr(
  nodeCount: number,
  edgeCount: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  along: ArrayLike<number>,
  against: ArrayLike<number>,
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
