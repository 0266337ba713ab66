import {
  isLockedAttribute,
  type AttributeDefinition,
  type ElementTypeName,
  type InputType,
  type TemplateAttributeEdit,
} from '@integration/contracts';

/**
 * A template's attributes as the editor holds them while they change: each row remembers the
 * name it had when loaded (so a new name is a rename, its values carried over), and whether
 * the server keeps its name and type (derived, or read by name).
 */
export interface DraftAttribute {
  /** Stable React key: names change as they are typed. */
  uid: number;
  /** The name when loaded; none for an attribute added here. */
  original?: string;
  name: string;
  inputType: InputType;
  options: string[];
  required: boolean;
  /** Text of the default as typed ('' for none). */
  defaultText: string;
  derived: boolean;
  locked: boolean;
}

let uids = 0;

export function toDraft(
  type: ElementTypeName,
  attributes: AttributeDefinition[],
): DraftAttribute[] {
  return attributes.map((a) => ({
    uid: ++uids,
    original: a.name,
    name: a.name,
    inputType: a.inputType,
    options: a.options ?? [],
    required: a.required,
    defaultText: a.default === undefined || a.default === null ? '' : String(a.default),
    derived: a.derived ?? false,
    locked: Boolean(a.derived) || isLockedAttribute(type, a.name),
  }));
}

export const newAttribute = (): DraftAttribute => ({
  uid: ++uids,
  name: '',
  inputType: 'text',
  options: [],
  required: false,
  defaultText: '',
  derived: false,
  locked: false,
});

/** The body the server takes: the whole list, renames named by their previous name. */
export function toEdits(draft: DraftAttribute[]): TemplateAttributeEdit[] {
  return draft.map((a) => ({
    name: a.name.trim(),
    ...(a.original !== undefined && a.original !== a.name.trim()
      ? { previousName: a.original }
      : {}),
    inputType: a.inputType,
    ...(a.inputType === 'dropdown' ? { options: a.options } : {}),
    required: a.required,
    ...(a.defaultText.trim() !== '' ? { default: a.defaultText.trim() } : {}),
  }));
}
