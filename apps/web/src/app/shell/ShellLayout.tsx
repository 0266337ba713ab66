import { AppShell } from '@mantine/core';
import { MENU_MOBILE_BREAKPOINT_PX } from '@integration/contracts';
import { Outlet, useMatches } from 'react-router';
import { usePresence } from '../../features/realtime/usePresence.ts';
import { useWorkspace } from '../../features/realtime/workspace.store.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { useShellStore } from './shell.store.ts';

interface RouteHandle {
  sidebar?: 'map';
}

/**
 * The app shell: sidebar, top bar and page. Ordinary pages show or hide the sidebar;
 * map pages keep it open or collapse it to the logo (SPEC §2's three variants).
 */
export function ShellLayout() {
  const onMap = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.sidebar === 'map');
  const { visible, mapOpen, toggle } = useShellStore();
  const workspace = useWorkspace();
  // The map is where a project and cluster are "open" for presence.
  usePresence(
    onMap
      ? { projectId: workspace.projectId, clusterId: workspace.clusterId }
      : { projectId: null, clusterId: null },
  );
  const open = onMap ? mapOpen : visible;
  const width = onMap && !mapOpen ? 72 : 240;
  const hidden = !onMap && !visible;
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width,
        breakpoint: MENU_MOBILE_BREAKPOINT_PX,
        collapsed: { mobile: hidden, desktop: hidden },
      }}
      padding={onMap ? 0 : 'md'}
      transitionDuration={200}
    >
      <AppShell.Header>
        <TopBar sidebarOpen={open} onToggle={() => toggle(onMap)} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar collapsed={onMap && !mapOpen} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
