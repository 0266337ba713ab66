import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { ROUTES } from '../../app/route-table.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout } from './AuthLayout.tsx';

/**
 * The link mailed to an account's owner after repeated failed sign-ins: opening it clears the
 * wait at once, so the owner is never locked out by someone guessing their password.
 */
export function UnlockPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unlock = useMutation({ mutationFn: () => authApi.unlock(token) });
  const { mutate } = unlock;
  useEffect(() => mutate(), [mutate]);

  return (
    <AuthLayout title={t('unlock.title')}>
      <Stack>
        {unlock.isPending && (
          <Text size="sm" role="status">
            <Loader size="xs" mr="xs" />
            {t('unlock.working')}
          </Text>
        )}
        {unlock.data && (
          <Alert color="teal" role="status">
            {unlock.data.message}
          </Alert>
        )}
        {unlock.error && (
          <Alert color="red" role="alert">
            {errorMessage(unlock.error, t)}
          </Alert>
        )}
        <Button component={Link} to={ROUTES.login.path} disabled={unlock.isPending}>
          {t('unlock.signIn')}
        </Button>
        {unlock.error && (
          <Anchor component={Link} to={ROUTES.resetPassword.path} size="sm">
            {t('unlock.resetInstead')}
          </Anchor>
        )}
      </Stack>
    </AuthLayout>
  );
}
