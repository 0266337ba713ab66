import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TAG_PHOTOS_MAX, type NearbyElement, type QrTagView } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/error-message.ts';
import { notify } from '../../../app/notify.ts';
import { NearbyList } from './NearbyList.tsx';
import { NearbyMapSlot } from './NearbyMapSlot.tsx';
import { queueId, type QueuedPhoto } from './outbox-store.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import { scanApi, scanKeys } from './scan.api.ts';
import { usePosition, type PositionState } from './usePosition.ts';
import { useScanOutbox } from './useScanOutbox.ts';

function PositionLine({ state }: { state: PositionState }) {
  const { t } = useTranslation();
  const fix = 'fix' in state ? state.fix : null;
  if (state.status === 'failed' && !fix) {
    return (
      <Alert color="orange" role="alert">
        {t(`qrScan.position.${state.reason}`)}
      </Alert>
    );
  }
  if (!fix) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{t('qrScan.position.locating')}</Text>
      </Group>
    );
  }
  return (
    <Text role="status">
      {t('qrScan.position.accuracy', { metres: Math.max(1, Math.round(fix.accuracy)) })}
    </Text>
  );
}

/**
 * Links the tag to an element near the phone, with photos. Note: offline, the nearby list
 * cannot load; the last list loaded for this tag stays on screen and can still be chosen
 * from (the usual case: the page opened with network, the signal dropped at the pole).
 * Without any list, the crew has to come back into coverage: an element picked blind by
 * name would be a worse record than a scan made a little later.
 */
export function LinkTagForm({ tag }: { tag: QrTagView }) {
  const { t } = useTranslation();
  const outbox = useScanOutbox();
  const position = usePosition();
  const { fix } = position;
  const [chosen, setChosen] = useState<NearbyElement | null>(null);
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const [saving, setSaving] = useState(false);
  const nearby = useQuery({
    queryKey: scanKeys.nearby(tag.code, fix),
    queryFn: () => (fix ? scanApi.nearby(tag.code, fix) : Promise.resolve([])),
    enabled: fix !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const elements = nearby.data ?? [];
  const room = TAG_PHOTOS_MAX - tag.photos.length;

  const confirm = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await outbox.add({
        id: queueId(),
        code: tag.code,
        elementName: chosen.name,
        body: {
          elementId: chosen.id,
          position: fix ?? undefined,
          scannedAt: new Date().toISOString(),
        },
        photos,
        scanSent: false,
        queuedAt: new Date().toISOString(),
        problem: null,
      });
      setChosen(null);
      setPhotos([]);
      if (!navigator.onLine) notify.success(t('qrScan.link.savedOffline'));
    } catch (error) {
      // Only the phone's own storage can fail here (full, private mode).
      notify.error(t('qrScan.link.notStored', { message: errorMessage(error, t) }));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="link-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="link-title">
          {tag.scanned ? t('qrScan.link.titleAgain') : t('qrScan.link.title')}
        </Title>
        <Stack gap="xs">
          <PositionLine state={position.state} />
          <Button
            variant="default"
            size="md"
            leftSection={<IconCurrentLocation aria-hidden />}
            onClick={position.retry}
          >
            {t('qrScan.position.use')}
          </Button>
        </Stack>
        {nearby.isError && elements.length === 0 && (
          <Alert color="orange" role="alert">
            {t('qrScan.link.nearbyFailed', { message: errorMessage(nearby.error, t) })}
          </Alert>
        )}
        {fix && nearby.isPending && !nearby.isError && (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>{t('qrScan.link.loadingNearby')}</Text>
          </Group>
        )}
        {nearby.isSuccess && elements.length === 0 && (
          <Text>
            {t('qrScan.link.noneNearby', { type: t(`map.types.${tag.template.elementType}`) })}
          </Text>
        )}
        {fix && elements.length > 0 && (
          <NearbyMapSlot fix={fix} elements={elements.slice(0, 5)} chosenId={chosen?.id ?? null} />
        )}
        {elements.length > 0 && (
          <NearbyList
            elements={elements}
            from={fix}
            value={chosen?.id ?? null}
            onChange={setChosen}
          />
        )}
        <PhotoPicker photos={photos} room={room} onChange={setPhotos} />
        {/* Kept in view under a long list, where the thumb is. */}
        <Stack
          gap={4}
          pos="sticky"
          bottom={0}
          py="xs"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 2 }}
        >
          {chosen && (
            <Text size="sm" ta="center">
              {t('qrScan.link.summary', {
                code: tag.code,
                element: chosen.name,
                count: photos.length,
              })}
            </Text>
          )}
          {/* A second tag on one element is usually the wrong pole. */}
          {chosen && chosen.tags.some((code) => code !== tag.code) && (
            <Text size="sm" ta="center" c="orange.9" fw={600} role="alert">
              {t('qrScan.link.alreadyCarries', {
                element: chosen.name,
                codes: chosen.tags.filter((code) => code !== tag.code).join(', '),
              })}
            </Text>
          )}
          <Button size="lg" disabled={!chosen} loading={saving} onClick={() => void confirm()}>
            {t('qrScan.link.confirm')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
