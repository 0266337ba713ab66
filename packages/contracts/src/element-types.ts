import { z } from 'zod';

export type GeometryKind = 'point' | 'line' | 'polygon';

/**
 * The ten network element types (SPEC §1, §3): one registry from which routes, layers,
 * validation and styles are generated. Order is the layers list of SPEC §2; `id` is the
 * `networkElementId` of the API; `code` is the short form naming conventions use ({type});
 * the layer of a type is its display name.
 */
export const ELEMENT_TYPES = [
  {
    id: 1,
    displayName: 'PBO-FAT',
    internalName: 'PboFat',
    segment: 'pbofat',
    geometry: 'point',
    code: 'PBO',
    color: '#2e7d32',
  },
  {
    id: 2,
    displayName: 'Splice Closure',
    internalName: 'SpliceClosure',
    segment: 'spliceclosure',
    geometry: 'point',
    code: 'SC',
    color: '#7b1fa2',
  },
  {
    id: 3,
    displayName: 'Pole',
    internalName: 'Pole',
    segment: 'pole',
    geometry: 'point',
    code: 'POL',
    color: '#8d6e63',
  },
  {
    id: 4,
    displayName: 'Manhole',
    internalName: 'Manhole',
    segment: 'manhole',
    geometry: 'point',
    code: 'MH',
    color: '#455a64',
  },
  {
    id: 5,
    displayName: 'Loop',
    internalName: 'Loop',
    segment: 'loop',
    geometry: 'point',
    code: 'LP',
    color: '#00897b',
  },
  {
    id: 6,
    displayName: 'FDT-SRO',
    internalName: 'FDTSRO',
    segment: 'fdt',
    geometry: 'point',
    code: 'FDT',
    color: '#c62828',
  },
  {
    id: 7,
    displayName: 'SFU',
    internalName: 'SFU',
    segment: 'sfu',
    geometry: 'point',
    code: 'SFU',
    color: '#d81b60',
  },
  {
    id: 8,
    displayName: 'Building',
    internalName: 'Building',
    segment: 'building',
    geometry: 'point',
    code: 'BLD',
    color: '#1565c0',
  },
  {
    id: 9,
    displayName: 'Cable',
    internalName: 'Cable',
    segment: 'cable',
    geometry: 'line',
    code: 'CBL',
    color: '#ef6c00',
  },
  {
    id: 10,
    displayName: 'Zone NRO',
    internalName: 'Zone',
    segment: 'zone',
    geometry: 'polygon',
    code: 'ZN',
    color: '#f9a825',
  },
] as const satisfies readonly {
  id: number;
  displayName: string;
  internalName: string;
  segment: string;
  geometry: GeometryKind;
  code: string;
  /** Map colour (hex): marker icon, legend swatch, default cable and zone colour. */
  color: string;
}[];

export type ElementType = (typeof ELEMENT_TYPES)[number];
export type ElementTypeName = ElementType['internalName'];
export type ElementSegment = ElementType['segment'];

export const ELEMENT_TYPE_NAMES = ELEMENT_TYPES.map((t) => t.internalName) as ElementTypeName[];
export const elementTypeNameSchema = z.enum(
  ELEMENT_TYPE_NAMES as [ElementTypeName, ...ElementTypeName[]],
);

/** Elements per type, as `_count` of projects and clusters shows them. */
export type ElementCounts = Record<ElementTypeName, number>;

export function emptyElementCounts(): ElementCounts {
  return Object.fromEntries(ELEMENT_TYPE_NAMES.map((n) => [n, 0])) as ElementCounts;
}

export const totalElements = (counts: Partial<ElementCounts>): number =>
  Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);

export function elementTypeBySegment(segment: string): ElementType | undefined {
  return ELEMENT_TYPES.find((t) => t.segment === segment);
}

export function elementTypeByName(name: string): ElementType | undefined {
  return ELEMENT_TYPES.find((t) => t.internalName === name);
}

export function elementTypeById(id: number): ElementType | undefined {
  return ELEMENT_TYPES.find((t) => t.id === id);
}
