import { useEffect, useRef } from 'react';
import { REALTIME_EVENTS, type TilesChangedPayload } from '@integration/contracts';
import { realtimeSocket } from '../../realtime/realtime-socket.ts';
import type { Box } from '../adapter/project-tiles-source.ts';

const WORLD: Box = [-180, -85.0511, 180, 85.0511];

const isTilesChanged = (p: unknown): p is TilesChangedPayload => {
  const c = p as Partial<TilesChangedPayload> | null;
  return !!c && typeof c.projectId === 'number' && Array.isArray(c.boxes);
};

/**
 * Calls back with the places of the project whose tiles changed (`tiles:changed`, sent to
 * every tab whose presence names the project), so that an open map refetches those tiles.
 */
export function useTilesChanged(projectId: number, onChanged: ((boxes: Box[]) => void) | null) {
  const callback = useRef(onChanged);
  useEffect(() => {
    callback.current = onChanged;
  });
  useEffect(() => {
    const offChanged = realtimeSocket.on(REALTIME_EVENTS.tilesChanged, (payload) => {
      if (!isTilesChanged(payload) || payload.projectId !== projectId) return;
      const boxes = payload.boxes.filter((b) => b.length === 4 && b.every(Number.isFinite));
      if (boxes.length > 0) callback.current?.(boxes);
    });
    // Back after a lost connection, changes may have been missed: everything is fetched again.
    const offConnect = realtimeSocket.onConnect((again) => {
      if (again) callback.current?.([WORLD]);
    });
    return () => {
      offChanged();
      offConnect();
    };
  }, [projectId]);
}
