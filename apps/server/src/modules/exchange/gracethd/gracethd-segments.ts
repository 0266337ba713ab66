import type {
  AccessRow,
  CableRow,
  HolderKey,
  JointRow,
  TerminalSide,
} from './gracethd-network.repository.ts';

/**
 * A cable reached along its way is cut into segments: GraceTHD has a cable between two nodes and
 * positions at its ends, where ours can be joined anywhere along it (mid-span cuts, and the
 * "logical" ends of a street cable whose fibre k is dropped at one PBO-FAT and fibre k+1 at the
 * next). Each boundary is a holder joining some of its fibres; fibres not joined there pass
 * through (GraceTHD's "passage" positions).
 */
export interface Segment {
  /** 0 for the first; its code is the cable's own for the first, `-S<holder key>` after. */
  index: number;
  from: HolderKey;
  to: HolderKey;
  f0: number;
  f1: number;
}

export interface CablePlan {
  cable: CableRow;
  start: HolderKey;
  end: HolderKey;
  segments: Segment[];
}

/**
 * The segments of a cable: its end nodes at 0 and 1, and every other holder joining its fibres at
 * its place along the line (ties kept in holder order, so the plan is the same every export).
 */
export function planSegments(
  cable: CableRow,
  start: HolderKey,
  end: HolderKey,
  accesses: AccessRow[],
): CablePlan {
  const inner = accesses
    .filter((a) => a.holder !== start && a.holder !== end)
    .sort((x, y) => x.fraction - y.fraction || x.holder.localeCompare(y.holder));
  const stops = [
    { holder: start, fraction: 0 },
    ...inner.map((a) => ({ holder: a.holder, fraction: Math.min(Math.max(a.fraction, 0), 1) })),
    { holder: end, fraction: 1 },
  ];
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i];
    const to = stops[i + 1];
    if (!from || !to) continue;
    segments.push({
      index: i,
      from: from.holder,
      to: to.holder,
      f0: from.fraction,
      f1: to.fraction,
    });
  }
  return { cable, start, end, segments };
}

/**
 * Which segment holds a fibre terminal joined in `holder`: the fibre's b end, or a cut facing its
 * a side, belongs to the segment arriving there; its a end, or a cut facing b, to the one leaving.
 */
export function segmentOf(plan: CablePlan, side: TerminalSide, holder: HolderKey): Segment | null {
  const arriving = side.end === 'b' || (side.end === 'm' && side.faces === 'a');
  const { segments } = plan;
  const pick = arriving
    ? (segments.find((s) => s.to === holder) ?? segments.find((s) => s.from === holder))
    : (segments.find((s) => s.from === holder) ?? segments.find((s) => s.to === holder));
  return pick ?? null;
}

/**
 * The end of a cable with no node within 1 m: the holder where that end's fibres are joined,
 * nearest to the end (the demo's closures stand a few metres off their street cable).
 */
export function holderOfEnd(
  cable: CableRow,
  end: 'a' | 'b',
  joints: JointRow[],
  placeOf: (holder: HolderKey) => { lng: number; lat: number } | null,
): { holder: HolderKey; metres: number } | null {
  const [lng, lat] = end === 'a' ? [cable.startLng, cable.startLat] : [cable.endLng, cable.endLat];
  let best: { holder: HolderKey; metres: number } | null = null;
  for (const joint of joints) {
    for (const side of [joint.a, joint.b]) {
      if (side.cableId !== cable.id || side.end !== end) continue;
      const place = placeOf(joint.holder);
      if (!place) continue;
      const metres = distanceM(lng, lat, place.lng, place.lat);
      if (!best || metres < best.metres) best = { holder: joint.holder, metres };
    }
  }
  return best;
}

/** Metres between two lon/lat points (equirectangular: exact enough at these distances). */
export function distanceM(lng1: number, lat1: number, lng2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const x = (lng2 - lng1) * rad * Math.cos(((lat1 + lat2) / 2) * rad);
  const y = (lat2 - lat1) * rad;
  return Math.sqrt(x * x + y * y) * 6_371_008.8;
}
