import type { ElementAttribute, ElementTypeName, LatLng, MapElement } from '@integration/contracts';
import { lengthM } from './geo.ts';

/**
 * SPEC §4: none → create when drawn, → edit when changed, → delete when removed; a saved
 * delete undone is a restore (the same element, id and history, brought back).
 */
export type EditStatus = 'none' | 'create' | 'edit' | 'delete' | 'restore';

/** What an edit changes, and what undo puts back. */
export interface ElementContent {
  type: ElementTypeName;
  name: string;
  coordinates: LatLng | LatLng[];
  attributes: ElementAttribute[];
  templateId: number;
  clusterId: number;
}

/** An element as the editor holds it: its content plus where it stands with the server. */
export interface EditorElement extends ElementContent {
  /** Stable local key: survives the server assigning an id to a new element. */
  key: string;
  /** MapLibre feature id: a local number, stable for the element's life in the editor. */
  fid: number;
  /** Server id; null until the create is saved. */
  id: number | null;
  /** The version the server last gave us; sent with edits so a stale one is refused (409). */
  version: number | null;
  status: EditStatus;
  /** Bumped on every local change: an answer only settles the revision it was sent with. */
  rev: number;
  /**
   * The revision its create was first sent at. A create sent again (its answer was lost) is
   * answered with what the first one made, so a later revision must follow as an edit.
   */
  createSentRev?: number;
  /** Template style for drawing (icon, colours), from the server or the chosen template. */
  style: ElementStyle;
  /** Why the server refused the last save of this element; it waits for a new change. */
  problem?: string;
  /** The server's version when a save was refused as stale (409); the user chooses. */
  conflict?: MapElement;
  /**
   * Deleted over a change never saved, or brought back with other content than the server
   * deleted: a restore is followed by an edit.
   */
  unsavedContent?: boolean;
}

export interface ElementStyle {
  iconUrl?: string;
  color?: string;
  cables?: { capacity: string; color: string }[];
  lines?: { type: string; pattern: 'solid' | 'dashed' | 'dotted' }[];
}

export const contentOf = (e: ElementContent): ElementContent => ({
  type: e.type,
  name: e.name,
  coordinates: e.coordinates,
  attributes: e.attributes,
  templateId: e.templateId,
  clusterId: e.clusterId,
});

export function styleOf(element: MapElement): ElementStyle {
  const g = element.geometry;
  if (element.zone) return { color: element.zone.color };
  if (!g) return {};
  if ('url' in g) return { iconUrl: g.url };
  return { color: g.color, cables: g.cables, lines: g.lines };
}

export const attributeValue = (e: { attributes: ElementAttribute[] }, name: string) =>
  e.attributes.find((a) => a.name === name)?.value ?? null;

/** Attributes with one value replaced (or appended), keeping Name equal to the name. */
export function withAttribute(
  attributes: ElementAttribute[],
  name: string,
  value: ElementAttribute['value'],
): ElementAttribute[] {
  const found = attributes.some((a) => a.name === name);
  if (found) return attributes.map((a) => (a.name === name ? { ...a, value } : a));
  return [...attributes, { name, value, inputType: 'text', attribute_name: name }];
}

export const isPoint = (c: LatLng | LatLng[]): c is LatLng => !Array.isArray(c);

export const pointsOf = (c: LatLng | LatLng[]): LatLng[] => (isPoint(c) ? [c] : c);

export const formatLatLng = (p: LatLng) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/** Coordinates and a cable's length follow the geometry (the server recomputes both). */
export function withDerived(
  type: ElementTypeName,
  coordinates: LatLng | LatLng[],
  attributes: EditorElement['attributes'],
) {
  let next = attributes;
  if (isPoint(coordinates)) next = withAttribute(next, 'Coordinates', formatLatLng(coordinates));
  if (type === 'Cable' && !isPoint(coordinates)) {
    next = withAttribute(next, 'Length', Math.round(lengthM(coordinates) * 100) / 100);
  }
  return next;
}

/** Name and the Name attribute stay equal. */
export const withAttributeName = (attributes: EditorElement['attributes'], name: string) =>
  attributes.some((a) => a.name === 'Name') ? withAttribute(attributes, 'Name', name) : attributes;
