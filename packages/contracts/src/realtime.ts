/** Socket.IO under the API (DESIGN §2): path and event names shared by server and web. */
export const REALTIME_PATH = '/api/ws';

export const REALTIME_EVENTS = {
  /** client → server: the project and cluster this tab has open (null when none). */
  presenceSet: 'presence:set',
  /** server → clients: someone arrived or left somewhere; refresh usersOnline. */
  presenceChanged: 'presence:changed',
} as const;

export interface PresenceSetPayload {
  projectId: number | null;
  clusterId: number | null;
}
