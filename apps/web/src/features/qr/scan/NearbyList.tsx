import { Badge, Group, Radio, Stack, Text } from '@mantine/core';
import type { NearbyElement } from '@integration/contracts';
import { useTranslation } from 'react-i18next';

/** The elements nearest the phone, nearest first, as large choices for a thumb. */
export function NearbyList({
  elements,
  value,
  onChange,
}: {
  elements: NearbyElement[];
  value: number | null;
  onChange: (element: NearbyElement) => void;
}) {
  const { t } = useTranslation();
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
        {elements.map((element) => (
          <Radio.Card key={element.id} value={String(element.id)} radius="md" p="sm" mih={56}>
            <Group wrap="nowrap" align="center">
              <Radio.Indicator aria-hidden />
              <Stack gap={2} flex={1} miw={0}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} fz="md" truncate>
                    {element.name}
                  </Text>
                  <Text fw={600} fz="md" style={{ whiteSpace: 'nowrap' }}>
                    {t('qrScan.link.distance', { metres: Math.round(element.distance) })}
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
        ))}
      </Stack>
    </Radio.Group>
  );
}
