/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in hot loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import Flatbush from 'flatbush';
import { haversineM, metresPerDegree } from './geodesy.ts';
import type { RoadGraph } from './road-graph.ts';

/** A point moved onto the nearest edge: the edge is split there, virtually. */
export interface Snap {
  edge: number;
  /** Metres along the edge from its `from` node to the snapped point. */
  offset: number;
  /** The edge's vertex before the snapped point (an index into graph.coords pairs). */
  vertex: number;
  lng: number;
  lat: number;
  /** Metres from the asked point to the road. */
  distance: number;
}

/** How many segments, nearest by bounding box, are measured exactly. */
const CANDIDATES = 24;

/**
 * Nearest-edge lookup over every segment of every edge (flatbush, a static packed R-tree), in
 * a local flat projection in metres around the graph's middle latitude.
 */
export class EdgeIndex {
  private readonly index: Flatbush | null;
  private readonly segEdge: Int32Array;
  private readonly segVertex: Int32Array;
  private readonly kx: number;
  private readonly ky: number;

  /** Over the edges from `fromEdge` on (an overlay's, the base's having their own index). */
  constructor(
    private readonly graph: RoadGraph,
    private readonly fromEdge = 0,
  ) {
    let segments = 0;
    for (let e = fromEdge; e < graph.edgeCount; e++)
      segments += graph.geomEnd[e]! - graph.geomStart[e]!;
    let latSum = 0;
    for (let i = 0; i < graph.nodeCount; i++) latSum += graph.nodeLat[i]!;
    const scale = metresPerDegree(graph.nodeCount ? latSum / graph.nodeCount : 0);
    this.kx = scale.x;
    this.ky = scale.y;
    this.segEdge = new Int32Array(segments);
    this.segVertex = new Int32Array(segments);
    this.index = segments ? new Flatbush(segments) : null;
    const c = graph.coords;
    let s = 0;
    for (let e = fromEdge; e < graph.edgeCount; e++) {
      for (let v = graph.geomStart[e]!; v < graph.geomEnd[e]!; v++) {
        const x1 = c[2 * v]! * this.kx;
        const y1 = c[2 * v + 1]! * this.ky;
        const x2 = c[2 * v + 2]! * this.kx;
        const y2 = c[2 * v + 3]! * this.ky;
        this.index!.add(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2));
        this.segEdge[s] = e;
        this.segVertex[s++] = v;
      }
    }
    this.index?.finish();
  }

  /** Bytes held by the index (what the graph cache counts). */
  get bytes(): number {
    return (this.index?.data.byteLength ?? 0) + this.segEdge.byteLength + this.segVertex.byteLength;
  }

  /** The nearest point of any edge within maxM metres, or null. */
  nearest(lng: number, lat: number, maxM: number): Snap | null {
    return this.nearestEdges(lng, lat, maxM, 1)[0] ?? null;
  }

  /** The nearest points of up to `count` distinct edges within maxM metres, nearest first. */
  nearestEdges(lng: number, lat: number, maxM: number, count: number): Snap[] {
    if (!this.index) return [];
    const px = lng * this.kx;
    const py = lat * this.ky;
    const c = this.graph.coords;
    const byEdge = new Map<number, { s: number; t: number; d: number }>();
    for (const s of this.index.neighbors(px, py, CANDIDATES * count, maxM * 1.01)) {
      const v = this.segVertex[s]!;
      const x1 = c[2 * v]! * this.kx;
      const y1 = c[2 * v + 1]! * this.ky;
      const dx = c[2 * v + 2]! * this.kx - x1;
      const dy = c[2 * v + 3]! * this.ky - y1;
      const len2 = dx * dx + dy * dy;
      const t = len2 ? Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2)) : 0;
      const d = Math.hypot(x1 + t * dx - px, y1 + t * dy - py);
      const e = this.segEdge[s]!;
      const known = byEdge.get(e);
      if (!known || d < known.d) byEdge.set(e, { s, t, d });
    }
    return [...byEdge.values()]
      .sort((a, b) => a.d - b.d)
      .slice(0, count)
      .map((best) => this.snapAt(lng, lat, best.s, best.t))
      .filter((snap) => snap.distance <= maxM);
  }

  private snapAt(lng: number, lat: number, s: number, t: number): Snap {
    const c = this.graph.coords;
    const e = this.segEdge[s]!;
    const v = this.segVertex[s]!;
    const snapLng = c[2 * v]! + t * (c[2 * v + 2]! - c[2 * v]!);
    const snapLat = c[2 * v + 1]! + t * (c[2 * v + 3]! - c[2 * v + 1]!);
    const distance = haversineM(lng, lat, snapLng, snapLat);
    let offset = 0;
    for (let i = this.graph.geomStart[e]!; i < v; i++) {
      offset += haversineM(c[2 * i]!, c[2 * i + 1]!, c[2 * i + 2]!, c[2 * i + 3]!);
    }
    offset += haversineM(c[2 * v]!, c[2 * v + 1]!, snapLng, snapLat);
    offset = Math.min(offset, this.graph.edgeLength[e]!);
    return { edge: e, offset, vertex: v, lng: snapLng, lat: snapLat, distance };
  }
}

/** Snapping over a graph and an overlay's edges, each with its own index. */
export interface EdgeFinder {
  nearestEdges(lng: number, lat: number, maxM: number, count: number): Snap[];
  readonly bytes: number;
}

/** The nearest edges of both indexes, nearest first. */
export function mergedIndex(a: EdgeFinder, b: EdgeFinder): EdgeFinder {
  return {
    nearestEdges: (lng, lat, maxM, count) =>
      [...a.nearestEdges(lng, lat, maxM, count), ...b.nearestEdges(lng, lat, maxM, count)]
        .sort((x, y) => x.distance - y.distance)
        .slice(0, count),
    get bytes() {
      return b.bytes;
    },
  };
}
