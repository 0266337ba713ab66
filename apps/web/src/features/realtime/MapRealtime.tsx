import { useEffect } from 'react';
import { useMapSession } from '../map/ui/editor-context.ts';
import { startLiveEdits } from './live-edits.ts';
import { seesLiveLocations } from './live-location-roles.ts';
import { LiveLocations } from './LiveLocations.tsx';

/**
 * The map's real-time side (issue 19): live edits into the open cluster and colleagues'
 * positions. Who else is here and sharing my position are status: they sit in the map's
 * status bar (MapStatusBar), with the save status, so that nothing floats over anything else.
 * Viewers get live edits but no positions (issue 25).
 */
export function MapRealtime({ projectId }: { projectId: number }) {
  const { editor } = useMapSession();
  useEffect(() => startLiveEdits(editor), [editor]);
  return seesLiveLocations() ? <LiveLocations projectId={projectId} /> : null;
}
