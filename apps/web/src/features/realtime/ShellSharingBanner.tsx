import { Affix } from '@mantine/core';
import { useEffect } from 'react';
import { SharingBanner, SharingStoppedNotice } from './LocationShareControl.tsx';
import { seesLiveLocations } from './live-location-roles.ts';
import { useLocationSharing } from './location-sharing.store.ts';
import { RealtimeNotice } from './RealtimeNotice.tsx';
import { useSharingControls } from './sharing-banner.store.ts';

/**
 * Sharing goes on from page to page until Stop: on a page without its own control (not the
 * map, not the scan page) the banner floats at the bottom, so it is never forgotten. The
 * shell's place too for the notice that live updates stopped (RealtimeNotice).
 */
export function ShellSharingBanner() {
  const status = useLocationSharing((s) => s.status);
  const stop = useLocationSharing((s) => s.stop);
  const stopped = useLocationSharing((s) => s.stoppedByReload);
  const controls = useSharingControls((s) => s.mounted);
  // The shell is there on every signed-in page: the place to pick up sharing after a reload.
  useEffect(() => {
    if (seesLiveLocations()) void useLocationSharing.getState().resume();
  }, []);
  const banner = !((status === 'off' && !stopped) || controls > 0);
  return (
    <>
      <RealtimeNotice />
      {banner ? (
        <Affix position={{ bottom: 16, left: 16 }} zIndex={300} maw="calc(100vw - 32px)">
          {status === 'off' ? (
            <SharingStoppedNotice />
          ) : (
            <SharingBanner locating={status === 'locating'} onStop={stop} />
          )}
        </Affix>
      ) : null}
    </>
  );
}
