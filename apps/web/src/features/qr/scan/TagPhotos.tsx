import { Group, Image, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
  return <BlobImage blob={photo.data} alt={t('qrScan.photos.stored', { number: index + 1 })} />;
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
