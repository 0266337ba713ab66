import { describe, expect, it } from 'vitest';
import { formatElementName, namingConventionSchema } from './naming.ts';

describe('naming conventions', () => {
  const context = { typeCode: 'PBO', clusterName: 'CBD-01', seq: 7 };

  it('fills the default pattern', () => {
    expect(formatElementName({ prefix: 'NBO', pattern: '{prefix}-{type}-{seq:4}' }, context)).toBe(
      'NBO-PBO-0007',
    );
  });

  it('drops the separator of an empty prefix', () => {
    expect(formatElementName({ prefix: '', pattern: '{prefix}-{type}-{seq:3}' }, context)).toBe(
      'PBO-007',
    );
  });

  it('knows the cluster token and unpadded seq', () => {
    expect(formatElementName({ prefix: 'X', pattern: '{cluster}/{type}{seq}' }, context)).toBe(
      'CBD-01/PBO7',
    );
  });

  it('refuses a pattern without seq and unknown tokens', () => {
    expect(
      namingConventionSchema.safeParse({ prefix: 'A', pattern: '{prefix}-{type}' }).success,
    ).toBe(false);
    expect(
      namingConventionSchema.safeParse({ prefix: 'A', pattern: '{seq}-{owner}' }).success,
    ).toBe(false);
    expect(namingConventionSchema.safeParse({ prefix: 'A B', pattern: '{seq}' }).success).toBe(
      false,
    );
    expect(
      namingConventionSchema.safeParse({ prefix: 'NBO', pattern: '{prefix}-{seq:4}' }).success,
    ).toBe(true);
  });
});
