import { describe, expect, it } from 'vitest';
import { TOOLBAR_MODES } from '../core/interaction.ts';
import { modeShown } from './toolbar-model.ts';

describe('modeShown', () => {
  it('keeps every mode for a user who may edit', () => {
    expect(TOOLBAR_MODES.filter((m) => modeShown(m, true))).toEqual([...TOOLBAR_MODES]);
  });

  it('keeps only Get Info on a read-only map: nothing there would be refused on save', () => {
    expect(TOOLBAR_MODES.filter((m) => modeShown(m, false))).toEqual(['getInfo']);
  });
});
