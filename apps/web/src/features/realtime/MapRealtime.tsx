import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useMapSession } from '../map/ui/editor-context.ts';
import { startLiveEdits } from './live-edits.ts';
import { LiveLocations } from './LiveLocations.tsx';
import { LocationShareControl } from './LocationShareControl.tsx';
import { PeopleHere } from './PeopleHere.tsx';

/**
 * The map's real-time side (issue 19): live edits into the open cluster, who else is here,
 * sharing my position and seeing my colleagues'. On a desktop under the zoom buttons, clear
 * of the toolbar; on a phone at the bottom right, in thumb's reach, above the base-map notice
 * and the save status.
 */
export function MapRealtime({
  projectId,
  clusterId,
  compact,
}: {
  projectId: number;
  clusterId: number;
  compact: boolean;
}) {
  const { editor } = useMapSession();
  useEffect(() => startLiveEdits(editor), [editor]);
  return (
    <>
      <Stack
        pos="absolute"
        {...(compact ? { bottom: 112, right: 8 } : { top: 108, right: 10 })}
        gap={6}
        align="flex-end"
        style={{ zIndex: 2 }}
      >
        <PeopleHere clusterId={clusterId} />
        <LocationShareControl projectId={projectId} />
      </Stack>
      <LiveLocations projectId={projectId} />
    </>
  );
}
