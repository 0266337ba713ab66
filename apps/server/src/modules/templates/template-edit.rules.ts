import {
  attributeKey,
  derivedAttributeNames,
  isLockedAttribute,
  isReservedAttributeName,
  type AttributeDefinition,
  type AttributeValue,
  type ElementTypeName,
  type TemplateAttributeEdit,
} from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import type { MessageKey, MessageVars } from '../../i18n/translate.ts';
import { checkAttributes } from '../network-elements/element-validation.ts';

/** A stored attribute definition: with its machine name (SPEC §3 attribute_name). */
export type StoredAttribute = AttributeDefinition & { key?: string };

/** What an edit of a template does, worked out before anything is written. */
export interface TemplatePlan {
  attributes: StoredAttribute[];
  /** Attributes renamed: elements' values move from one key to the other. */
  renames: { from: string; to: string }[];
  /** Attributes whose stored values must fit their new definition (new, retyped, renamed). */
  checks: StoredAttribute[];
  /** Values given to elements that hold none (new or required attributes with a default). */
  fills: { name: string; value: AttributeValue }[];
}

const invalid = (key: MessageKey, vars: MessageVars) =>
  new AppError(400, 'VALIDATION_ERROR', key, vars);
const conflict = (key: MessageKey, vars: MessageVars) => new AppError(409, 'CONFLICT', key, vars);

const isEmpty = (value: AttributeValue | undefined) =>
  value === undefined || value === null || value === '';

/** A default checked as elements' values are; answers it as elements store it. */
function storedDefault(def: AttributeDefinition, value: AttributeValue): AttributeValue {
  const checked = checkAttributes([{ ...def, required: false }], { [def.name]: value }, 'update');
  const problem = checked.problems[0];
  if (problem) throw invalid(problem.key, problem.vars ?? {});
  return checked.values[def.name] ?? '';
}

/** The definition an edit asks for, its options and default checked. */
function definitionOf(edit: TemplateAttributeEdit): {
  def: StoredAttribute;
  fill?: AttributeValue;
} {
  const def: StoredAttribute = {
    name: edit.name,
    inputType: edit.inputType,
    required: edit.required ?? false,
    key: attributeKey(edit.name),
  };
  if (edit.inputType === 'dropdown') {
    const options = edit.options ?? [];
    if (!options.length) throw invalid('templates.optionsNeeded', { name: edit.name });
    const twice = options.find((o, i) => options.indexOf(o) !== i);
    if (twice !== undefined) {
      throw invalid('templates.duplicateOption', { name: edit.name, option: twice });
    }
    def.options = options;
  }
  if (isEmpty(edit.default)) {
    if (def.required) throw invalid('templates.requiredNeedsDefault', { name: edit.name });
    return { def };
  }
  const fill = storedDefault(def, edit.default ?? '');
  // Dropdown defaults are kept as the option itself, as the default templates would.
  def.default = edit.inputType === 'dropdown' ? JSON.parse(String(fill)) : fill;
  return { def, fill };
}

/** Whether every option offered before is still offered (elements may hold it). */
const keepsOptions = (next: string[] = [], before: string[] = []) =>
  before.every((option) => next.includes(option));

/**
 * Checks an edit of a template's attribute list against the rules that keep its elements
 * valid, and answers what to write. Derived attributes and those the server reads by name
 * keep their name and type; an attribute left out is removed (elements keep its values).
 */
export function planTemplateEdit(
  type: ElementTypeName,
  current: StoredAttribute[],
  edits: TemplateAttributeEdit[],
): TemplatePlan {
  const byName = new Map(current.map((a) => [a.name, a]));
  const claimed = new Set<string>();
  const plan: TemplatePlan = { attributes: [], renames: [], checks: [], fills: [] };
  const derived = derivedAttributeNames(type).map((n) => n.toLowerCase());

  for (const edit of edits) {
    const source = edit.previousName ?? edit.name;
    const existing = byName.get(source);
    if (edit.previousName !== undefined && !existing) {
      throw invalid('templates.unknownAttribute', { name: edit.previousName });
    }
    if (existing) {
      if (claimed.has(existing.name)) throw invalid('templates.attributeTwice', { name: source });
      claimed.add(existing.name);
    }
    const locked = existing && (existing.derived || isLockedAttribute(type, existing.name));
    if (locked && (edit.name !== existing.name || edit.inputType !== existing.inputType)) {
      throw invalid('templates.locked', { name: existing.name });
    }
    if (existing?.derived) {
      // The server's own: kept exactly as stored.
      plan.attributes.push(existing);
      continue;
    }
    if ((!existing || existing.name !== edit.name) && isReservedAttributeName(edit.name)) {
      throw invalid('accounts.reservedAttributeName', { name: edit.name });
    }
    if (!existing && derived.includes(edit.name.toLowerCase())) {
      throw conflict('templates.reservedName', { name: edit.name });
    }
    const { def, fill } = definitionOf(edit);
    plan.attributes.push(def);
    if (existing && existing.name !== def.name) {
      plan.renames.push({ from: existing.name, to: def.name });
    }
    const changed =
      !existing ||
      existing.name !== def.name ||
      existing.inputType !== def.inputType ||
      !keepsOptions(def.options, existing.options);
    if (changed) plan.checks.push(def);
    if (fill !== undefined && (def.required || !existing))
      plan.fills.push({ name: def.name, value: fill });
  }

  for (const attribute of current) {
    if (claimed.has(attribute.name)) continue;
    if (attribute.derived || isLockedAttribute(type, attribute.name)) {
      throw invalid('templates.locked', { name: attribute.name });
    }
  }
  const seen = new Map<string, string>();
  for (const { name, key } of plan.attributes) {
    for (const id of [`name:${name.toLowerCase()}`, `key:${key ?? attributeKey(name)}`]) {
      if (seen.has(id)) throw conflict('templates.duplicateName', { name });
      seen.set(id, name);
    }
  }
  return plan;
}
