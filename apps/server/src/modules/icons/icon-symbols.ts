import { ELEMENT_TYPES, type ElementSegment } from '@integration/contracts';

/** What an icon is drawn in: a map pin (tip at the bottom centre), a square badge, a house. */
export type IconFrame = 'pin' | 'badge' | 'house';

export interface IconSymbol {
  title: string;
  color: string;
  frame: IconFrame;
  /** SVG elements in a 12 × 12 box, drawn in `ink` with cut-outs in `color`. */
  glyph: (ink: string, color: string) => string;
  /** The glyph's colour: white, unless the fill is too light for it. */
  ink?: string;
}

const strokeOf = (ink: string, width: number) =>
  `stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
/** An unfilled stroke: lines, rings. */
const stroke = (ink: string, width = 1.5) => `fill="none" ${strokeOf(ink, width)}`;

/** The glyph of each element type: one table, so a new type without a glyph is a type error. */
const ELEMENT_GLYPHS: Record<ElementSegment, Pick<IconSymbol, 'glyph' | 'ink'>> = {
  // An optical distribution box with three drop ports and its feed.
  pbofat: {
    glyph: (ink, c) =>
      `<rect x="1.5" y="1.5" width="9" height="6.5" rx="1.2" fill="${ink}"/>` +
      [3.8, 6, 8.2].map((x) => `<circle cx="${x}" cy="4.75" r="1" fill="${c}"/>`).join('') +
      `<path d="M6 8v3.2M3.5 11.2h5" ${stroke(ink, 1.4)}/>`,
  },
  // An in-line closure: a capsule with the fibre through it and the cables leaving it.
  spliceclosure: {
    glyph: (ink, c) =>
      `<rect x="1" y="3.3" width="10" height="5.4" rx="2.7" fill="${ink}"/>` +
      `<path d="M3.4 6h5.2" ${stroke(c, 1.2)}/><path d="M-.5 6H1M11 6h1.5" ${stroke(ink, 1.4)}/>`,
  },
  // A pole with its crossarm and insulators.
  pole: {
    glyph: (ink) =>
      `<path d="M6 1.6v9.9M1.8 4h8.4" ${stroke(ink, 1.6)}/>` +
      [2.6, 9.4].map((x) => `<circle cx="${x}" cy="2.4" r="1" fill="${ink}"/>`).join(''),
  },
  // A round cover with its grip bars.
  manhole: {
    glyph: (ink) =>
      `<circle cx="6" cy="6" r="5" ${stroke(ink)}/>` +
      `<path d="M2.6 4h6.8M1.9 6h8.2M2.6 8h6.8" ${stroke(ink, 1.1)}/>`,
  },
  // A coil of slack cable.
  loop: {
    glyph: (ink) =>
      `<circle cx="6" cy="6" r="4.8" ${stroke(ink)}/><circle cx="6" cy="6" r="2.2" ${stroke(ink)}/>`,
  },
  // A street cabinet with its double door.
  fdt: {
    glyph: (ink, c) =>
      `<rect x="2.5" y=".8" width="7" height="10.4" rx=".8" fill="${ink}"/>` +
      `<path d="M6 2.2v7.6" ${stroke(c, 1)}/>` +
      `<circle cx="4.9" cy="6" r=".6" fill="${c}"/><circle cx="7.1" cy="6" r=".6" fill="${c}"/>`,
  },
  // A single-family home.
  sfu: {
    glyph: (ink, c) =>
      `<path d="M6 .8 11.6 5.8H10V11H2V5.8H.4Z" fill="${ink}"/>` +
      `<rect x="5" y="7.4" width="2" height="3.6" fill="${c}"/>`,
  },
  // A block of flats with its windows.
  building: {
    glyph: (ink, c) =>
      `<rect x="2.5" y=".8" width="7" height="10.7" rx=".5" fill="${ink}"/>` +
      [2.2, 4.8, 7.4]
        .flatMap((y) =>
          [3.8, 6.7].map((x) => `<rect x="${x}" y="${y}" width="1.5" height="1.5" fill="${c}"/>`),
        )
        .join(''),
  },
  // A cable run (legend swatch).
  cable: {
    glyph: (ink) =>
      `<path d="M1 6c1.7-3.4 3.3-3.4 5 0s3.3 3.4 5 0" ${stroke(ink, 1.8)}/>` +
      `<circle cx="1" cy="6" r="1.3" fill="${ink}"/><circle cx="11" cy="6" r="1.3" fill="${ink}"/>`,
  },
  // A zone outline with its vertices (legend swatch).
  zone: {
    ink: '#4a3500',
    glyph: (ink) =>
      `<path d="M1.5 3.5 7 1l4 4.5-1.8 5.5H2.8Z" fill="${ink}" fill-opacity=".3" ${strokeOf(ink, 1.3)}/>` +
      [
        [1.5, 3.5],
        [7, 1],
        [11, 5.5],
        [9.2, 11],
        [2.8, 11],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="1.1" fill="${ink}"/>`)
        .join(''),
  },
};

const frameOf = (geometry: string): IconFrame => (geometry === 'point' ? 'pin' : 'badge');

export type IconKey = ElementSegment | 'house' | 'pin';

/** Every icon the service draws, by key: the ten element types, the house and the plain pin. */
export const ICON_SYMBOLS: Record<IconKey, IconSymbol> = {
  ...(Object.fromEntries(
    ELEMENT_TYPES.map((t) => [
      t.segment,
      {
        title: t.displayName,
        color: t.color,
        frame: frameOf(t.geometry),
        ...ELEMENT_GLYPHS[t.segment],
      },
    ]),
  ) as Record<ElementSegment, IconSymbol>),
  // The subscriber at the end of a PBO-FAT's dashed Line of Affectation.
  house: {
    title: 'House',
    color: '#263238',
    frame: 'house',
    glyph: (ink) => `<rect x="4" y="8.6" width="4" height="6.4" rx=".4" fill="${ink}"/>`,
  },
  // The fallback marker of SPEC §8.
  pin: {
    title: 'Pin',
    color: '#78909c',
    frame: 'pin',
    glyph: (ink) => `<circle cx="6" cy="6" r="3" fill="${ink}"/>`,
  },
};

/** The icon a path names: a URL segment, an internal name (any case), `house` or `pin`. */
export function resolveIconKey(name: string): IconKey | undefined {
  const wanted = name.toLowerCase();
  if (wanted === 'house' || wanted === 'pin') return wanted;
  return ELEMENT_TYPES.find((t) => t.segment === wanted || t.internalName.toLowerCase() === wanted)
    ?.segment;
}

export const ICON_KEYS = Object.keys(ICON_SYMBOLS) as IconKey[];
