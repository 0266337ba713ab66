import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { authApi } from './auth.api.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { passwordWeaknessOf } from './password-check.ts';
import { signInWith } from './useProfile.ts';

/**
 * Sets a password with the token of a reset or invitation link, or, for a signed-in user
 * whose password is not set yet, with their session and current (temporary) password. Signs
 * the user in afterwards.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const resetToken = params.get('token') ?? undefined;
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const canProceed = Boolean(resetToken ?? session.token());
  // With a session rather than a mailed link, the current password proves it is the owner.
  const withSession = !resetToken && canProceed;
  const firstTime = session.user()?.passwordset === false;

  const save = useMutation({
    mutationFn: () =>
      authApi.setPassword(
        password,
        resetToken ? { token: resetToken } : { currentPassword: current },
      ),
    onSuccess: (answer) => {
      notify.success(answer.message);
      if (answer.access_token && answer.user) {
        signInWith(queryClient, answer.access_token, answer.user);
        navigate(ROUTES.project.path, { replace: true });
      } else {
        navigate(ROUTES.login.path, { replace: true });
      }
    },
    onError: (error) => notify.error(errorMessage(error, t), t('setPassword.failed')),
  });

  /** Says before sending what the server would refuse: a common, trivial or personal password. */
  const weakness = async () => {
    setChecking(true);
    try {
      const user = session.user();
      const owner = withSession && user ? { email: user.email, name: user.name } : {};
      const found = await passwordWeaknessOf(password, owner);
      return found && found !== 'short' ? t(`setPassword.weak.${found}`) : null;
    } finally {
      setChecking(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (withSession && !current) {
      setProblem(t('setPassword.currentMissing'));
    } else if (password.length < PASSWORD_MIN_LENGTH) {
      setProblem(t('setPassword.tooShort', { min: PASSWORD_MIN_LENGTH }));
    } else if (password !== confirm) {
      setProblem(t('setPassword.mismatch'));
    } else {
      const weak = await weakness();
      setProblem(weak);
      if (!weak) save.mutate();
    }
  };

  return (
    <AuthLayout title={t('setPassword.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {!resetToken && firstTime && <Text size="sm">{t('setPassword.firstTime')}</Text>}
          <Text size="sm" c="dimmed">
            {t('setPassword.intro', { min: PASSWORD_MIN_LENGTH })}
          </Text>
          {!canProceed && (
            <Alert color="orange" role="alert">
              {t('setPassword.noAuth')}
            </Alert>
          )}
          {(problem ?? save.error) && (
            <Alert color="red" role="alert">
              {problem ?? errorMessage(save.error, t)}
            </Alert>
          )}
          {withSession && (
            <PasswordInput
              label={t('setPassword.current')}
              description={firstTime ? t('setPassword.currentTemporary') : undefined}
              autoComplete="current-password"
              required
              value={current}
              onChange={(e) => setCurrent(e.currentTarget.value)}
            />
          )}
          <PasswordInput
            label={t('setPassword.password')}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('setPassword.confirm')}
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" loading={save.isPending || checking} disabled={!canProceed}>
            {t('setPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
