import KDBush from 'kdbush';
import type { LatLng } from '@integration/contracts';
import { SNAP_DISTANCE_M } from '@integration/contracts';
import { distanceM } from './geo.ts';

export interface SnapTarget {
  key: string;
  at: LatLng;
}

const M_PER_DEG_LAT = 111_320;

/**
 * Markers indexed for "the nearest marker within 15 m" (SPEC §4). Built once per change of
 * the marker set; a query is a box search then an exact geodesic check.
 */
export class SnapIndex {
  private readonly index: KDBush;

  constructor(private readonly targets: SnapTarget[]) {
    this.index = new KDBush(Math.max(targets.length, 1));
    for (const t of targets) this.index.add(t.at.lng, t.at.lat);
    if (targets.length === 0) this.index.add(1000, 1000); // KDBush needs one item
    this.index.finish();
  }

  nearest(
    at: LatLng,
    exceptKey?: string,
    maxM = SNAP_DISTANCE_M,
  ): (SnapTarget & { m: number }) | null {
    const dLat = maxM / M_PER_DEG_LAT;
    const dLng = maxM / (M_PER_DEG_LAT * Math.max(Math.cos((at.lat * Math.PI) / 180), 0.01));
    let best: (SnapTarget & { m: number }) | null = null;
    for (const i of this.index.range(at.lng - dLng, at.lat - dLat, at.lng + dLng, at.lat + dLat)) {
      const target = this.targets[i];
      if (!target || target.key === exceptKey) continue;
      const m = distanceM(at, target.at);
      if (m <= maxM && (!best || m < best.m)) best = { ...target, m };
    }
    return best;
  }
}
