/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays read in loops: noUncheckedIndexedAccess types every read `| undefined`, and the indices are in range by construction. */
import type { RoadEdgeRow } from './roads.repository.ts';

/**
 * A project's roads as the graphs read them, in columns: every way's vertices in one flat
 * array (way i is coords[2 * start[i]] … coords[2 * start[i + 1] - 1]), its tags beside. This is
 * what crosses from the main thread to the routing worker: a few arrays, not an object a road.
 */
export interface RoadWays {
  count: number;
  coords: Float64Array;
  start: Int32Array;
  highway: string[];
  oneway: Int8Array;
  access: (string | null)[];
  /** A road's own speed, NaN for none. */
  speedKmh: Float64Array;
}

/** Way i's flat [lng, lat, …], without a copy. */
export const wayCoords = (ways: RoadWays, i: number): Float64Array =>
  ways.coords.subarray(2 * ways.start[i]!, 2 * ways.start[i + 1]!);

/** Road segments (vertices less one, a way): what the network cap counts. */
export const segmentsOf = (ways: RoadWays): number => ways.start[ways.count]! - ways.count;

/** Rows as the repository's `edges` reads them (tests, the benchmark) in columns. */
export function roadWaysOf(rows: readonly RoadEdgeRow[]): RoadWays {
  let vertices = 0;
  for (const row of rows) vertices += row.coordinates.length;
  const coords = new Float64Array(2 * vertices);
  const start = new Int32Array(rows.length + 1);
  let v = 0;
  rows.forEach((row, i) => {
    start[i] = v;
    for (const c of row.coordinates) {
      coords[2 * v] = c[0] ?? 0;
      coords[2 * v + 1] = c[1] ?? 0;
      v++;
    }
  });
  start[rows.length] = v;
  return {
    count: rows.length,
    coords,
    start,
    highway: rows.map((r) => r.highway),
    oneway: Int8Array.from(rows.map((r) => r.oneway)),
    access: rows.map((r) => r.access),
    speedKmh: Float64Array.from(rows.map((r) => r.speedKmh ?? NaN)),
  };
}

/** One page of roads as the database answers it (roads.repository.ts's `wayPage`). */
export interface RoadPage {
  /** Well-known binary of a GeometryCollection or MultiLineString of the page's ways, in order. */
  wkb: Uint8Array;
  highway: string[];
  oneway: number[];
  access: (string | null)[];
  speedKmh: (number | null)[];
}

/**
 * The members of a WKB collection (ST_Collect of a page's rows: a Multi* or GeometryCollection,
 * little or big endian; a single geometry is one member), each member's vertices appended to
 * `out` as flat [lng, lat, …]; answers the vertex count of each member, in order. A point counts
 * one vertex, a line its vertices; any other member (a polygon, a multi-part line) counts none
 * (its vertices are not appended), so that members stay aligned with the page's rows.
 */
export function readWkbMembers(wkb: Uint8Array, out: { push(value: number): void }): number[] {
  const view = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength);
  let at = 0;
  const ignore = { push: () => {} };
  const header = () => {
    const little = view.getUint8(at) === 1;
    const raw = view.getUint32(at + 1, little);
    at += 5;
    // EWKB flags (SRID, Z, M) and ISO's thousands: what PostGIS may write.
    const iso = Math.floor((raw & 0xffff) / 1000);
    const hasZ = (raw & 0x80000000) !== 0 || iso === 1 || iso === 3;
    const hasM = (raw & 0x40000000) !== 0 || iso === 2 || iso === 3;
    if (raw & 0x20000000) at += 4;
    return { little, type: (raw & 0xffff) % 1000, dims: 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0) };
  };
  const points = (n: number, little: boolean, dims: number, sink: typeof out) => {
    for (let i = 0; i < n; i++) {
      sink.push(view.getFloat64(at, little));
      sink.push(view.getFloat64(at + 8, little));
      at += 8 * dims;
    }
  };
  /** One geometry: its vertex count when it is a point or a line, else -1 (read past). */
  const geometry = (sink: typeof out): number => {
    const { little, type, dims } = header();
    if (type === 1) {
      points(1, little, dims, sink);
      return 1;
    }
    const n = view.getUint32(at, little);
    at += 4;
    if (type === 2) {
      points(n, little, dims, sink);
      return n;
    }
    if (type === 3) {
      for (let r = 0; r < n; r++) {
        const m = view.getUint32(at, little);
        at += 4;
        points(m, little, dims, ignore);
      }
    } else if (type >= 4 && type <= 7) {
      for (let i = 0; i < n; i++) geometry(ignore);
    } else {
      throw new Error(`unexpected WKB geometry type ${type}`);
    }
    return -1;
  };
  const counts: number[] = [];
  const top = header();
  if (top.type >= 4 && top.type <= 7) {
    const n = view.getUint32(at, top.little);
    at += 4;
    for (let i = 0; i < n; i++) counts.push(Math.max(0, geometry(out)));
  } else {
    at = 0;
    counts.push(Math.max(0, geometry(out)));
  }
  return counts;
}

/** Growable flat floats. */
export class FloatList {
  data = new Float64Array(4096);
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

/** Pages of roads joined into one RoadWays. */
export function roadWaysOfPages(pages: readonly RoadPage[]): RoadWays {
  const coords = new FloatList();
  const counts: number[] = [];
  const ways: Omit<RoadWays, 'count' | 'coords' | 'start' | 'oneway' | 'speedKmh'> & {
    oneway: number[];
    speedKmh: number[];
  } = { highway: [], oneway: [], access: [], speedKmh: [] };
  for (const page of pages) {
    const lines = readWkbMembers(page.wkb, coords);
    if (lines.length !== page.highway.length) throw new Error('a page of roads lost a way');
    counts.push(...lines);
    ways.highway.push(...page.highway);
    ways.oneway.push(...page.oneway);
    ways.access.push(...page.access);
    ways.speedKmh.push(...page.speedKmh.map((s) => s ?? NaN));
  }
  const start = new Int32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) start[i + 1] = start[i]! + counts[i]!;
  return {
    count: counts.length,
    coords: coords.data.slice(0, coords.length),
    start,
    highway: ways.highway,
    oneway: Int8Array.from(ways.oneway),
    access: ways.access,
    speedKmh: Float64Array.from(ways.speedKmh),
  };
}
