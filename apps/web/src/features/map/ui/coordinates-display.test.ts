import { describe, expect, it } from 'vitest';
import { displayCoordinates } from './coordinates-display.ts';

describe('displayCoordinates', () => {
  it('shows a lat, lng pair to 6 decimals (about 0.1 m)', () => {
    expect(displayCoordinates('-1.2841000000000002, 36.821899999999996')).toBe(
      '-1.284100, 36.821900',
    );
    expect(displayCoordinates('-4.04,39.67')).toBe('-4.040000, 39.670000');
  });

  it('leaves anything else as it is', () => {
    for (const text of ['', 'near the school', '1, 2, 3', 'a, 2']) {
      expect(displayCoordinates(text)).toBe(text);
    }
  });
});
