import { describe, expect, it } from 'vitest';
import { formatCost, formatRouteDistance } from './route-format.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('route formatting', () => {
  it('shows metres under a kilometre, then kilometres', () => {
    expect(formatRouteDistance(845.4, 'en')).toBe('845 m');
    expect(formatRouteDistance(1240, 'en')).toBe('1.24 km');
    expect(nbsp(formatRouteDistance(1240, 'fr'))).toBe('1,24 km');
    expect(formatRouteDistance(12_345, 'en')).toBe('12.3 km');
  });

  it('shows whole cost units, grouped', () => {
    expect(formatCost(12_345.6, 'en')).toBe('12,346');
    expect(nbsp(formatCost(12_345.6, 'fr'))).toBe('12 346');
  });

  it('names the currency when it is known, as the language writes it', () => {
    expect(nbsp(formatCost(27_834.4, 'en', 'KES'))).toBe('KES 27,834');
    expect(nbsp(formatCost(27_834.4, 'fr', 'KES'))).toBe('27 834 KES');
    expect(nbsp(formatCost(27_834.4, 'en', 'XYZ1'))).toBe('27,834 XYZ1');
  });
});
