import { Alert, Box, Button, Group, Paper, Text } from '@mantine/core';
import './realtime.css';
import { IconMapPinShare, IconPlayerStopFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocationSharing } from './location-sharing.store.ts';
import { useSharingBannerShown } from './sharing-banner.store.ts';

/**
 * "Share my location" and, while sharing, the banner that says so with Stop (issue 19);
 * a refusal of the browser (or the server) is said in its place. On the map and the scan
 * page; `wide` fills the page's width.
 */
export function LocationShareControl({
  projectId,
  wide = false,
}: {
  projectId: number | null;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const { status, problem, start, stop, dismiss } = useLocationSharing();
  useSharingBannerShown();
  const sharing = status !== 'off';
  return (
    <Box w={wide ? '100%' : undefined} maw={wide ? undefined : 300}>
      {sharing ? (
        <SharingBanner locating={status === 'locating'} onStop={stop} />
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
        <Group gap={8} wrap="nowrap">
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
          onClick={onStop}
        >
          {t('realtime.share.stop')}
        </Button>
      </Group>
    </Paper>
  );
}
