import { ActionIcon, Burger, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconLogout, IconScan } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../features/auth/auth.api.ts';
import { session } from '../../session/session.ts';
import { ROUTES } from '../route-table.ts';
import { useCompact } from '../useCompact.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { PlatformMenu } from './PlatformMenu.tsx';

/** Sidebar toggle, platform menu, language menu and logout (SPEC §2). */
export function TopBar({ sidebarOpen, onToggle }: { sidebarOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = session.user();
  const compact = useCompact();
  // A field crew scans tags all day: Scan is one tap away on every page, the map included.
  const scans = user?.role === 'field';
  const logout = () => {
    // The server forgets the token even if this tab's answer never comes back.
    void authApi.logout().catch(() => undefined);
    session.signOut();
    queryClient.clear();
    navigate(ROUTES.login.path, { replace: true });
  };
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Burger
        opened={sidebarOpen}
        onClick={onToggle}
        aria-label={t('topbar.toggleSidebar')}
        size="sm"
      />
      <Group gap="xs" wrap="nowrap">
        {user && (
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {user.name}
          </Text>
        )}
        {scans ? (
          compact ? (
            <ActionIcon
              variant="filled"
              size="lg"
              onClick={() => navigate(ROUTES.scanTag.path)}
              aria-label={t('topbar.scan')}
            >
              <IconScan size={20} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              variant="filled"
              leftSection={<IconScan size={18} aria-hidden />}
              onClick={() => navigate(ROUTES.scanTag.path)}
            >
              {t('topbar.scan')}
            </Button>
          )
        ) : null}
        <PlatformMenu />
        <LanguageMenu />
        <Tooltip label={t('topbar.logout')}>
          <ActionIcon variant="subtle" size="lg" onClick={logout} aria-label={t('topbar.logout')}>
            <IconLogout size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
