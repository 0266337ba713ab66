import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { CentralOffice } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { centralOfficesApi } from './central-offices.api.ts';

/**
 * Where the central office stands (issue 26): feeder cables start where its point is, and its
 * OLT is what a home's trace ends at. Coordinates as a planner reads them off a survey or a map.
 */
export function OfficeLocationPanel({ office }: { office: CentralOffice }) {
  const { t } = useTranslation();
  const [lat, setLat] = useState<number | string>(office.location?.lat ?? '');
  const [lng, setLng] = useState<number | string>(office.location?.lng ?? '');
  const place = useApiMutation((at: { lat: number; lng: number }) =>
    centralOfficesApi.place(office.id, at),
  );
  const valid =
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) place.mutate({ lat, lng });
  };
  return (
    <Stack component="form" onSubmit={submit} gap="xs">
      <Title order={3} size="h5">
        {t('centralOffices.location.title', { name: office.name })}
      </Title>
      <Text size="sm" c="dimmed">
        {office.location
          ? t('centralOffices.location.placed', {
              lat: office.location.lat.toFixed(6),
              lng: office.location.lng.toFixed(6),
            })
          : t('centralOffices.location.none')}
      </Text>
      <Group align="end" gap="sm">
        <NumberInput
          label={t('centralOffices.location.lat')}
          value={lat}
          onChange={setLat}
          min={-90}
          max={90}
          decimalScale={7}
          w={160}
        />
        <NumberInput
          label={t('centralOffices.location.lng')}
          value={lng}
          onChange={setLng}
          min={-180}
          max={180}
          decimalScale={7}
          w={160}
        />
        <Button type="submit" disabled={!valid} loading={place.isPending}>
          {t('centralOffices.location.save')}
        </Button>
      </Group>
    </Stack>
  );
}
