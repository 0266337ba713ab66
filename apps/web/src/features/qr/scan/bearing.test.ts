import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, compassPointTo } from './bearing.ts';

// Nairobi CBD: about 111 m a thousandth of a degree of latitude.
const here = { lat: -1.2833, lng: 36.8167 };
const d = 0.0003;

describe('bearing', () => {
  it('points the eight ways from the crew', () => {
    expect(compassPointTo(here, { lat: here.lat + d, lng: here.lng })).toBe('N');
    expect(compassPointTo(here, { lat: here.lat + d, lng: here.lng + d })).toBe('NE');
    expect(compassPointTo(here, { lat: here.lat, lng: here.lng + d })).toBe('E');
    expect(compassPointTo(here, { lat: here.lat - d, lng: here.lng + d })).toBe('SE');
    expect(compassPointTo(here, { lat: here.lat - d, lng: here.lng })).toBe('S');
    expect(compassPointTo(here, { lat: here.lat - d, lng: here.lng - d })).toBe('SW');
    expect(compassPointTo(here, { lat: here.lat, lng: here.lng - d })).toBe('W');
    expect(compassPointTo(here, { lat: here.lat + d, lng: here.lng - d })).toBe('NW');
    expect(compassPointTo(here, here)).toBeNull();
  });

  it('tells apart two elements at the same distance', () => {
    const a = { lat: here.lat + d, lng: here.lng - d };
    const b = { lat: here.lat - d, lng: here.lng + d };
    expect(compassPointTo(here, a)).not.toBe(compassPointTo(here, b));
  });

  it('measures degrees clockwise from north and rounds to the nearest point', () => {
    expect(bearingDegrees(here, { lat: here.lat, lng: here.lng + d })).toBeCloseTo(90, 1);
    expect(bearingDegrees(here, { lat: here.lat - d, lng: here.lng })).toBeCloseTo(180, 5);
    expect(compassPoint(22.4)).toBe('N');
    expect(compassPoint(22.6)).toBe('NE');
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(-90)).toBe('W');
    expect(compassPoint(720 + 135)).toBe('SE');
  });
});
