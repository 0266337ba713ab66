import { ActionIcon, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { TAG_PHOTO_MAX_BYTES } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify.ts';
import { queueId, type QueuedPhoto } from './outbox-store.ts';
import { BlobImage, THUMB_PX } from './TagPhotos.tsx';

function Thumb({
  photo,
  index,
  onRemove,
}: {
  photo: QueuedPhoto;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box pos="relative" w={THUMB_PX} h={THUMB_PX}>
      <BlobImage blob={photo.blob} alt={t('qrScan.photos.new', { number: index + 1 })} />
      <ActionIcon
        pos="absolute"
        top={-10}
        right={-10}
        size={44}
        radius="xl"
        color="red"
        variant="filled"
        aria-label={t('qrScan.photos.remove', { number: index + 1 })}
        onClick={onRemove}
      >
        <IconX aria-hidden size={20} />
      </ActionIcon>
    </Box>
  );
}

/** Photos taken or attached before the scan is confirmed; kept as Blobs for the queue. */
export function PhotoPicker({
  photos,
  room,
  onChange,
}: {
  photos: QueuedPhoto[];
  /** How many more the tag may keep. */
  room: number;
  onChange: (photos: QueuedPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const add = (files: File[]) => {
    const fitting = files.filter((f) => f.size <= TAG_PHOTO_MAX_BYTES);
    if (fitting.length < files.length) {
      notify.error(t('qrScan.photos.tooLarge', { max: TAG_PHOTO_MAX_BYTES / 1024 / 1024 }));
    }
    const taken = fitting.slice(0, Math.max(0, room - photos.length));
    if (taken.length < fitting.length) notify.error(t('qrScan.photos.tooMany', { max: room }));
    onChange([...photos, ...taken.map((blob) => ({ id: queueId(), blob }))]);
  };
  return (
    <Stack gap="xs">
      <FileButton onChange={add} accept="image/*" capture="environment" multiple>
        {(props) => (
          <Button
            {...props}
            size="md"
            variant="light"
            leftSection={<IconPhotoPlus aria-hidden />}
            disabled={photos.length >= room}
          >
            {t('qrScan.photos.add')}
          </Button>
        )}
      </FileButton>
      {photos.length > 0 ? (
        <Group gap="md" pt={10} aria-label={t('qrScan.photos.chosen')} role="list">
          {photos.map((photo, index) => (
            <div role="listitem" key={photo.id}>
              <Thumb
                photo={photo}
                index={index}
                onRemove={() => onChange(photos.filter((p) => p.id !== photo.id))}
              />
            </div>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('qrScan.photos.none')}
        </Text>
      )}
    </Stack>
  );
}
