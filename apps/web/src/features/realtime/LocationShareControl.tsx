import { Alert, Box, Button, Group, Paper, Text } from '@mantine/core';
import './realtime.css';
import { IconMapPinShare, IconPlayerStopFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { seesLiveLocations } from './live-location-roles.ts';
import { useLocationSharing } from './location-sharing.store.ts';
import { useSharingBannerShown } from './sharing-banner.store.ts';

/**
 * "Share my location" and, while sharing, the banner that says so with Stop (issue 19);
 * a refusal of the browser (or the server) is said in its place. On the map and the scan
 * page; `wide` fills the page's width. Viewers do not share (issue 25): nothing is shown.
 */
export function LocationShareControl({
  projectId,
  wide = false,
}: {
  projectId: number | null;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const { status, problem, stoppedByReload, start, stop, dismiss } = useLocationSharing();
  useSharingBannerShown();
  if (!seesLiveLocations()) return null;
  const sharing = status !== 'off';
  return (
    <Box w={wide ? '100%' : undefined} maw={wide ? undefined : 300}>
      {sharing ? (
        <SharingBanner locating={status === 'locating'} onStop={stop} />
      ) : stoppedByReload ? (
        <SharingStoppedNotice />
      ) : (
        <Button
          size="sm"
          variant="default"
          leftSection={<IconMapPinShare size={18} aria-hidden />}
          disabled={projectId === null}
          onClick={() => projectId !== null && start(projectId)}
          fullWidth={wide}
          style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
        >
          {t('realtime.share.start')}
        </Button>
      )}
      {problem ? (
        <Alert
          mt={6}
          color={problem === 'unavailable' && sharing ? 'orange' : 'red'}
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={dismiss}
          p="xs"
        >
          <Text size="sm">{t(`realtime.share.problem.${problem}`)}</Text>
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * Sharing was on before the page reloaded and the browser would have to ask again: said in
 * place of the start button, with a one-tap "Share again".
 */
export function SharingStoppedNotice() {
  const { t } = useTranslation();
  const stopped = useLocationSharing((s) => s.stoppedByReload);
  const start = useLocationSharing((s) => s.start);
  const dismiss = useLocationSharing((s) => s.dismiss);
  if (!stopped) return null;
  return (
    <Alert
      color="orange"
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={dismiss}
      p="xs"
      style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
    >
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm">{t('realtime.share.stoppedByReload')}</Text>
        <Button
          size="compact-sm"
          color="orange"
          leftSection={<IconMapPinShare size={14} aria-hidden />}
          onClick={() => start(stopped.projectId)}
        >
          {t('realtime.share.again')}
        </Button>
      </Group>
    </Alert>
  );
}

/** Green and unmistakable: positions are leaving this phone. */
export function SharingBanner({ locating, onStop }: { locating: boolean; onStop(): void }) {
  const { t } = useTranslation();
  return (
    <Paper
      role="status"
      aria-label={t('realtime.share.banner')}
      shadow="md"
      radius="md"
      px="sm"
      py={6}
      bg="teal.7"
      c="white"
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        {/* The words give way (they wrap) so that Stop stays whole on a phone. */}
        <Group gap={8} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <span className="live-sharing-dot" aria-hidden />
          <Text size="sm" fw={600} lh={1.2}>
            {locating ? t('realtime.share.locating') : t('realtime.share.banner')}
          </Text>
        </Group>
        <Button
          size="compact-sm"
          color="white"
          variant="white"
          c="teal.9"
          leftSection={<IconPlayerStopFilled size={14} aria-hidden />}
          style={{ flexShrink: 0 }}
          onClick={onStop}
        >
          {t('realtime.share.stop')}
        </Button>
      </Group>
    </Paper>
  );
}
