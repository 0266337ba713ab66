import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS, REALTIME_PATH, type PresenceSetPayload } from '@integration/contracts';
import { session } from '../../session/session.ts';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';

/**
 * Keeps a Socket.IO connection open while signed in, tells the server where this tab is
 * (a project and cluster while the map is open, nowhere otherwise), and refreshes the
 * lists that show usersOnline when anyone arrives or leaves.
 */
export function usePresence({ projectId, clusterId }: PresenceSetPayload): void {
  const queryClient = useQueryClient();
  const socketRef = useRef<Socket | null>(null);
  const atRef = useRef<PresenceSetPayload>({ projectId, clusterId });

  useEffect(() => {
    const token = session.token();
    if (!token) return;
    const socket = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });
    socketRef.current = socket;
    // Re-announce after every (re)connection: a restarted server knows nothing of us.
    socket.on('connect', () => socket.emit(REALTIME_EVENTS.presenceSet, atRef.current));
    socket.on(REALTIME_EVENTS.presenceChanged, () => {
      void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
    });
    return () => {
      socket.disconnect();
      socketRef.current = null;
    };
  }, [queryClient]);

  useEffect(() => {
    atRef.current = { projectId, clusterId };
    socketRef.current?.emit(REALTIME_EVENTS.presenceSet, atRef.current);
  }, [projectId, clusterId]);
}
