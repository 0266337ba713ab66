import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { labelPoint, polygonArea } from './label-point.ts';

const square: Position[] = [
  [0, 0],
  [4, 0],
  [4, 4],
  [0, 4],
  [0, 0],
];

/** A 'C' open to the east: its centroid falls in the gap, outside the shape. */
const cShape: Position[] = [
  [0, 0],
  [6, 0],
  [6, 1],
  [1, 1],
  [1, 5],
  [6, 5],
  [6, 6],
  [0, 6],
  [0, 0],
];

function inside([x = 0, y = 0]: Position, ring: Position[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

describe('labelPoint', () => {
  it('is the centroid of a convex polygon', () => {
    expect(labelPoint([square])).toEqual([2, 2]);
  });

  it('moves inside when the centroid falls outside the shape', () => {
    const point = labelPoint([cShape]);
    expect(inside(point, cShape)).toBe(true);
  });

  it('avoids a hole around the centroid', () => {
    const hole: Position[] = [
      [1, 1],
      [1, 3],
      [3, 3],
      [3, 1],
      [1, 1],
    ];
    const point = labelPoint([square, hole]);
    expect(inside(point, square) && !inside(point, hole)).toBe(true);
  });
});

describe('polygonArea', () => {
  it('subtracts holes and shrinks with latitude', () => {
    expect(polygonArea([square])).toBeCloseTo(16 * Math.cos((2 * Math.PI) / 180));
    const far = square.map(([x = 0, y = 0]) => [x, y + 60]);
    expect(polygonArea([far])).toBeCloseTo(16 * Math.cos((62 * Math.PI) / 180));
  });
});
