import type { LatLng } from '@integration/contracts';

/**
 * Markers closer than this are at one spot: a PBO-FAT on its pole, the manhole under it.
 * Close up their icons are spread side by side so each is seen, named and clicked.
 */
export const COLOCATED_M = 3;
/** Spread icons stand this far apart (an icon is 30 px wide at street zoom). */
const STEP_PX = 32;
/** More than this many at one spot start a new row above. */
const PER_ROW = 5;
const ROW_PX = 44;
/** The middle of a pin (40 px tall at street zoom), where the selection ring goes. */
const MIDDLE_PX = -20;
/** Names are staggered by a name's height (an 18 px image, overlapping by its halo). */
const LINE_PX = 19;
/** Clear of the pin's collision box (padded 2 px), as a lone marker's name. */
const BELOW_PX = 6;

/**
 * At most this many markers of a spot are spread; more (a rare pile of duplicates) stay on the
 * point. The layers hold every place as a constant (MapLibre cannot build an offset from a
 * feature's numbers, and a feature's arrays reach it as text): the feature names its place.
 */
export const MAX_SPREAD = 10;

/** The name of the `index`-th place of a spot of `size`, carried by the marker's features. */
export const spotKey = (index: number, size: number) => `${index}/${size}`;

/** Every place a spread marker can take, by its key. */
export function allSpots(): [key: string, spread: Spread][] {
  const spots: [string, Spread][] = [];
  for (let size = 2; size <= MAX_SPREAD; size++) {
    for (let i = 0; i < size; i++) spots.push([spotKey(i, size), spreadAt(i, size)]);
  }
  return spots;
}

/** Where a spread marker's icon and its name go, in pixels from the shared point. */
export interface Spread {
  icon: [number, number];
  /** Its name's top centre. */
  label: [number, number];
  /** The centre of the icon, for the selection ring. */
  halo: [number, number];
}

/**
 * The place of the `index`-th of `size` markers at one spot: a row centred on the point, the
 * pins' tips on it, each name under its own icon, one line lower than its left neighbour's
 * so that names wider than an icon do not hide one another (nor spread over the neighbours').
 */
export function spreadAt(index: number, size: number): Spread {
  const row = Math.floor(index / PER_ROW);
  const col = index % PER_ROW;
  const inRow = Math.min(PER_ROW, size - row * PER_ROW);
  const dx = (col - (inRow - 1) / 2) * STEP_PX;
  const dy = row === 0 ? 0 : -row * ROW_PX;
  return { icon: [dx, dy], label: [dx, dy + BELOW_PX + col * LINE_PX], halo: [dx, dy + MIDDLE_PX] };
}

/** A spread marker's place: the spot's key, and the point its spot is drawn around. */
export interface SpotPlace {
  key: string;
  /**
   * The spot's first marker's position: every marker of the spot is drawn around this one
   * point, so that their offsets in pixels line up whatever the zoom (a metre apart on the
   * ground, they would drift apart by a few pixels close up and their names collide).
   */
  at: LatLng;
}

export interface Marker {
  fid: number;
  at: LatLng;
  /** Lower first (left) in a spread: the more important type. */
  order: number;
}

const M_PER_DEG = 111_320;

const metres = (a: LatLng, b: LatLng) => {
  const x = (b.lng - a.lng) * Math.cos(((a.lat + b.lat) * Math.PI) / 360);
  return Math.hypot(x, b.lat - a.lat) * M_PER_DEG;
};

/**
 * Which markers share a spot, kept up to date as elements change: a grid of cells the size of
 * the tolerance, so a marker's neighbours are found in the cells around it (no pass over the
 * whole cluster per edit). Markers within the tolerance of one another, in chains, form a spot.
 */
export class Colocation {
  private readonly markers = new Map<number, Marker>();
  /** Rows of cells by latitude, then cells by longitude (small integers hash fast). */
  private readonly cells = new Map<number, Map<number, number[]>>();
  /** The spread markers' places. */
  private readonly spreads = new Map<number, SpotPlace>();
  private readonly cellDeg: number;

  constructor(private readonly toleranceM = COLOCATED_M) {
    this.cellDeg = toleranceM / M_PER_DEG;
  }

  spreadOf(fid: number): SpotPlace | undefined {
    return this.spreads.get(fid);
  }

  /** Every marker with a spread. */
  spread(): number[] {
    return [...this.spreads.keys()];
  }

  /** Start again from these markers. */
  reset(markers: Iterable<Marker>): void {
    this.markers.clear();
    this.cells.clear();
    this.spreads.clear();
    for (const m of markers) this.insert(m);
    const seen = new Set<number>();
    for (const fid of this.markers.keys()) if (!seen.has(fid)) this.assign(this.spotOf(fid), seen);
  }

  /** Markers removed, added or moved: the ids whose spread changed (to be drawn again). */
  update(removed: Iterable<number>, upserted: Iterable<Marker>): number[] {
    const touched = new Set<number>();
    const before = new Map<number, SpotPlace | undefined>();
    const touch = (fid: number) => {
      for (const f of this.spotOf(fid)) {
        if (!before.has(f)) before.set(f, this.spreads.get(f));
        touched.add(f);
      }
    };
    const drop = (fid: number) => {
      if (!this.markers.has(fid)) return;
      touch(fid);
      this.remove(fid);
    };
    for (const fid of removed) drop(fid);
    for (const m of upserted) {
      drop(m.fid);
      this.insert(m);
      touch(m.fid);
    }
    for (const fid of touched) this.spreads.delete(fid);
    const seen = new Set<number>();
    for (const fid of touched) {
      if (this.markers.has(fid) && !seen.has(fid)) this.assign(this.spotOf(fid), seen);
    }
    const same = (a?: SpotPlace, b?: SpotPlace) =>
      a?.key === b?.key && a?.at.lat === b?.at.lat && a?.at.lng === b?.at.lng;
    return [...touched].filter((fid) => !same(before.get(fid), this.spreads.get(fid)));
  }

  private assign(spot: number[], seen: Set<number>) {
    for (const fid of spot) seen.add(fid);
    if (spot.length < 2) {
      for (const fid of spot) this.spreads.delete(fid);
      return;
    }
    const ordered = spot
      .map((fid) => this.markers.get(fid) as Marker)
      .sort((a, b) => a.order - b.order || a.fid - b.fid);
    const size = Math.min(ordered.length, MAX_SPREAD);
    const at = (ordered[0] as Marker).at;
    ordered
      .slice(0, size)
      .forEach((m, i) => this.spreads.set(m.fid, { key: spotKey(i, size), at }));
  }

  private cell(cx: number, cy: number): number[] | undefined {
    return this.cells.get(cy)?.get(cx);
  }

  private cellOf(at: LatLng): [number, number] {
    return [Math.floor(at.lng / this.cellDeg), Math.floor(at.lat / this.cellDeg)];
  }

  private insert(m: Marker) {
    this.markers.set(m.fid, m);
    const [cx, cy] = this.cellOf(m.at);
    let row = this.cells.get(cy);
    if (!row) this.cells.set(cy, (row = new Map()));
    const cell = row.get(cx);
    if (cell) cell.push(m.fid);
    else row.set(cx, [m.fid]);
  }

  private remove(fid: number) {
    const m = this.markers.get(fid);
    if (!m) return;
    this.markers.delete(fid);
    this.spreads.delete(fid);
    const [cx, cy] = this.cellOf(m.at);
    const row = this.cells.get(cy);
    const cell = row?.get(cx)?.filter((f) => f !== fid) ?? [];
    if (cell.length) row?.set(cx, cell);
    else row?.delete(cx);
  }

  /** The markers within the tolerance of this one, and of those, and so on. */
  private spotOf(fid: number): number[] {
    const start = this.markers.get(fid);
    if (!start) return [];
    let spot: Set<number> | null = null;
    const queue = [start];
    for (let m = queue.pop(); m; m = queue.pop()) {
      const [cx, cy] = this.cellOf(m.at);
      // Cells are as tall as the tolerance; in longitude they shrink away from the equator.
      const across = Math.ceil(1 / Math.max(Math.cos((m.at.lat * Math.PI) / 180), 0.01));
      for (let dy = -1; dy <= 1; dy++) {
        const row = this.cells.get(cy + dy);
        if (!row) continue;
        for (let dx = -across; dx <= across; dx++) {
          const cell = row.get(cx + dx);
          if (!cell) continue;
          // Most markers stand alone: no set is made for them.
          if (cell.length === 1 && cell[0] === fid && !spot) continue;
          spot ??= new Set([fid]);
          for (const other of cell) {
            if (spot.has(other)) continue;
            const o = this.markers.get(other) as Marker;
            if (metres(m.at, o.at) > this.toleranceM) continue;
            spot.add(other);
            queue.push(o);
          }
        }
      }
    }
    return spot ? [...spot] : [fid];
  }
}
