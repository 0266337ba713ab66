import { describe, expect, it } from 'vitest';
import { formatCost, formatDuration, formatRouteDistance } from './route-format.ts';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('route formatting', () => {
  it('shows metres under a kilometre, then kilometres', () => {
    expect(formatRouteDistance(845.4, 'en')).toBe('845 m');
    expect(formatRouteDistance(1240, 'en')).toBe('1.24 km');
    expect(nbsp(formatRouteDistance(1240, 'fr'))).toBe('1,24 km');
    expect(formatRouteDistance(12_345, 'en')).toBe('12.3 km');
  });

  it('shows seconds, minutes, then hours and minutes, in the language', () => {
    expect(formatDuration(45, 'en')).toBe('45 sec');
    expect(formatDuration(245, 'en')).toBe('4 min');
    expect(formatDuration(3900, 'en')).toBe('1 hr 5 min');
    expect(nbsp(formatDuration(3900, 'fr'))).toBe('1 h 5 min');
    expect(formatDuration(7200, 'en')).toBe('2 hr');
  });

  it('shows whole cost units, grouped', () => {
    expect(formatCost(12_345.6, 'en')).toBe('12,346');
    expect(nbsp(formatCost(12_345.6, 'fr'))).toBe('12 346');
  });
});
