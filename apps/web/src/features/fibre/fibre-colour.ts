import type { FibreColour } from '@integration/contracts';

/**
 * A fibre's or tube's colour as a CSS background: positions 13–24 carry a stripe (a ring in
 * the French scheme), drawn as a band across the middle so it reads even at swatch size.
 */
export function swatchBackground(colour: FibreColour): string {
  if (!colour.stripe) return colour.hex;
  return `linear-gradient(to bottom, ${colour.hex} 0 35%, ${colour.stripe} 35% 65%, ${colour.hex} 65% 100%)`;
}
