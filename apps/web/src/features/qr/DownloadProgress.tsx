import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DownloadState } from './useDocumentDownload.ts';

/** A document on its way: what, how much has arrived, and Cancel. */
export function DownloadProgress({
  state,
  onCancel,
}: {
  state: DownloadState;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite">
      <Group justify="space-between">
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">
            {t('qr.downloading', { name: state.label, size: (state.bytes / 1024).toFixed(0) })}
          </Text>
        </Group>
        <Button size="xs" variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Paper>
  );
}
