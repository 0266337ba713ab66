import {
  DEFAULT_LOSSES,
  lossConstantsSchema,
  SPLITTER_RATIOS,
  WAVELENGTHS,
  type LossConstants,
  type SplitterRatio,
  type Wavelength,
} from '@integration/contracts';

/** A loss constant as one field of the form: 'fibre.1310', 'splice', 'splitter.1:8', 'budget'. */
export type LossKey =
  `fibre.${Wavelength}` | 'splice' | 'connector' | `splitter.${SplitterRatio}` | 'budget';

/** A number field as typed: Mantine's NumberInput answers '' while it is empty. */
export type Typed = number | string;
export type LossDraft = Record<LossKey, Typed>;

export interface LossField {
  key: LossKey;
  unit: 'dB/km' | 'dB';
  min: number;
  max: number;
  of(losses: LossConstants): number;
}

const shape = lossConstantsSchema.shape;
// The bounds are the API's own (contracts), so the form never lets through what it refuses.
const bounds = (schema: { minValue: number | null; maxValue: number | null }) => ({
  min: schema.minValue ?? 0,
  max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
});

/** Every loss constant, in the order the form shows them. */
export const LOSS_FIELDS: readonly LossField[] = [
  ...WAVELENGTHS.map((w): LossField => ({
    key: `fibre.${w}`,
    unit: 'dB/km',
    ...bounds(shape.fibreDbPerKm.shape[w]),
    of: (l) => l.fibreDbPerKm[w],
  })),
  { key: 'splice', unit: 'dB', ...bounds(shape.spliceDb), of: (l) => l.spliceDb },
  { key: 'connector', unit: 'dB', ...bounds(shape.connectorDb), of: (l) => l.connectorDb },
  ...SPLITTER_RATIOS.map((r): LossField => ({
    key: `splitter.${r}`,
    unit: 'dB',
    ...bounds(shape.splitterDb.shape[r]),
    of: (l) => l.splitterDb[r],
  })),
  { key: 'budget', unit: 'dB', ...bounds(shape.budgetDb), of: (l) => l.budgetDb },
];

export const lossField = (key: LossKey): LossField => {
  const field = LOSS_FIELDS.find((f) => f.key === key);
  if (!field) throw new Error(`no loss field ${key}`);
  return field;
};

export const lossDraft = (losses: LossConstants): LossDraft =>
  Object.fromEntries(LOSS_FIELDS.map((f) => [f.key, f.of(losses)])) as LossDraft;

/** Is this typed value a loss the API takes (a number within the field's bounds)? */
export const lossValid = (field: LossField, value: Typed): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= field.min && value <= field.max;

/** The loss constants typed, or null while one of them is missing or out of bounds. */
export function lossesOf(draft: LossDraft): LossConstants | null {
  if (!LOSS_FIELDS.every((f) => lossValid(f, draft[f.key]))) return null;
  const n = (key: LossKey) => draft[key] as number;
  return {
    fibreDbPerKm: Object.fromEntries(WAVELENGTHS.map((w) => [w, n(`fibre.${w}`)])) as Record<
      Wavelength,
      number
    >,
    spliceDb: n('splice'),
    connectorDb: n('connector'),
    splitterDb: Object.fromEntries(SPLITTER_RATIOS.map((r) => [r, n(`splitter.${r}`)])) as Record<
      SplitterRatio,
      number
    >,
    budgetDb: n('budget'),
  };
}

/** How many constants differ from the product's defaults (GPON class B+). */
export const changedFromDefaults = (draft: LossDraft): number =>
  LOSS_FIELDS.filter((f) => draft[f.key] !== f.of(DEFAULT_LOSSES)).length;

export const sameLosses = (a: LossConstants, b: LossConstants): boolean =>
  LOSS_FIELDS.every((f) => f.of(a) === f.of(b));
