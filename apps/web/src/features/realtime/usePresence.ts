import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { REALTIME_EVENTS, type PresenceSetPayload } from '@integration/contracts';
import { session } from '../../session/session.ts';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { realtimeSocket } from './realtime-socket.ts';

/**
 * Keeps the tab's Socket.IO connection open while signed in, tells the server where this tab
 * is (a project and cluster while the map is open, nowhere otherwise), and refreshes the
 * lists that show usersOnline when anyone arrives or leaves.
 */
export function usePresence({ projectId, clusterId }: PresenceSetPayload): void {
  const queryClient = useQueryClient();
  const atRef = useRef<PresenceSetPayload>({ projectId, clusterId });

  useEffect(() => {
    const token = session.token();
    if (!token) return;
    realtimeSocket.connect(token);
    // Re-announce after every (re)connection: a restarted server knows nothing of us.
    const offConnect = realtimeSocket.onConnect(() =>
      realtimeSocket.emit(REALTIME_EVENTS.presenceSet, atRef.current),
    );
    const offChanged = realtimeSocket.on(REALTIME_EVENTS.presenceChanged, () => {
      void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
      // The open cluster's usersOnline (the map's "people here").
      void queryClient.invalidateQueries({ queryKey: ['clusters', 'cluster'] });
    });
    return () => {
      offConnect();
      offChanged();
      realtimeSocket.disconnect();
    };
  }, [queryClient]);

  useEffect(() => {
    atRef.current = { projectId, clusterId };
    realtimeSocket.emit(REALTIME_EVENTS.presenceSet, atRef.current);
  }, [projectId, clusterId]);
}
