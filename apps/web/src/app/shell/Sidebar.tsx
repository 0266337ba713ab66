import { Image, NavLink, Stack } from '@mantine/core';
import { IconChartBar, IconFolders } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { activeSidebarEntry, ROUTES } from '../route-table.ts';

const ENTRIES = [
  { id: 'project', labelKey: 'sidebar.project', to: ROUTES.project.path, icon: IconFolders },
  { id: 'reports', labelKey: 'sidebar.reports', to: ROUTES.reports.path, icon: IconChartBar },
] as const;

/**
 * Logo and the two entries of SPEC §2; collapsed (map pages) shows only the logo.
 * `onNavigate` closes the phone's drawer, even on the entry of the page already shown.
 */
export function Sidebar({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeSidebarEntry(pathname);
  return (
    <Stack gap="xs" p="sm" component="nav" aria-label={t('sidebar.label')}>
      <Link to={ROUTES.project.path} aria-label={t('app.name')} onClick={onNavigate}>
        <Image src="/logo.svg" alt="" h={40} w={40} />
      </Link>
      {!collapsed &&
        ENTRIES.map(({ id, labelKey, to, icon: Icon }) => (
          <NavLink
            key={id}
            component={Link}
            to={to}
            label={t(labelKey)}
            leftSection={<Icon size={18} aria-hidden />}
            active={active === id}
            aria-current={active === id ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
    </Stack>
  );
}
