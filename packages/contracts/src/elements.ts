import { z } from 'zod';
import { bodyId, paramId, text } from './primitives.ts';
import type { ElementTypeName } from './element-types.ts';

/** How an attribute is edited and checked (issue "Network elements"). */
export const INPUT_TYPES = ['text', 'number', 'dropdown', 'date', 'boolean', 'place'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export interface AttributeDefinition {
  name: string;
  inputType: InputType;
  required: boolean;
  /** Dropdown choices (plain strings; values hold them JSON-encoded). */
  options?: string[];
  default?: AttributeValue;
  /** Set by the server from the element itself (Name, Coordinates, cable Length, dates). */
  derived?: boolean;
}

/**
 * An attribute value as the API carries it: text, a number, a boolean, or for dropdown and
 * place attributes a JSON-encoded string. An empty string means null (SPEC §3).
 */
export type AttributeValue = string | number | boolean | null;

export interface TemplateStyle {
  /** Markers: icon URL and width in pixels. */
  iconUrl?: string;
  iconSize?: number;
  /** Cables: default colour, colour per capacity, line pattern per cable type. */
  color?: string;
  cables?: { capacity: string; color: string }[];
  lines?: { type: string; pattern: 'solid' | 'dashed' | 'dotted' }[];
}

export interface ElementTemplate {
  id: number;
  projectId: number;
  networkElementId: number;
  type: ElementTypeName;
  name: string;
  isDefault: boolean;
  attributes: AttributeDefinition[];
  style: TemplateStyle;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** An attribute as elements show it (SPEC §3). */
export interface ElementAttribute {
  name: string;
  value: AttributeValue;
  inputType: InputType;
  attribute_name: string;
}

/** A map element as the API shows it (SPEC §3). */
export interface MapElement {
  id: number;
  name: string;
  version: number;
  coordinates: LatLng | LatLng[];
  attributes: ElementAttribute[];
  updatedById: number | null;
  createdById: number | null;
  networkElementId: number;
  networkElement: { id: number; type: ElementTypeName; name: string };
  templateId: number;
  clusterId: number;
  geometry:
    | { url: string; iconSize: number }
    | { color: string; cables: TemplateStyle['cables']; lines: TemplateStyle['lines'] }
    | null;
  zone: { color: string } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a write of several elements answers per item, in request order: enough for a
 * client to reconcile its local copies (ids, generated names, versions).
 */
export interface ElementAck {
  id: number;
  name: string;
  version: number;
  clusterId: number;
  templateId: number;
  networkElementId: number;
  updatedById: number | null;
  updatedAt: string;
}

/** Machine name of an attribute: 'FAT Existing Users ID' → 'fat_existing_users_id'. */
export const attributeKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

// ---- request bodies ----

export const MAX_CLIENT_KEY = 100;
const id = bodyId;
export const latLngSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
/** A point, or the vertices of a line or a zone ring (closing vertex optional). */
export const coordinatesSchema = z.union([latLngSchema, z.array(latLngSchema).min(1).max(100_000)]);

const attributeValue = z.union([text().max(100_000), z.number(), z.boolean(), z.null()]);
/** Attributes as the spec's list, or as a plain { name: value } object. */
export const attributesInput = z.union([
  z
    .array(z.object({ name: text().min(1).max(200), value: attributeValue.optional() }).loose())
    .max(500),
  z.record(text().min(1).max(200), attributeValue),
]);

export const createElementBody = z.object({
  clusterId: id,
  templateId: id.optional(),
  networkElementId: id.optional(),
  name: text().trim().max(200).optional(),
  coordinates: coordinatesSchema,
  attributes: attributesInput.optional(),
  /**
   * The client's own key for the element. A create sent again with a key this user already
   * created an element of this type with answers that element and makes no other, so a
   * retried create never leaves a duplicate.
   */
  clientKey: text().min(1).max(MAX_CLIENT_KEY).optional(),
});
export type CreateElementBody = z.infer<typeof createElementBody>;

export const updateElementBody = z.object({
  id: id.optional(),
  name: text().trim().min(1).max(200).optional(),
  coordinates: coordinatesSchema.optional(),
  attributes: attributesInput.optional(),
  templateId: id.optional(),
  networkElementId: id.optional(),
  updatedById: id
    .optional()
    .describe('Accepted for SPEC §7 clients and ignored: the server records who made the edit.'),
  /** The version the client last saw; a stale one is refused with 409. */
  version: id
    .optional()
    .describe(
      'The version of the element this edit is based on. Send it: an edit of an older version is refused with 409 and the current element, so nobody overwrites a change unseen. Without it the edit is saved over whatever is stored, and the answer carries a Warning header.',
    ),
});
export type UpdateElementBody = z.infer<typeof updateElementBody>;

/**
 * Upper bound of one "multiple" request: on the embedded database one connection serves
 * everyone, and the largest batch must leave others answered within a second (issue 25).
 */
export const MAX_BATCH = 2_000;

export const createMultipleBody = z.object({
  data: z.array(createElementBody).min(1).max(MAX_BATCH),
});
export const editMultipleBody = z.object({
  data: z.array(updateElementBody.extend({ id })).min(1).max(MAX_BATCH),
});
export const deleteMultipleBody = z.object({ data: z.array(id).min(1).max(MAX_BATCH) });

export const elementClusterParams = z.object({ clusterId: paramId });
/** `shape=compact`: flat rows and their templates, for the map (see compact-elements.ts). */
export const elementClusterQuery = z.object({ shape: z.enum(['full', 'compact']).optional() });
export type ClusterShape = 'full' | 'compact';

/** A per-item problem of a multiple request, by its index in `data`. */
export interface ItemProblem {
  index: number;
  field: string;
  message: string;
}
