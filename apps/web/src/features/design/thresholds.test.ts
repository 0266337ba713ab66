import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN_THRESHOLDS } from '@integration/contracts';
import { THRESHOLD_FIELDS, fieldErrors, fromForm, invalid, toForm } from './thresholds.ts';

const field = (name: string) => {
  const found = THRESHOLD_FIELDS.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('the thresholds form', () => {
  it('shows shares as percentages and sends them back as shares, unchanged', () => {
    const shown = toForm(DEFAULT_DESIGN_THRESHOLDS);
    expect(shown).toMatchObject({
      budgetWarnShare: 90,
      maxSplit: 64,
      dropMaxM: 300,
      pboWarnShare: 80,
      spareShare: 10,
      endToleranceM: 1,
      lengthTolerance: 1,
    });
    expect(fromForm(shown)).toEqual(DEFAULT_DESIGN_THRESHOLDS);
    expect(fromForm({ ...shown, budgetWarnShare: 85.5, lengthTolerance: 0.25 })).toMatchObject({
      budgetWarnShare: 0.855,
      lengthTolerance: 0.0025,
    });
  });

  it('refuses what the server would: empty, out of range, a split that is not whole', () => {
    expect(invalid(field('dropMaxM'), '')).toBe('required');
    expect(invalid(field('dropMaxM'), 0)).toBe('range');
    expect(invalid(field('dropMaxM'), 10)).toBeNull();
    expect(invalid(field('pboWarnShare'), 101)).toBe('range');
    expect(invalid(field('maxSplit'), 32.5)).toBe('whole');
    expect(invalid(field('endToleranceM'), 0)).toBeNull();
  });

  it("puts the server's refusals beside their fields", () => {
    expect(
      fieldErrors([
        { field: 'thresholds.dropMaxM', message: 'at least 1' },
        { field: 'thresholds', message: 'ignored' },
      ]),
    ).toEqual({ dropMaxM: 'at least 1' });
    expect(fieldErrors(undefined)).toEqual({});
  });
});
