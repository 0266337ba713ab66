import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMING_PATTERN } from '@integration/contracts';
import { namePreview } from './name-preview.ts';

describe('namePreview', () => {
  it("leaves the number open in the cluster's convention", () => {
    expect(namePreview({ prefix: 'NBO', pattern: DEFAULT_NAMING_PATTERN }, 'Pole', 'CBD-01')).toBe(
      'NBO-POL-…',
    );
    expect(namePreview({ prefix: '', pattern: '{cluster}_{type}{seq}' }, 'PboFat', 'MSA-01')).toBe(
      'MSA-01_PBO…',
    );
  });
});
