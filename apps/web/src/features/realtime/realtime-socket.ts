import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH } from '@integration/contracts';

type Handler = (payload: unknown) => void;

/**
 * The tab's one Socket.IO connection (presence, live edits, live locations share it).
 * Listeners register by event name and survive a new connection (another sign-in).
 */
class RealtimeSocket {
  private socket: Socket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly connectHandlers = new Set<(again: boolean) => void>();

  /** Opens the connection for a token (closing one opened for another). */
  connect(token: string): void {
    const auth = this.socket?.auth as { token?: string } | undefined;
    if (this.socket && auth?.token === token) return;
    this.disconnect();
    const socket = io({ path: REALTIME_PATH, auth: { token }, transports: ['websocket'] });
    let connectedBefore = false;
    socket.on('connect', () => {
      for (const handler of this.connectHandlers) handler(connectedBefore);
      connectedBefore = true;
    });
    socket.onAny((event: string, payload: unknown) => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
    this.socket = socket;
  }

  disconnect(): void {
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
