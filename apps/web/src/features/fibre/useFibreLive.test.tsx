import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { REALTIME_EVENTS } from '@integration/contracts';
import { realtimeSocket } from '../realtime/realtime-socket.ts';
import { fibreKeys } from './fibre.api.ts';
import { useFibreLive } from './useFibreLive.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('fibre screens kept live', () => {
  it('read every open plan and trace again when an enclosure changes elsewhere, and stop on close', () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const off = vi.fn();
    vi.spyOn(realtimeSocket, 'on').mockImplementation((event, handler) => {
      handlers.set(event, handler);
      return off;
    });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useFibreLive(), { wrapper });

    handlers.get(REALTIME_EVENTS.fibreChanged)?.({ elementId: 3, centralOfficeId: null, by: 2 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: fibreKeys.all });
    unmount();
    expect(off).toHaveBeenCalled();
  });
});
