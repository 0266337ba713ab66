import type {
  CreateElementBody,
  ElementAttribute,
  LatLng,
  MapElement,
  UpdateElementBody,
} from '@integration/contracts';
import { pointsOf, type EditorElement } from './editor-element.ts';

/** What a save answers per item. */
export interface SaveAck {
  id: number;
  version: number;
  name?: string;
}

/** The per-type endpoints, as the save queue needs them (the web app wires the API client). */
export interface SaveGateway {
  create(segment: string, items: CreateElementBody[]): Promise<SaveAck[]>;
  update(segment: string, items: (UpdateElementBody & { id: number })[]): Promise<SaveAck[]>;
  remove(segment: string, ids: number[]): Promise<void>;
  /** Bring deleted elements back, the same ids (an undone delete); one answer per id. */
  restore(segment: string, ids: number[]): Promise<SaveAck[]>;
}

/** Attributes the server sets itself are not sent back (it would refuse or ignore them). */
const SERVER_SET = new Set(['Coordinates', 'Length', 'Creation Date', 'Last Modification Date']);

const sentAttributes = (attributes: ElementAttribute[]) =>
  attributes
    .filter((a) => !SERVER_SET.has(a.name) && a.name !== 'Name')
    .map((a) => ({ name: a.name, value: a.value }));

export const toCreateItem = (e: EditorElement): CreateElementBody => ({
  clusterId: e.clusterId,
  templateId: e.templateId,
  ...(e.name ? { name: e.name } : {}),
  coordinates: e.coordinates,
  attributes: sentAttributes(e.attributes),
  // The local key makes a create sent again answer the first one's element, not a copy.
  clientKey: e.key,
});

export const toUpdateItem = (e: EditorElement): UpdateElementBody & { id: number } => ({
  id: e.id ?? 0,
  ...(e.name ? { name: e.name } : {}),
  coordinates: e.coordinates,
  attributes: sentAttributes(e.attributes),
  templateId: e.templateId,
  ...(e.version ? { version: e.version } : {}),
});

/** Within a nanodegree (~0.1 mm): what survives the trip through PostGIS. */
const samePoint = (a: LatLng, b: LatLng) =>
  Math.abs(a.lat - b.lat) < 1e-9 && Math.abs(a.lng - b.lng) < 1e-9;

/**
 * Whether the server's element already holds what this one would send: an edit whose answer
 * was lost is refused as stale when sent again, yet it is saved, and no conflict to show.
 */
export function holdsSent(e: EditorElement, remote: MapElement): boolean {
  const mine = pointsOf(e.coordinates);
  const theirs = pointsOf(remote.coordinates);
  const values = new Map(remote.attributes.map((a) => [a.name, a.value]));
  return (
    (!e.name || e.name === remote.name) &&
    e.templateId === remote.templateId &&
    mine.length === theirs.length &&
    mine.every((p, i) => samePoint(p, theirs[i] as LatLng)) &&
    sentAttributes(e.attributes).every((a) => values.get(a.name) === a.value)
  );
}
