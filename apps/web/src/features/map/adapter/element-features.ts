import type { Feature, LineString, Point, Polygon } from 'geojson';
import { elementTypeByName, type LatLng } from '@integration/contracts';
import { attributeValue, isPoint, type EditorElement } from '../core/editor-element.ts';

export type SourceId = 'points' | 'cables' | 'zones' | 'affectation' | 'labels';

const pos = (p: LatLng): [number, number] => [p.lng, p.lat];

/** Dropdown and place values are JSON-encoded (SPEC §3); an empty string means null. */
export function decoded(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value === '' ? null : value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export const defaultIconUrl = (segment: string) => `/api/icons/${segment}.svg?width=30`;

/** Which source an element's features go to. */
export function sourceOf(e: Pick<EditorElement, 'type'>): SourceId {
  return e.type === 'Cable' ? 'cables' : e.type === 'Zone' ? 'zones' : 'points';
}

/** The element's one feature on the map; its id is the element's local feature id. */
export function featureOf(e: EditorElement): Feature<Point | LineString | Polygon> | null {
  const base = { type: 'Feature' as const, id: e.fid };
  if (isPoint(e.coordinates)) {
    // Only what the layers read: every property of 100,000 features is copied to MapLibre's
    // worker and through its tiles. A type's own icon comes from the layer (element-layers.ts).
    const icon = e.style.iconUrl;
    const segment = elementTypeByName(e.type)?.segment ?? 'pin';
    return {
      ...base,
      geometry: { type: 'Point', coordinates: pos(e.coordinates) },
      properties:
        icon && icon !== defaultIconUrl(segment) ? { type: e.type, icon } : { type: e.type },
    };
  }
  const path = e.coordinates.map(pos);
  if (e.type === 'Zone') {
    if (path.length < 3) return null;
    const first = path[0] as [number, number];
    const last = path[path.length - 1] as [number, number];
    const ring = first[0] === last[0] && first[1] === last[1] ? path : [...path, first];
    return {
      ...base,
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: { type: e.type, color: e.style.color ?? '#0d9488' },
    };
  }
  if (path.length < 2) return null;
  const capacity = String(decoded(attributeValue(e, 'Capacity')) ?? '');
  const cableType = String(decoded(attributeValue(e, 'Type')) ?? '');
  return {
    ...base,
    geometry: { type: 'LineString', coordinates: path },
    properties: {
      type: e.type,
      color:
        e.style.cables?.find((c) => c.capacity === capacity)?.color ?? e.style.color ?? '#334155',
      pattern: e.style.lines?.find((l) => l.type === cableType)?.pattern ?? 'solid',
    },
  };
}

/**
 * A marker's name, written under it close up (marker-layers.ts). A source of their own, filled
 * once the view gets there: 100,000 names would otherwise go through every tile at every zoom.
 */
export function labelFeatures(e: EditorElement): Feature<Point>[] {
  if (!isPoint(e.coordinates) || !e.name) return [];
  return [
    {
      type: 'Feature',
      id: e.fid,
      geometry: { type: 'Point', coordinates: pos(e.coordinates) },
      properties: { type: e.type, name: e.name },
    },
  ];
}

interface ExistingUser {
  coordinates?: LatLng;
  mainId?: string;
}

/** Up to this many users per PBO-FAT are drawn (ids are derived from the PBO's id). */
const MAX_USERS = 64;

/**
 * A PBO-FAT's 'FAT Existing Users ID' items: a dashed Line of Affectation from the PBO to
 * each user's house, and the house icon (SPEC §3).
 */
export function affectationFeatures(e: EditorElement): Feature<Point | LineString>[] {
  if (e.type !== 'PboFat' || !isPoint(e.coordinates)) return [];
  const users = decoded(attributeValue(e, 'FAT Existing Users ID'));
  if (!Array.isArray(users)) return [];
  const from = pos(e.coordinates);
  return (users as ExistingUser[]).slice(0, MAX_USERS).flatMap((user, i) => {
    const at = user?.coordinates;
    if (!at || !Number.isFinite(at.lat) || !Number.isFinite(at.lng)) return [];
    const id = e.fid * MAX_USERS * 2 + i * 2;
    return [
      {
        type: 'Feature' as const,
        id,
        geometry: { type: 'LineString' as const, coordinates: [from, pos(at)] },
        properties: { kind: 'line', pbo: e.fid },
      },
      {
        type: 'Feature' as const,
        id: id + 1,
        geometry: { type: 'Point' as const, coordinates: pos(at) },
        properties: { kind: 'house', pbo: e.fid, mainId: user.mainId ?? '' },
      },
    ];
  });
}

/** The ids affectation features of a PBO may use, to remove them all when it changes. */
export function affectationIds(e: Pick<EditorElement, 'fid'>): number[] {
  const start = e.fid * MAX_USERS * 2;
  return Array.from({ length: MAX_USERS * 2 }, (_, i) => start + i);
}
