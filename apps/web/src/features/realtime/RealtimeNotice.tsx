import { Affix, Alert, Button, Group, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { useRealtimeConnection } from './realtime-socket.ts';

/**
 * Says when live updates (colleagues' edits, presence, live locations) stopped for a reason
 * the tab cannot mend alone: the session ended (sign in again: the socket reconnects with the
 * new token) or too many tabs are open. Under the top bar, clear of the map's status bar.
 */
export function RealtimeNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problem = useRealtimeConnection((s) => s.problem);
  if (!problem) return null;
  const signIn = () => {
    session.signOut();
    queryClient.clear();
    navigate(ROUTES.login.path, { replace: true });
  };
  return (
    <Affix position={{ top: 64, right: 16 }} zIndex={310} maw="min(420px, calc(100vw - 32px))">
      <Alert
        color="orange"
        role="alert"
        p="xs"
        icon={<IconPlugConnectedX size={18} aria-hidden />}
        withCloseButton
        closeButtonLabel={t('common.close')}
        onClose={() => useRealtimeConnection.setState({ problem: null })}
        style={{ boxShadow: 'var(--mantine-shadow-md)' }}
      >
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm">{t(`realtime.connection.${problem}`)}</Text>
          {problem === 'signedOut' ? (
            <Button size="compact-sm" color="orange" onClick={signIn}>
              {t('realtime.connection.signIn')}
            </Button>
          ) : (
            <Button size="compact-sm" color="orange" onClick={() => window.location.reload()}>
              {t('realtime.connection.reload')}
            </Button>
          )}
        </Group>
      </Alert>
    </Affix>
  );
}
