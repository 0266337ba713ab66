import { useQuery } from '@tanstack/react-query';
import { scanApi, scanKeys } from '../qr/scan/scan.api.ts';
import { LocationShareControl } from './LocationShareControl.tsx';
import { useWorkspace } from './workspace.store.ts';

/** Share my location from the scan page: in the tag's project, else the one last opened. */
export function ScanLocationShare({ code }: { code: string | null }) {
  const workspaceProject = useWorkspace((s) => s.projectId);
  // The tag view's own query, read from the cache it fills (never fetched from here).
  const tag = useQuery({
    queryKey: scanKeys.tag(code ?? ''),
    queryFn: () => scanApi.tag(code ?? ''),
    enabled: false,
  });
  return <LocationShareControl projectId={tag.data?.projectId ?? workspaceProject} wide />;
}
