import { Box, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useMapSession } from '../map/ui/editor-context.ts';
import { startLiveEdits } from './live-edits.ts';
import { LiveLocations } from './LiveLocations.tsx';
import { LocationShareControl } from './LocationShareControl.tsx';
import { PeopleHere } from './PeopleHere.tsx';

/**
 * The map's real-time side (issue 19): live edits into the open cluster, who else is here,
 * sharing my position and seeing my colleagues'. On a desktop at the top right beside the
 * zoom buttons; on a phone at the bottom right, in thumb's reach above the save status.
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
  const controls = (
    <>
      <PeopleHere clusterId={clusterId} />
      <LocationShareControl projectId={projectId} />
    </>
  );
  return (
    <>
      {compact ? (
        <Stack pos="absolute" bottom={64} right={8} gap={6} align="flex-end" style={{ zIndex: 2 }}>
          {controls}
        </Stack>
      ) : (
        <Box pos="absolute" top={8} right={50} style={{ zIndex: 2 }}>
          <Group gap={8} align="flex-start" wrap="nowrap">
            {controls}
          </Group>
        </Box>
      )}
      <LiveLocations projectId={projectId} />
    </>
  );
}
