import { describe, expect, it } from 'vitest';
import { geoJsonFeature } from './file-format.ts';
import { namingConventionSchema } from './naming.ts';
import { bodyId, MAX_ID, paramId, text } from './primitives.ts';

describe('request primitives', () => {
  it('text() refuses what PostgreSQL cannot store and keeps everything else', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800']) {
      expect(text().safeParse(bad).success).toBe(false);
    }
    for (const good of ['', 'Pole 📡', 'é à ü', 'tab\tand\nnewline', '\u0001']) {
      expect(text().safeParse(good).data).toBe(good);
    }
  });

  it('bodyId takes JSON integers of PostgreSQL’s integer only', () => {
    for (const bad of ['1', ' 1 ', true, '0x1', 1.5, 0, -1, MAX_ID + 1, null]) {
      expect(bodyId.safeParse(bad).success).toBe(false);
    }
    expect(bodyId.parse(MAX_ID)).toBe(MAX_ID);
  });

  it('paramId takes plain decimal digits within PostgreSQL’s integer', () => {
    for (const bad of [' 1 ', '0x1', '1e3', '01', '0', '-1', '1.0', '2147483648', '']) {
      expect(paramId.safeParse(bad).success).toBe(false);
    }
    expect(paramId.parse('2147483647')).toBe(MAX_ID);
  });

  it('is used by schemas whose text reaches the database or a file', () => {
    const pattern = namingConventionSchema.safeParse({ prefix: 'NBO', pattern: '{seq}\u0000' });
    expect(pattern.success).toBe(false);
    const feature = geoJsonFeature.safeParse({
      type: 'Feature',
      geometry: null,
      properties: { 'na\ud800me': 1 },
    });
    expect(feature.success).toBe(false);
  });
});
