import { describe, expect, it } from 'vitest';
import { SHEET_NAME_MAX, sheetNames } from './sheet-names.ts';

describe('sheet names', () => {
  it('follow Excel rules: length, characters, apostrophes, History, unique without case', () => {
    expect(sheetNames(['History', 'a/b:c', "'quoted'", 'x?*[y]\\', '', 'A B C'])).toEqual([
      'History 2',
      'a b c',
      'quoted',
      'x y',
      'Sheet',
      'A B C 2',
    ]);
    const long = sheetNames(['n'.repeat(40), 'N'.repeat(40)]);
    expect(long.map((n) => n.length)).toEqual([SHEET_NAME_MAX, SHEET_NAME_MAX]);
    expect(long[1]?.endsWith(' 2')).toBe(true);
    // A cut never ends on an apostrophe or a space.
    expect(sheetNames([`${'a'.repeat(30)}'b`])).toEqual(['a'.repeat(30)]);
  });
});
