import { useQueries } from '@tanstack/react-query';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTACH_DISTANCE_M,
  ENCLOSURE_TYPES,
  HOME_TYPES,
  type CableFibres,
  type EnclosureCable,
  type LatLng,
} from '@integration/contracts';
import type { ElementCollection } from '../map/core/element-collection.ts';
import { isPoint, pointsOf } from '../map/core/editor-element.ts';
import { distanceM } from '../map/core/geo.ts';
import { MapSessionContext } from '../map/ui/editor-context.ts';
import { fibreApi, fibreKeys } from './fibre.api.ts';
import type { FibreSide } from './picks.ts';

export type SideNames = Record<FibreSide, string>;

/** About 11 m of latitude: elements farther than this from a point are not weighed at all. */
const NEAR_DEG = 1e-4;

/** The element lying at a point of the map (an enclosure first, then a home), by its name. */
function elementAt(collection: ElementCollection, at: LatLng): string | null {
  let best: { name: string; rank: number } | null = null;
  for (const e of collection.visible()) {
    const c = e.coordinates;
    if (!isPoint(c) || Math.abs(c.lat - at.lat) > NEAR_DEG || Math.abs(c.lng - at.lng) > NEAR_DEG)
      continue;
    if (distanceM(c, at) > ATTACH_DISTANCE_M) continue;
    const rank = ENCLOSURE_TYPES.includes(e.type) ? 0 : HOME_TYPES.includes(e.type) ? 1 : 2;
    if (!best || rank < best.rank) best = { name: e.name, rank };
  }
  return best?.name ?? null;
}

/** Where most of a cable's fibres are joined at one of its ends: the enclosure there. */
function joinedAt(cable: CableFibres | undefined, end: FibreSide): string | null {
  const counts = new Map<string, number>();
  for (const f of cable?.fibres ?? []) {
    const name = f.ends[end]?.enclosure.name;
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].sort((x, y) => y[1] - x[1])[0]?.[0] ?? null;
}

/**
 * The two sides of each cable passing through an enclosure uncut, in words: "Towards NBO-FDT-1"
 * (its start) and "Towards NBO-PBO-3" (its end). The name at an end is the enclosure where its
 * fibres are spliced (the cable's own fibre list), else what lies there on the open map, else
 * plain words.
 */
export function useSideNames(cables: EnclosureCable[]): Map<number, SideNames> {
  const { t } = useTranslation();
  const session = useContext(MapSessionContext);
  const passing = cables.filter((c) => c.end === 'through');
  const lists = useQueries({
    queries: passing.map((c) => ({
      queryKey: fibreKeys.cable(c.id),
      queryFn: () => fibreApi.cable(c.id),
      staleTime: 60_000,
    })),
  });
  const ids = passing.map((c) => c.id).join(',');
  const loaded = lists.map((l) => l.dataUpdatedAt).join(',');
  return useMemo(() => {
    const names = new Map<number, SideNames>();
    passing.forEach((cable, i) => {
      const line = session?.editor.collection.byId(cable.id)?.coordinates;
      const points = line ? pointsOf(line) : [];
      const onMap = (at: LatLng | undefined) =>
        at && session ? elementAt(session.editor.collection, at) : null;
      const a = joinedAt(lists[i]?.data, 'a') ?? onMap(points[0]);
      const b = joinedAt(lists[i]?.data, 'b') ?? onMap(points[points.length - 1]);
      names.set(cable.id, {
        a: a && a !== b ? t('fibre.towards', { name: a }) : t('fibre.towardsStart'),
        b: b && a !== b ? t('fibre.towards', { name: b }) : t('fibre.towardsEnd'),
      });
    });
    return names;
    // The cables passing by and their fibre lists, as loaded: not every render's new arrays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, loaded, session, t]);
}
