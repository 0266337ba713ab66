import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { ROUTES } from '../../app/route-table.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const reset = useMutation({
    mutationFn: () => authApi.reset(email.trim()),
    onError: (error) => notify.error(errorMessage(error, t), t('resetPassword.failed')),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate();
  };
  return (
    <AuthLayout title={t('resetPassword.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">{t('resetPassword.intro')}</Text>
          {reset.data && (
            <Alert color="teal" role="status">
              {reset.data.message}
            </Alert>
          )}
          {reset.error && (
            <Alert color="red" role="alert">
              {errorMessage(reset.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('resetPassword.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Button type="submit" loading={reset.isPending}>
            {t('resetPassword.submit')}
          </Button>
          <Anchor component={Link} to={ROUTES.login.path} size="sm">
            {t('resetPassword.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
