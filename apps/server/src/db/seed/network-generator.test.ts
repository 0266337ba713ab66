import { describe, expect, it } from 'vitest';
import { generateNetwork, streetGrid } from './network-generator.ts';

describe('generateNetwork', () => {
  const nairobi = { lat: -1.2864, lng: 36.8172 };
  const elements = generateNetwork(streetGrid(nairobi, 12, 120));

  it('makes about 2,000 elements of every type around Nairobi', () => {
    expect(elements.length).toBeGreaterThan(1_800);
    expect(elements.length).toBeLessThan(2_400);
    expect(new Set(elements.map((e) => e.type)).size).toBe(10);
  });

  it('spaces poles about 40 m apart along a street', () => {
    const poles = elements.filter((e) => e.type === 'Pole').slice(0, 2);
    const [a, b] = poles.map((p) => p.coordinates as { lat: number; lng: number });
    const metres = Math.hypot(
      ((b?.lat ?? 0) - (a?.lat ?? 0)) * 111_320,
      ((b?.lng ?? 0) - (a?.lng ?? 0)) * 111_320,
    );
    expect(metres).toBeCloseTo(40, 0);
  });

  it('is the same every time', () => {
    expect(generateNetwork(streetGrid(nairobi, 12, 120))).toEqual(elements);
  });
});
