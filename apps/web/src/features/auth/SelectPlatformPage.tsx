import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PLATFORM_NAME } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { ROUTES } from '../../app/route-table.ts';
import { platformLink } from '../../app/shell/PlatformMenu.tsx';
import { session } from '../../session/session.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** Every platform of the user: this one continues here, the others open in a new tab. */
export function SelectPlatformPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = session.token();
  const platforms = useQuery({
    queryKey: ['platforms', token],
    queryFn: authApi.platforms,
    enabled: !!token,
  });
  if (!token) return <Navigate to={ROUTES.login.path} replace />;
  return (
    <AuthLayout title={t('selectPlatform.title')}>
      <Text size="sm">{t('selectPlatform.intro')}</Text>
      {platforms.error && (
        <Alert color="red" role="alert">
          {t('selectPlatform.failed', { message: errorMessage(platforms.error, t) })}
        </Alert>
      )}
      <Stack gap="xs">
        {(platforms.data ?? []).map((p) =>
          p.name === PLATFORM_NAME ? (
            <Button
              key={p.name}
              variant="filled"
              justify="space-between"
              rightSection={<Badge variant="white">{t('selectPlatform.current')}</Badge>}
              onClick={() => navigate(ROUTES.project.path)}
            >
              {p.name}
            </Button>
          ) : (
            <Button
              key={p.name}
              variant="light"
              component="a"
              href={platformLink(p.url, token)}
              target="_blank"
              rel="noopener"
              aria-label={t('selectPlatform.open', { name: p.name })}
            >
              {p.name}
            </Button>
          ),
        )}
      </Stack>
    </AuthLayout>
  );
}
