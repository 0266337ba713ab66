import type { DesignRule, DesignThresholds } from '@integration/contracts';

export type ThresholdName = keyof DesignThresholds;

/**
 * The seven thresholds as a planner reads them: shares as percentages, lengths in metres, the
 * split as 1:N; each with the rule it tunes and the range the server takes (contracts' schema).
 */
export interface ThresholdField {
  name: ThresholdName;
  rule: DesignRule;
  unit: 'percent' | 'metres' | 'split';
  min: number;
  max: number;
  /** Decimals the input keeps. */
  decimals: number;
}

export const THRESHOLD_FIELDS: readonly ThresholdField[] = [
  { name: 'budgetWarnShare', rule: 'lossBudget', unit: 'percent', min: 0, max: 100, decimals: 1 },
  { name: 'maxSplit', rule: 'splitRatio', unit: 'split', min: 2, max: 1024, decimals: 0 },
  { name: 'dropMaxM', rule: 'dropLength', unit: 'metres', min: 1, max: 100_000, decimals: 1 },
  { name: 'pboWarnShare', rule: 'pboSaturation', unit: 'percent', min: 0, max: 100, decimals: 1 },
  { name: 'spareShare', rule: 'cableFill', unit: 'percent', min: 0, max: 100, decimals: 1 },
  { name: 'endToleranceM', rule: 'geometry', unit: 'metres', min: 0, max: 1000, decimals: 1 },
  { name: 'lengthTolerance', rule: 'geometry', unit: 'percent', min: 0, max: 100, decimals: 2 },
];

export type ThresholdValues = Record<ThresholdName, number | string>;

/** Rounded to the input's decimals: 0.9 × 100 shows 90, not 90.00000000000001. */
const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** What the form shows of the project's thresholds. */
export function toForm(t: DesignThresholds): ThresholdValues {
  const values = {} as ThresholdValues;
  for (const f of THRESHOLD_FIELDS) {
    const raw = t[f.name];
    values[f.name] = f.unit === 'percent' ? round(raw * 100, f.decimals + 2) : raw;
  }
  return values;
}

/** Why a value cannot be saved (the key of its message), or null when it can. */
export function invalid(
  f: ThresholdField,
  value: number | string,
): 'required' | 'range' | 'whole' | null {
  if (value === '' || typeof value !== 'number' || !Number.isFinite(value)) return 'required';
  if (value < f.min || value > f.max) return 'range';
  if (f.unit === 'split' && !Number.isInteger(value)) return 'whole';
  return null;
}

/** The thresholds to send: percentages back to shares. */
export function fromForm(values: ThresholdValues): Partial<DesignThresholds> {
  const out: Partial<DesignThresholds> = {};
  for (const f of THRESHOLD_FIELDS) {
    const v = values[f.name];
    if (typeof v !== 'number') continue;
    out[f.name] = f.unit === 'percent' ? round(v / 100, f.decimals + 2) : v;
  }
  return out;
}

/** The server's refusals by field ('thresholds.dropMaxM' → dropMaxM). */
export function fieldErrors(details: unknown): Partial<Record<ThresholdName, string>> {
  const out: Partial<Record<ThresholdName, string>> = {};
  if (!Array.isArray(details)) return out;
  for (const d of details as { field?: unknown; message?: unknown }[]) {
    if (typeof d?.field !== 'string' || typeof d.message !== 'string') continue;
    const name = d.field.replace(/^thresholds\./, '') as ThresholdName;
    if (THRESHOLD_FIELDS.some((f) => f.name === name)) out[name] = d.message;
  }
  return out;
}
