import { Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { NearbyElement } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compassPointTo } from './bearing.ts';

/** The nearest few first: the element at hand is almost always among them. */
const FIRST_SHOWN = 5;

/** The elements nearest the phone, nearest first, as large choices for a thumb. */
export function NearbyList({
  elements,
  from,
  value,
  onChange,
}: {
  elements: NearbyElement[];
  /** The crew's position: each candidate's direction is told from it. */
  from: { lat: number; lng: number } | null;
  value: number | null;
  onChange: (element: NearbyElement) => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const chosenBeyond = elements.findIndex((e) => e.id === value) >= FIRST_SHOWN;
  const shown = all || chosenBeyond ? elements : elements.slice(0, FIRST_SHOWN);
  const hidden = elements.length - shown.length;
  return (
    <Radio.Group
      value={value === null ? null : String(value)}
      onChange={(id) => {
        const chosen = elements.find((e) => String(e.id) === id);
        if (chosen) onChange(chosen);
      }}
      label={t('qrScan.link.choose')}
      labelProps={{ fz: 'md', fw: 600, mb: 'xs' }}
    >
      <Stack gap="xs">
        {shown.map((element, index) => {
          const point = from ? compassPointTo(from, element.coordinates) : null;
          const metres = Math.round(element.distance);
          return (
            <Radio.Card key={element.id} value={String(element.id)} radius="md" p="sm" mih={56}>
              <Group wrap="nowrap" align="center">
                <Radio.Indicator aria-hidden />
                {/* Its number on the small map above. */}
                <Badge circle size="lg" variant="outline" color="dark" aria-hidden>
                  {index + 1}
                </Badge>
                <Stack gap={2} flex={1} miw={0}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} fz="md" truncate>
                      {element.name}
                    </Text>
                    <Text fw={600} fz="md" style={{ whiteSpace: 'nowrap' }}>
                      {point
                        ? t('qrScan.link.distanceBearing', {
                            metres,
                            point: t(`qrScan.compass.${point}`),
                          })
                        : t('qrScan.link.distance', { metres })}
                    </Text>
                  </Group>
                  {element.tags.length > 0 ? (
                    <Group gap={4}>
                      <Text size="sm" c="dimmed">
                        {t('qrScan.link.alreadyTagged')}
                      </Text>
                      {element.tags.map((code) => (
                        <Badge key={code} variant="outline" color="gray" tt="none">
                          {code}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('qrScan.link.noTag')}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
        {hidden > 0 && (
          <Button variant="subtle" size="md" onClick={() => setAll(true)}>
            {t('qrScan.link.showMore', { count: hidden })}
          </Button>
        )}
      </Stack>
    </Radio.Group>
  );
}
