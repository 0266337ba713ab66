import { useEffect } from 'react';
import { useEditorState } from '../map/ui/editor-context.ts';
import { CablePanel } from './CablePanel.tsx';
import { fibreScreens, useFibreScreens } from './fibre-screens.store.ts';
import { HomesPanel } from './HomesPanel.tsx';
import { SpliceEditor } from './SpliceEditor.tsx';
import { TracePanel } from './TracePanel.tsx';
import { useFibreLive } from './useFibreLive.ts';

/**
 * The fibre screens of the open map (issue 26): the splice editor or a cable's panel, a list of
 * homes (a loss budget, the homes of a port) and a trace over the map, the trace in the list's
 * place while it is open. Read-only where the map is (viewers, field users). Nothing stays open
 * once the map closes (another cluster's plan would be wrong there).
 */
export function FibreScreens() {
  const { dialog, list, trace } = useFibreScreens();
  const canEdit = useEditorState((s) => s.canEdit);
  useFibreLive();
  useEffect(() => () => fibreScreens.closeAll(), []);
  return (
    <>
      {dialog?.kind === 'enclosure' ? (
        <SpliceEditor holder={dialog.holder} name={dialog.name} canEdit={canEdit} />
      ) : null}
      {dialog?.kind === 'cable' ? (
        <CablePanel cableId={dialog.cableId} name={dialog.name} canEdit={canEdit} />
      ) : null}
      {trace ? (
        <TracePanel key={JSON.stringify(trace.query)} open={trace} />
      ) : list ? (
        <HomesPanel key={JSON.stringify(list)} list={list} />
      ) : null}
    </>
  );
}
