import type { TerminalSide } from './gracethd-network.repository.ts';
import type { Value } from './gracethd-tables.ts';

/** The values GraceTHD's columns take from ours: colours, enclosure sizes, placements, comments. */
/** TIA-598-C's colours by position, mapped to GraceTHD's l_fo_color codes by colour. */
export const TIA_COLOURS = [
  'blue',
  'orange',
  'green',
  'brown',
  'slate',
  'white',
  'red',
  'black',
  'yellow',
  'violet',
  'rose',
  'aqua',
];
export const GRACETHD_BY_COLOUR: Record<string, number> = {
  red: 1,
  blue: 2,
  green: 3,
  yellow: 4,
  violet: 5,
  white: 6,
  orange: 7,
  slate: 8,
  brown: 9,
  black: 10,
  aqua: 11,
  rose: 12,
};

/** The l_fo_color code of a fibre at position p (1-based) in its tube. */
export function fibreColour(position: number, scheme: string): string {
  const ring = ((position - 1) % 12) + 1;
  if (scheme === 'GraceTHD') return String(ring);
  return String(GRACETHD_BY_COLOUR[TIA_COLOURS[ring - 1] ?? 'blue'] ?? ring);
}

export const ENCLOSURES = new Set(['PboFat', 'SpliceClosure']);
export const SUPPORTS = new Set(['Pole', 'Manhole']);
export const HOMES = new Set(['SFU', 'Building']);

/** Smallest B-type of l_bp_type_phy holding n fibres (B012 … B720). */
export const BP_SIZES = [6, 12, 24, 36, 48, 72, 96, 144, 288, 432, 576, 720];
export const bpType = (capacity: string | null) => {
  const n = Number(capacity);
  if (!Number.isFinite(n) || n <= 0) return null;
  const size = BP_SIZES.find((s) => s >= n);
  return size ? `B${String(size).padStart(3, '0')}` : null;
};

/** Our placement words → l_implantation_type (0 aerial, 7 underground, 2 facade). */
export const IMPLANTATION: Record<string, string> = {
  aerial: '0',
  underground: '7',
  facade: '2',
  Aerial: '0',
  Underground: '7',
  Facade: '2',
};

export const CABLE_TYPELOG: Record<string, string> = {
  Feeder: 'TR',
  Distribution: 'DI',
  Drop: 'RA',
};
export const POLE_NATURE: Record<string, string> = {
  Wood: 'PBOI',
  Concrete: 'PBET',
  Steel: 'PMET',
};

/** `Name=value` pairs of our attributes that have no column, read back by our own import. */
export const comment = (pairs: Record<string, Value | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' | ') || null;

/** A terminal written into a position's comment: enough to rebuild the very same joint. */
export function terminalText(side: TerminalSide): string {
  if (side.cableId !== null)
    return `F${side.cableId}/${side.number}/${side.end}${side.end === 'm' ? `/${side.along}/${side.faces}` : ''}`;
  if (side.splitterId !== null) return `S${side.splitterId}/${side.leg}`;
  return `P${side.portId}/${side.kind}`;
}
