import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useProfile } from '../features/auth/useProfile.ts';
import { returnToTag } from '../features/qr/scan/return-to-tag.ts';
import { session } from '../session/session.ts';
import { ROUTES } from './route-table.ts';

/** The route guard of SPEC §2: no profile with the stored token means back to login. */
export function RequireProfile({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const { pathname } = useLocation();
  if (!session.token() || profile.isError) {
    session.signOut();
    returnToTag.remember(pathname);
    return <Navigate to={ROUTES.login.path} replace />;
  }
  if (!profile.data) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  // An invited user signs in with a temporary password and must choose their own first.
  if (!profile.data.passwordset) return <Navigate to={ROUTES.setPassword.path} replace />;
  return children;
}
