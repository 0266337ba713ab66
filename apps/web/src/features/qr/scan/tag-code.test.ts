import { describe, expect, it } from 'vitest';
import { parseTagCode } from './tag-code.ts';

describe('parseTagCode', () => {
  it('reads the code of a tag link in upper or lower case', () => {
    expect(parseTagCode('HTTP://INTEGRATION.EXAMPLE.COM/T/PBO00001')).toBe('PBO00001');
    expect(parseTagCode('http://localhost:3000/t/pol00010')).toBe('POL00010');
    expect(parseTagCode('https://host/base/t/POL00010/')).toBe('POL00010');
    expect(parseTagCode('https://host/t/POL00010?from=label')).toBe('POL00010');
  });

  it('accepts a bare code, trimmed and upper-cased', () => {
    expect(parseTagCode('  pol00012 ')).toBe('POL00012');
    expect(parseTagCode('A-B_C00001')).toBe('A-B_C00001');
  });

  it('refuses what is not a tag', () => {
    expect(parseTagCode('')).toBeNull();
    expect(parseTagCode('https://example.com/menu')).toBeNull();
    expect(parseTagCode('WIFI:S:net;T:WPA;P:secret;;')).toBeNull();
    expect(parseTagCode('two words')).toBeNull();
  });
});
