import { describe, expect, it } from 'vitest';
import { defaultTemplateAttributes } from '@integration/contracts';
import { newAttribute, toDraft, toEdits } from './template-draft.ts';

describe('the template draft', () => {
  const draft = toDraft('PboFat', defaultTemplateAttributes('PboFat'));

  it('locks derived attributes and those the server reads by name', () => {
    const locked = draft.filter((a) => a.locked).map((a) => a.name);
    expect(locked).toEqual([
      'Name',
      'Coordinates',
      'FAT Existing Users ID',
      'Existing Users',
      'Creation Date',
      'Last Modification Date',
    ]);
  });

  it('sends the list back unchanged, with no renames', () => {
    const edits = toEdits(draft);
    expect(edits.map((e) => e.name)).toEqual(draft.map((a) => a.name));
    expect(edits.some((e) => e.previousName)).toBe(false);
    expect(edits.find((e) => e.name === 'Capacity')?.options).toEqual(['8', '16', '24']);
  });

  it('names a renamed attribute by its previous name, and a new one by none', () => {
    const renamed = draft.map((a) => (a.name === 'Type' ? { ...a, name: ' Mounting ' } : a));
    const added = {
      ...newAttribute(),
      name: 'Splitters',
      inputType: 'number' as const,
      defaultText: '2',
    };
    const edits = toEdits([...renamed, added]);
    expect(edits.find((e) => e.name === 'Mounting')?.previousName).toBe('Type');
    expect(edits.at(-1)).toEqual({
      name: 'Splitters',
      inputType: 'number',
      required: false,
      default: '2',
    });
  });
});
