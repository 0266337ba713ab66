import { describe, expect, it } from 'vitest';
import { tagModalMode } from './tag-modal-mode.ts';

describe('tag modal mode', () => {
  it('is create, edit or none, and anything else is an error', () => {
    expect(tagModalMode('create')).toBe('create');
    expect(tagModalMode('edit')).toBe('edit');
    expect(tagModalMode('none')).toBe('none');
    expect(() => tagModalMode('view')).toThrow("Unknown tag modal mode 'view'");
  });
});
