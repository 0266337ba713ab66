import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format.ts';
import { useScanOutbox } from './useScanOutbox.ts';

/** Scans waiting on this phone, and those the server refused, until the user decides. */
export function OutboxStatus() {
  const { t } = useTranslation();
  const { waiting, attention, sending, retry, discard } = useScanOutbox();
  if (waiting.length === 0 && attention.length === 0) return null;
  return (
    <Stack gap="sm">
      {waiting.length > 0 && (
        <Paper withBorder p="sm" radius="md" bg="yellow.1">
          <Group justify="space-between" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <IconCloudUpload aria-hidden size={22} />
              <Text role="status" aria-live="polite" fw={700}>
                {t('qrScan.outbox.waiting', { count: waiting.length })}
              </Text>
            </Group>
            <Button variant="default" size="md" loading={sending} onClick={() => void retry()}>
              {t('qrScan.outbox.retry')}
            </Button>
          </Group>
        </Paper>
      )}
      {attention.length > 0 && (
        <Alert color="red" title={t('qrScan.outbox.attention', { count: attention.length })}>
          <Stack gap="sm" role="list" aria-label={t('qrScan.outbox.attentionList')}>
            {attention.map((item) => (
              <Stack key={item.id} gap={4} role="listitem">
                <Text fw={600}>
                  {t('qrScan.outbox.item', {
                    code: item.code,
                    element: item.elementName,
                    when: formatDate(item.body.scannedAt),
                  })}
                </Text>
                <Text>
                  {item.scanSent
                    ? t('qrScan.outbox.photosRefused', { message: item.problem?.message ?? '' })
                    : item.problem?.message}
                </Text>
                <Button
                  variant="light"
                  color="red"
                  size="md"
                  onClick={() => void discard(item.id)}
                  aria-label={t('qrScan.outbox.discardOne', { code: item.code })}
                >
                  {t('qrScan.outbox.discard')}
                </Button>
              </Stack>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
