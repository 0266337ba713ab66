import { describe, expect, it } from 'vitest';
import { LABEL_TYPOGRAPHY, layoutLabelText, wrapText, type Measure } from './label-text.ts';

/** Every character half a point wide at 1 pt: widths easy to reason about. */
const measure: Measure = (text, _font, size) => text.length * 0.5 * size;

describe('label text layout', () => {
  it('wraps at spaces, and splits a word wider than the line', () => {
    const fits = (line: string) => line.length <= 10;
    expect(wrapText('Call NOC 0700 000 000', fits)).toEqual(['Call NOC', '0700 000', '000']);
    expect(wrapText('0700000000000', fits)).toEqual(['0700000000', '000']);
    expect(wrapText('', fits)).toEqual(['']);
  });

  it('measures a long word a few times a line, not once per character (bounded work)', () => {
    let calls = 0;
    const counting: Measure = (text, font, size) => {
      calls++;
      return measure(text, font, size);
    };
    // The largest a template allows: 20 details of 200 characters without a space.
    const content = {
      code: 'ABCDEFGH00001',
      templateName: 'W'.repeat(100),
      details: Array.from({ length: 20 }, () => ({ property: '', value: 'W'.repeat(200) })),
    };
    const { lines } = layoutLabelText(counting, content, 'a4-65', { width: 40, height: 30 });
    expect(lines.length).toBeGreaterThan(1);
    expect(calls).toBeLessThan(20_000); // ~9,000; one measure per character was ~113,000
    const fits = (line: string) => line.length <= 10;
    expect(wrapText('0'.repeat(200), fits)).toEqual(
      Array.from({ length: 20 }, () => '0'.repeat(10)),
    );
  });

  it('prints every word, shrinking the details together until they fit', () => {
    const content = {
      code: 'POL00001',
      templateName: 'Poles extension Westlands',
      details: [
        { property: 'Owner', value: 'Safaricom' },
        { property: '', value: 'Call NOC 0700 000 000 before opening' },
      ],
    };
    const { lines, cut } = layoutLabelText(measure, content, 'a4-21', { width: 60, height: 50 });
    expect(cut).toEqual([]);
    const printed = lines.map((l) => l.text).join(' ');
    for (const word of 'Poles extension Westlands Owner: Safaricom Call NOC 0700 000 000 before opening'.split(
      ' ',
    )) {
      expect(printed.split(' ')).toContain(word);
    }
    const detailSizes = lines.slice(1).map((l) => l.size);
    expect(Math.min(...detailSizes)).toBeGreaterThanOrEqual(LABEL_TYPOGRAPHY['a4-21'].minimum);
    expect(Math.max(...detailSizes)).toBeLessThan(LABEL_TYPOGRAPHY['a4-21'].name);
    // Every line inside the box.
    for (const line of lines) {
      expect(line.y + line.size).toBeLessThanOrEqual(50);
      expect(measure(line.text, line.font, line.size)).toBeLessThanOrEqual(60);
    }
  });

  it('says what it had to cut once the readable minimum is reached', () => {
    const { lines, cut } = layoutLabelText(
      measure,
      {
        code: 'PBO00001',
        templateName: 'PBO',
        details: [
          { property: 'Owner', value: 'Safaricom' },
          { property: '', value: 'Call NOC 0700 000 000 before opening. '.repeat(6) },
        ],
      },
      'a4-65',
      { width: 45, height: 54 },
    );
    expect(cut).toEqual(['detail:1']);
    expect(lines.at(-1)?.text.endsWith('…')).toBe(true);
    expect(lines.every((l) => l.size >= LABEL_TYPOGRAPHY['a4-65'].minimum)).toBe(true);
  });
});
