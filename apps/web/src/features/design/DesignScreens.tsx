import { useEffect } from 'react';
import { fibreScreens, useFibreScreens } from '../fibre/fibre-screens.store.ts';
import { useMapSession } from '../map/ui/editor-context.ts';
import { designPanel, useDesignPanel } from './design-panel.store.ts';
import { ProblemsPanel } from './ProblemsPanel.tsx';
import { ThresholdsForm } from './ThresholdsForm.tsx';
import { useProblemsLive } from './useProblemsLive.ts';

/**
 * The design checks of the open map (issue 27): the problems kept fresh as the design changes,
 * the Problems panel and its thresholds form. The panel takes the place of a fibre list or
 * trace (they sit in the same spot) and gives it back when one opens. Nothing stays open once
 * the map closes.
 */
export function DesignScreens({
  projectId,
  projectName,
  clusterId,
  clusterName,
}: {
  projectId: number;
  projectName: string;
  clusterId: number;
  clusterName: string;
}) {
  const { editor } = useMapSession();
  const { open, thresholds } = useDesignPanel();
  useProblemsLive(editor);
  useEffect(() => () => designPanel.close(), []);
  // One panel at a time where the fibre lists sit.
  useEffect(() => {
    if (open) fibreScreens.closePanels();
  }, [open]);
  useEffect(
    () =>
      useFibreScreens.subscribe((s, before) => {
        if ((s.list && !before.list) || (s.trace && !before.trace)) designPanel.close();
      }),
    [],
  );
  return (
    <>
      {open ? <ProblemsPanel clusterId={clusterId} clusterName={clusterName} /> : null}
      {open && thresholds ? (
        <ThresholdsForm
          projectId={projectId}
          projectName={projectName}
          onClose={designPanel.closeThresholds}
        />
      ) : null}
    </>
  );
}
