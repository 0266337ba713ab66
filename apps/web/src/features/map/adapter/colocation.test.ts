import { describe, expect, it } from 'vitest';
import { Colocation, COLOCATED_M, spreadAt, spotKey, type Marker } from './colocation.ts';

const NAIROBI = { lat: -1.2864, lng: 36.8219 };
/** A point `east` and `north` metres from Nairobi's centre. */
const at = (east: number, north: number) => ({
  lat: NAIROBI.lat + north / 111_320,
  lng: NAIROBI.lng + east / (111_320 * Math.cos((NAIROBI.lat * Math.PI) / 180)),
});
const marker = (fid: number, east: number, north = 0, order = 5): Marker => ({
  fid,
  at: at(east, north),
  order,
});

describe('spreadAt: the place of each marker at one spot', () => {
  it('lays them side by side, centred on the point, each name under its icon a line lower', () => {
    const [left, right] = [spreadAt(0, 2), spreadAt(1, 2)];
    expect(left.icon).toEqual([-16, 0]);
    expect(right.icon).toEqual([16, 0]);
    expect(left.label[0]).toBe(left.icon[0]);
    expect(right.label[0]).toBe(right.icon[0]);
    expect(right.label[1]).toBeGreaterThanOrEqual(left.label[1] + 16);
    expect(spreadAt(1, 3).icon).toEqual([0, 0]);
  });

  it('starts a row above past five, every icon and name in a place of its own', () => {
    const places = Array.from({ length: 7 }, (_, i) => spreadAt(i, 7));
    expect(new Set(places.map((p) => p.icon.join())).size).toBe(7);
    expect(new Set(places.map((p) => p.label.join())).size).toBe(7);
    expect(places[5]?.icon[1]).toBeLessThan(0);
  });
});

describe('Colocation: which markers share a spot', () => {
  it('spreads markers within the tolerance, in the order of their types, and leaves the others', () => {
    const spots = new Colocation();
    spots.reset([
      marker(1, 0, 0, 6), // a pole
      marker(2, 1, 0, 2), // its PBO, a metre away
      marker(3, 0, 1.5, 3), // the manhole under them
      marker(4, 40, 0), // a building down the street
    ]);
    expect(spots.spread().sort()).toEqual([1, 2, 3]);
    // The PBO first (left), then the manhole, then the pole.
    expect(spots.spreadOf(2)?.key).toBe(spotKey(0, 3));
    expect(spots.spreadOf(3)?.key).toBe(spotKey(1, 3));
    expect(spots.spreadOf(1)?.key).toBe(spotKey(2, 3));
    // All drawn around the PBO's point, so that they line up at every zoom.
    expect(spots.spreadOf(1)?.at).toEqual(at(1, 0));
    expect(spots.spreadOf(3)?.at).toEqual(at(1, 0));
    expect(spots.spreadOf(4)).toBeUndefined();
  });

  it('keeps spots up to date as markers are added, moved and removed, naming those that moved', () => {
    const spots = new Colocation();
    spots.reset([marker(1, 0), marker(2, 50)]);
    expect(spots.spread()).toEqual([]);
    // A PBO placed on pole 1: both are spread.
    expect(spots.update([], [marker(3, 0.5)]).sort()).toEqual([1, 3]);
    // Pole 2 dragged onto the same spot: it joins, the others shift to make room.
    expect(spots.update([], [marker(2, 0.2)]).sort()).toEqual([1, 2, 3]);
    // The PBO deleted: the two poles shift back to a pair (the PBO is named too: it is gone).
    expect(spots.update([3], []).sort()).toEqual([1, 2, 3]);
    expect(spots.spreadOf(3)).toBeUndefined();
    // One pole moved away: neither is spread any more.
    expect(spots.update([], [marker(2, 30)]).sort()).toEqual([1, 2]);
    expect(spots.spread()).toEqual([]);
  });

  it('finds neighbours across cell edges, and not beyond the tolerance', () => {
    const spots = new Colocation();
    // Just within and just beyond the tolerance, wherever the grid's edges fall.
    spots.reset([
      marker(1, 0),
      marker(2, COLOCATED_M * 0.9),
      marker(10, 200),
      marker(11, 200 + COLOCATED_M * 1.1),
    ]);
    expect(spots.spread().sort()).toEqual([1, 2]);
  });

  it('indexes a large cluster in a fraction of a second', () => {
    const markers = Array.from({ length: 100_000 }, (_, i) =>
      marker(i + 1, (i % 300) * 7, Math.floor(i / 300) * 7),
    );
    const start = performance.now();
    const spots = new Colocation();
    spots.reset(markers);
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(spots.spread()).toEqual([]);
  });
});
