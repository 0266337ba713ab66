import { AppShell, Drawer } from '@mantine/core';
import { MENU_MOBILE_BREAKPOINT_PX } from '@integration/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ShellSharingBanner } from '../../features/realtime/ShellSharingBanner.tsx';
import { usePresence } from '../../features/realtime/usePresence.ts';
import { useWorkspace } from '../../features/realtime/workspace.store.ts';
import { useCompact } from '../useCompact.ts';
import { Sidebar } from './Sidebar.tsx';
import { TopBar } from './TopBar.tsx';
import { useShellStore } from './shell.store.ts';

interface RouteHandle {
  sidebar?: 'map';
}

/**
 * The app shell: sidebar, top bar and page. Ordinary pages show or hide the sidebar;
 * map pages keep it open or collapse it to the logo (SPEC §2's three variants). On a compact
 * screen it is a drawer over the page, closed by default and after each navigation.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const onMap = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.sidebar === 'map');
  const { pathname } = useLocation();
  const compact = useCompact();
  const { visible, mapOpen, drawerOpen, toggle, setDrawer } = useShellStore();
  useEffect(() => setDrawer(false), [pathname, setDrawer]);
  const workspace = useWorkspace();
  // The map is where a project and cluster are "open" for presence.
  usePresence(
    onMap
      ? { projectId: workspace.projectId, clusterId: workspace.clusterId }
      : { projectId: null, clusterId: null },
  );
  const open = compact ? drawerOpen : onMap ? mapOpen : visible;
  const width = onMap && !mapOpen ? 72 : 240;
  const hidden = compact || (!onMap && !visible);
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
        <TopBar
          sidebarOpen={open}
          onToggle={() => (compact ? setDrawer(!drawerOpen) : toggle(onMap))}
        />
      </AppShell.Header>
      {compact ? (
        <Drawer
          opened={drawerOpen}
          onClose={() => setDrawer(false)}
          size={280}
          title={t('sidebar.label')}
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Sidebar collapsed={false} onNavigate={() => setDrawer(false)} />
        </Drawer>
      ) : (
        <AppShell.Navbar>
          <Sidebar collapsed={onMap && !mapOpen} />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Outlet />
        <ShellSharingBanner />
      </AppShell.Main>
    </AppShell>
  );
}
