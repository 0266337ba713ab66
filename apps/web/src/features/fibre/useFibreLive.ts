import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_EVENTS } from '@integration/contracts';
import { realtimeSocket } from '../realtime/realtime-socket.ts';
import { fibreKeys } from './fibre.api.ts';

/**
 * Open plans and traces follow what others splice (fibre:changed reaches the cluster's room):
 * a change anywhere may move a trace, so every fibre answer on screen is read again. Only
 * the queries being shown refetch; the rest are marked stale.
 */
export function useFibreLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      realtimeSocket.on(REALTIME_EVENTS.fibreChanged, () => {
        void queryClient.invalidateQueries({ queryKey: fibreKeys.all });
      }),
    [queryClient],
  );
}
