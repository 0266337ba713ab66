import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { ROUTES } from '../../app/route-table.ts';
import { returnToTag } from '../qr/scan/return-to-tag.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { signInWith, useProfile } from './useProfile.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: () => authApi.login(email.trim(), password),
    onSuccess: (answer) => {
      signInWith(queryClient, answer.access_token, answer.user);
      // A tag's link opened while signed out leads back to that tag.
      const next = answer.passwordset ? (returnToTag.wanted() ?? ROUTES.project.path) : null;
      navigate(next ?? ROUTES.setPassword.path, { replace: true });
    },
    // The server's message stays in the form; the toast only says that it failed.
    onError: () => notify.error(t('login.failed')),
  });

  // Already signed in: straight to the projects (SPEC §2), or to the tag whose link was opened.
  if (profile.data?.passwordset) {
    return <Navigate to={returnToTag.wanted() ?? ROUTES.project.path} replace />;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate();
  };
  return (
    <AuthLayout title={t('login.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {login.error && (
            <Alert color="red" role="alert">
              {errorMessage(login.error, t)}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={login.isPending}>
            {t('login.submit')}
          </Button>
          <Anchor component={Link} to={ROUTES.resetPassword.path} size="sm">
            {t('login.forgotPassword')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
