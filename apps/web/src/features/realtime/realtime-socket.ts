import { io, type Socket } from 'socket.io-client';
import { create } from 'zustand';
import { REALTIME_CONNECT_ERRORS, REALTIME_PATH } from '@integration/contracts';
import { session } from '../../session/session.ts';

type Handler = (payload: unknown) => void;

/**
 * Why live updates stopped, for the notice that says so: the session ended (token expired or
 * revoked: sign in again) or too many tabs are open (the server takes 20 per user).
 */
export type RealtimeProblem = 'signedOut' | 'tooManyTabs';

export const useRealtimeConnection = create<{ problem: RealtimeProblem | null }>(() => ({
  problem: null,
}));

/** After the server closed the socket, tries again this long later (more each time in a row). */
const RETRY_MS = [1_000, 5_000, 30_000];

/**
 * The tab's one Socket.IO connection (presence, live edits, live locations share it).
 * Listeners register by event name and survive a new connection (another sign-in).
 */
class RealtimeSocket {
  private socket: Socket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly connectHandlers = new Set<(again: boolean) => void>();
  private retry: ReturnType<typeof setTimeout> | undefined;

  /** Opens the connection for a token (closing one opened for another). */
  connect(token: string): void {
    const auth = this.socket?.auth as { token?: string } | undefined;
    if (this.socket && auth?.token === token) return;
    this.disconnect();
    useRealtimeConnection.setState({ problem: null });
    const socket = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });
    let connectedBefore = false;
    let retries = 0;
    socket.on('connect', () => {
      for (const handler of this.connectHandlers) handler(connectedBefore);
      connectedBefore = true;
    });
    // The server closes a socket whose token expired or was revoked, or whose user lost access:
    // Socket.IO does not reconnect by itself then. Try again (with the newest stored token); a
    // refusal says the session ended.
    socket.on('disconnect', (reason) => {
      if (reason !== 'io server disconnect' || this.socket !== socket) return;
      const wait = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)] ?? 30_000;
      retries += 1;
      this.retry = setTimeout(() => {
        if (this.socket !== socket) return;
        const fresh = session.token();
        if (!fresh) return useRealtimeConnection.setState({ problem: 'signedOut' });
        socket.auth = { token: fresh };
        socket.connect();
      }, wait);
    });
    socket.on('connect_error', (error: Error) => {
      if (error.message === REALTIME_CONNECT_ERRORS.unauthorized) {
        useRealtimeConnection.setState({ problem: 'signedOut' });
      } else if (error.message === REALTIME_CONNECT_ERRORS.tooManySockets) {
        useRealtimeConnection.setState({ problem: 'tooManyTabs' });
      }
    });
    // Connected and calm for a minute: the next server close starts the retries afresh.
    socket.on('connect', () => {
      useRealtimeConnection.setState({ problem: null });
      setTimeout(() => (retries = 0), 60_000);
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
    this.socket = socket;
  }

  disconnect(): void {
    clearTimeout(this.retry);
    this.socket?.disconnect();
    this.socket = null;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  /** Listen to a server event; returns the way to stop. */
  on(event: string, handler: Handler): () => void {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  /** Called on each connection; `again` is true for a reconnection (events may be missed). */
  onConnect(handler: (again: boolean) => void): () => void {
    this.connectHandlers.add(handler);
    return () => this.connectHandlers.delete(handler);
  }

  /** Sends an event; false when there is no connection (Socket.IO would buffer it). */
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): boolean {
    const socket = this.socket;
    if (!socket?.connected) return false;
    if (ack)
      socket.timeout(10_000).emit(event, payload, (error: unknown, answer: unknown) => {
        ack(error ? { status: false, error: 'timeout' } : answer);
      });
    else socket.emit(event, payload);
    return true;
  }
}

export const realtimeSocket = new RealtimeSocket();
