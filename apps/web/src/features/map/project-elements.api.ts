import {
  elementTypeByName,
  expandCompactElements,
  type CompactElements,
  type ElementTypeName,
  type MapElement,
} from '@integration/contracts';
import { apiIfChanged } from '../../api/client.ts';

/** The last answer per cluster and type, kept with its tag: a second look costs a 304. */
const held = new Map<string, { etag: string; elements: MapElement[] }>();
const HELD_MAX = 20;

/**
 * One element of a tiled feature, read whole (attributes, dates) through the elements API.
 * There is no route for a single element: its cluster's elements of its type are read (as the
 * cluster map reads them, compact and by entity tag) and it is found among them; null when it
 * is no longer there.
 */
export async function readTiledElement(
  clusterId: number,
  type: ElementTypeName,
  id: number,
): Promise<MapElement | null> {
  const segment = elementTypeByName(type)?.segment;
  if (!segment) return null;
  const key = `${clusterId}:${segment}`;
  const before = held.get(key);
  const answer = await apiIfChanged<{ data: CompactElements }>(
    `/networkelements/${segment}/cluster/${clusterId}?shape=compact`,
    before?.etag,
  );
  let elements = before?.elements ?? [];
  if (answer) {
    elements = expandCompactElements(answer.body.data);
    held.delete(key);
    if (answer.etag) held.set(key, { etag: answer.etag, elements });
    while (held.size > HELD_MAX) held.delete(held.keys().next().value as string);
  }
  return elements.find((e) => e.id === id) ?? null;
}
