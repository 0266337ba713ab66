import { describe, expect, it } from 'vitest';
import { DEFAULT_LOSSES } from '@integration/contracts';
import { changedFromDefaults, lossDraft, lossesOf } from './loss-fields.ts';
import {
  changedSettings,
  draftOf,
  problemsOf,
  valuesOf,
  type ProjectValues,
} from './project-settings-form.ts';

const saved: ProjectValues = {
  name: 'Westlands',
  zoom: 14,
  currency: 'KES',
  basemap: null,
  phase: 'In-Progress',
  colourScheme: 'TIA-598-C',
  losses: DEFAULT_LOSSES,
};

describe('ConfigureProject form', () => {
  it('takes the saved settings as they are', () => {
    const draft = draftOf(saved);
    expect(problemsOf(draft)).toEqual({ name: false, zoom: false, losses: [] });
    expect(valuesOf(draft)).toEqual(saved);
  });

  it('refuses an empty or out-of-range zoom, as the API would', () => {
    expect(problemsOf({ ...draftOf(saved), zoom: '' }).zoom).toBe(true);
    expect(problemsOf({ ...draftOf(saved), zoom: 25 }).zoom).toBe(true);
    expect(problemsOf({ ...draftOf(saved), zoom: 12.5 }).zoom).toBe(true);
    expect(valuesOf({ ...draftOf(saved), zoom: '' })).toBeNull();
  });

  it('names each loss constant that is empty or beyond its bounds, and saves none meanwhile', () => {
    const draft = draftOf(saved);
    const losses = { ...draft.losses, 'fibre.1550': 11, 'splitter.1:32': '', budget: -1 };
    expect(problemsOf({ ...draft, losses }).losses).toEqual([
      'fibre.1550',
      'splitter.1:32',
      'budget',
    ]);
    expect(valuesOf({ ...draft, losses })).toBeNull();
    // Fibre attenuation goes to 10 dB/km, the others to 100 dB (contracts' lossConstantsSchema).
    expect(problemsOf({ ...draft, losses: { ...draft.losses, budget: 100 } }).losses).toEqual([]);
  });

  it('reads the loss constants back whole, and counts those changed from the defaults', () => {
    const draft = lossDraft(DEFAULT_LOSSES);
    expect(lossesOf(draft)).toEqual(DEFAULT_LOSSES);
    expect(changedFromDefaults(draft)).toBe(0);
    const edited = { ...draft, splice: 0.05, 'splitter.1:8': 10.5 };
    expect(changedFromDefaults(edited)).toBe(2);
    expect(lossesOf(edited)).toEqual({
      ...DEFAULT_LOSSES,
      spliceDb: 0.05,
      splitterDb: { ...DEFAULT_LOSSES.splitterDb, '1:8': 10.5 },
    });
  });

  it('sends only what changed, the loss constants as one whole', () => {
    expect(changedSettings(saved, saved)).toEqual({});
    const after: ProjectValues = {
      ...saved,
      basemap: 'satellite',
      phase: 'Completed',
      colourScheme: 'GraceTHD',
      losses: { ...DEFAULT_LOSSES, budgetDb: 31 },
    };
    expect(changedSettings(saved, after)).toEqual({
      basemap: 'satellite',
      phase: 'Completed',
      colourScheme: 'GraceTHD',
      losses: { ...DEFAULT_LOSSES, budgetDb: 31 },
    });
  });
});
