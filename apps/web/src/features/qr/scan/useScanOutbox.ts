import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { notify } from '../../../app/notify.ts';
import { browserOutboxStore } from './outbox-store.ts';
import { scanApi, scanKeys } from './scan.api.ts';
import { ScanOutbox } from './scan-outbox.ts';

/** How often waiting scans are tried again, besides the browser's `online` event. */
const RETRY_MS = 30_000;

const outbox = new ScanOutbox(browserOutboxStore(), {
  scan: (code, body) => scanApi.scan(code, body),
  addPhoto: (code, photo) => scanApi.addPhoto(code, photo),
});

let started = false;
/**
 * Retries start with the first scan page of the session and keep going after the user
 * leaves it (e.g. for the map), so a scan confirmed in a dead zone is sent when the phone
 * finds the network again.
 */
function startRetries() {
  if (started) return;
  started = true;
  const retry = () => void outbox.flush();
  window.addEventListener('online', retry);
  setInterval(() => {
    if (outbox.snapshot().waiting.length) retry();
  }, RETRY_MS);
  retry();
}

/** The scans waiting on this phone, and what the scan page does with them. */
export function useScanOutbox() {
  const state = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  return {
    ...state,
    add: (item: Parameters<ScanOutbox['add']>[0]) => outbox.add(item),
    discard: (id: string) => outbox.discard(id),
    retry: () => outbox.flush(),
  };
}

/**
 * Sends waiting scans (now, on `online`, on an interval) and tells of each one sent: a toast
 * with the server's message, and the tag shown afresh. Used once, by the scan page.
 */
export function useOutboxSending() {
  const queryClient = useQueryClient();
  useEffect(() => {
    startRetries();
    const refresh = (code: string) =>
      void queryClient.invalidateQueries({ queryKey: scanKeys.tag(code) });
    const offSent = outbox.onSent((item, message) => {
      notify.success(message);
      refresh(item.code);
    });
    const offDone = outbox.onDone((item) => refresh(item.code));
    return () => {
      offSent();
      offDone();
    };
  }, [queryClient]);
}
