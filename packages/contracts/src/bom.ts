import { z } from 'zod';
import { CABLE_PLACEMENTS, type CablePlacement } from './fibre.ts';
import { paramId, text } from './primitives.ts';

/**
 * Bill of materials and cost (issue 27): what a design needs, counted from the map and the
 * splice plans, priced from the project's price book.
 */
export const BOM_ITEMS = [
  'cable',
  'closure',
  'pboFat',
  'fdtSro',
  'splitter',
  'splice',
  'connector',
  'pole',
  'trench',
  'labourSplice',
  'labourPull',
  'labourHang',
] as const;
export type BomItem = (typeof BOM_ITEMS)[number];

export const BOM_UNITS = { metre: 'm', each: 'each' } as const;
export type BomUnit = (typeof BOM_UNITS)[keyof typeof BOM_UNITS];

/** Metres for cable, trench and the labour of pulling or hanging it; the rest are counted. */
export const BOM_ITEM_UNITS: Record<BomItem, BomUnit> = {
  cable: 'm',
  closure: 'each',
  pboFat: 'each',
  fdtSro: 'each',
  splitter: 'each',
  splice: 'each',
  connector: 'each',
  pole: 'each',
  trench: 'm',
  labourSplice: 'each',
  labourPull: 'm',
  labourHang: 'm',
};

/** A pole the design plants, or one that stands already (its Owner is filled). */
export const POLE_SPECS = ['new', 'existing'] as const;

/**
 * One price: an item, narrowed by spec (a cable's or an enclosure's Capacity, a splitter's
 * ratio, a pole's new/existing) and by placement (cables) where it differs. An empty spec or
 * placement prices every spec or placement that has no price of its own.
 */
export interface PriceEntry {
  item: BomItem;
  spec: string;
  placement: CablePlacement | '';
  unitPrice: number;
}

export interface PriceBook {
  projectId: number;
  /** ISO 4217; KES by default (SPEC §9). */
  currency: string;
  entries: PriceEntry[];
  updatedAt: string | null;
}

export const DEFAULT_CURRENCY = 'KES';
export const PRICE_ENTRIES_MAX = 500;
export const UNIT_PRICE_MAX = 1e9;

export const priceEntrySchema = z
  .object({
    item: z.enum(BOM_ITEMS),
    spec: text().trim().max(40).default(''),
    placement: z.enum([...CABLE_PLACEMENTS, '']).default(''),
    unitPrice: z.number().min(0).max(UNIT_PRICE_MAX),
  })
  .strict();

export const priceBookBody = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as KES')
      .optional(),
    entries: z.array(priceEntrySchema).max(PRICE_ENTRIES_MAX),
  })
  .strict();
export type PriceBookBody = z.infer<typeof priceBookBody>;

/** The scope of a bill: a project, one of its central offices, or one of its clusters. */
export const bomQuery = z
  .object({
    projectId: paramId,
    centralOfficeId: paramId.optional(),
    clusterId: paramId.optional(),
    locale: z.string().max(10).optional(),
  })
  .strict();
export type BomQuery = z.infer<typeof bomQuery>;

/** What is built (cluster phase Completed, or an element's Status says so) is counted apart. */
export interface BomPart {
  quantity: number;
  total: number | null;
}

export interface BomLine {
  item: BomItem;
  spec: string;
  placement: CablePlacement | '';
  quantity: number;
  unit: BomUnit;
  /** Null where the price book has no price for it: the line's total is then unknown. */
  unitPrice: number | null;
  total: number | null;
  built: BomPart;
}

export interface BomTotals {
  cost: number;
  /** Of which built; what is left to spend is cost − built. */
  builtCost: number;
  leftCost: number;
  /** Lines without a price: their cost is missing from the totals. */
  unpricedLines: number;
  homesPassed: number;
  homesConnected: number;
  costPerHomePassed: number | null;
  costPerHomeConnected: number | null;
  currency: string;
}

export interface Bom {
  scope: { projectId: number; centralOfficeId: number | null; clusterId: number | null };
  /** The scope's name as a title shows it (project, CO or cluster). */
  name: string;
  lines: BomLine[];
  totals: BomTotals;
  /** Clusters whose phase is Cancelled: nothing in them is counted. */
  cancelledClusters: number;
}
