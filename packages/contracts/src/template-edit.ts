import { z } from 'zod';
import { defaultTemplateAttributes } from './default-templates.ts';
import type { ElementTypeName } from './element-types.ts';
import { INPUT_TYPES } from './elements.ts';
import { paramId, text } from './primitives.ts';

/**
 * Editing a project's element templates (issue 17): the attribute list as the editor sends
 * it, and which attributes the server keeps as they are.
 */

export const MAX_TEMPLATE_ATTRIBUTES = 100;
export const templateIdParams = z.object({ templateId: paramId });
export const MAX_ATTRIBUTE_NAME = 100;
export const MAX_DROPDOWN_OPTIONS = 200;

/**
 * Names an attribute may not take: JavaScript reads them on every object ('__proto__' as a key
 * sets an object's prototype, so its values were lost; 'constructor' reads as a function).
 */
export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
];
export const isReservedAttributeName = (name: string): boolean =>
  RESERVED_ATTRIBUTE_NAMES.includes(name.trim());

const attributeName = text().trim().min(1).max(MAX_ATTRIBUTE_NAME);

export const templateAttributeEdit = z.object({
  name: attributeName,
  /** The attribute's name before this edit, when it is renamed: its values move with it. */
  previousName: attributeName.optional(),
  inputType: z.enum(INPUT_TYPES),
  options: z.array(text().trim().min(1).max(200)).max(MAX_DROPDOWN_OPTIONS).optional(),
  required: z.boolean().optional(),
  /** What elements get when they hold no value (a required attribute needs one). */
  default: z.union([text().max(10_000), z.number(), z.boolean(), z.null()]).optional(),
});
export type TemplateAttributeEdit = z.infer<typeof templateAttributeEdit>;

/** The template's whole attribute list, in display order; derived ones as they are. */
export const updateTemplateBody = z.object({
  attributes: z.array(templateAttributeEdit).min(1).max(MAX_TEMPLATE_ATTRIBUTES),
});
export type UpdateTemplateBody = z.infer<typeof updateTemplateBody>;

/**
 * Attributes the server or the map reads by name, besides the derived ones: their name and
 * input type stay (options, required and default may change).
 */
const READ_BY_NAME: Partial<Record<ElementTypeName, string[]>> = {
  // Existing Users counts the items of this list.
  PboFat: ['FAT Existing Users ID'],
  // A cable's colour follows its capacity and its line pattern its type.
  Cable: ['Capacity', 'Type'],
};

/** Names of the type's derived attributes (Name, Coordinates, dates, Length, Existing Users). */
export const derivedAttributeNames = (type: ElementTypeName): string[] =>
  defaultTemplateAttributes(type)
    .filter((a) => a.derived)
    .map((a) => a.name);

/** Whether an attribute's name and input type are fixed: derived, or read by name. */
export const isLockedAttribute = (type: ElementTypeName, name: string): boolean =>
  derivedAttributeNames(type).includes(name) || (READ_BY_NAME[type] ?? []).includes(name);
