import { ActionIcon, Button, Menu } from '@mantine/core';
import { useEffect } from 'react';
import { IconApps, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_NAME } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../../features/auth/auth.api.ts';
import { session } from '../../session/session.ts';
import { errorMessage } from '../error-message.ts';
import { notify } from '../notify.ts';
import { ROUTES } from '../route-table.ts';
import { useCompact } from '../useCompact.ts';

/** The URL that opens another platform signed in as the same user (SPEC §2). */
export function platformLink(url: string, token: string): string {
  const target = new URL(url, window.location.origin);
  target.searchParams.set('changeplatform', token);
  return target.toString();
}

/** The user's other platforms; each opens in a new tab with the token as changeplatform. */
export function PlatformMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compact = useCompact();
  const platforms = useQuery({
    queryKey: ['platforms', session.token()],
    queryFn: authApi.platforms,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (platforms.error) {
      notify.error(t('selectPlatform.failed', { message: errorMessage(platforms.error, t) }));
    }
  }, [platforms.error, t]);
  const others = (platforms.data ?? []).filter((p) => p.name !== PLATFORM_NAME);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          // A phone's top bar also holds Scan, the language and Logout: the icon says enough.
          <ActionIcon variant="subtle" size="lg" aria-label={t('topbar.platforms')}>
            <IconApps size={20} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="subtle" leftSection={<IconApps size={18} aria-hidden />}>
            {t('topbar.platforms')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {others.length === 0 && <Menu.Item disabled>{t('topbar.noOtherPlatforms')}</Menu.Item>}
        {others.map((p) => (
          <Menu.Item
            key={p.name}
            rightSection={<IconExternalLink size={14} aria-hidden />}
            onClick={() =>
              window.open(platformLink(p.url, session.token() ?? ''), '_blank', 'noopener')
            }
          >
            {p.name}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => navigate(ROUTES.selectPlatform.path)}>
          {t('topbar.allPlatforms')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
