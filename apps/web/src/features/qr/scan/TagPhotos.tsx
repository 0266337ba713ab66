import { ActionIcon, Button, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { scanApi, scanKeys } from './scan.api.ts';

export const THUMB_PX = 88;

/**
 * An image of a Blob (a photo fetched with the bearer token, or just taken), through an object
 * URL released when the image goes or changes.
 */
export function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <Image ref={image} alt={alt} w={THUMB_PX} h={THUMB_PX} radius="sm" fit="cover" />;
}

function StoredPhoto({ code, id, index }: { code: string; id: number; index: number }) {
  const { t } = useTranslation();
  const photo = useQuery({
    queryKey: scanKeys.photo(code, id),
    queryFn: () => scanApi.photo(code, id),
    staleTime: Infinity,
  });
  if (photo.isError) return <Text size="sm">{t('qrScan.photos.failed')}</Text>;
  if (!photo.data) return <Skeleton w={THUMB_PX} h={THUMB_PX} radius="sm" />;
  return (
    <Stack gap={4} align="center">
      <BlobImage blob={photo.data} alt={t('qrScan.photos.stored', { number: index + 1 })} />
      <DeletePhoto code={code} id={id} number={index + 1} />
    </Stack>
  );
}

/** A bin under each photo; a second tap confirms (a phone has no hover to explain it). */
function DeletePhoto({ code, id, number }: { code: string; id: number; number: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => scanApi.deletePhoto(code, id),
    onSuccess: async (answer) => {
      notifications.show({ color: 'teal', message: answer.message });
      await queryClient.invalidateQueries({ queryKey: scanKeys.tag(code) });
    },
    onError: (error) => {
      setAsking(false);
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : t('qrScan.photos.deleteFailed'),
      });
    },
  });
  if (!asking) {
    return (
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('qrScan.photos.delete', { number })}
        onClick={() => setAsking(true)}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button
      size="compact-xs"
      color="red"
      loading={remove.isPending}
      aria-label={t('qrScan.photos.confirmDelete', { number })}
      onClick={() => remove.mutate()}
    >
      {t('qrScan.photos.confirmShort')}
    </Button>
  );
}

/** The photos the server keeps for a tag, as thumbnails (they need the bearer token). */
export function TagPhotos({ code, ids }: { code: string; ids: number[] }) {
  return (
    <Group gap="xs">
      {ids.map((id, index) => (
        <StoredPhoto key={id} code={code} id={id} index={index} />
      ))}
    </Group>
  );
}
