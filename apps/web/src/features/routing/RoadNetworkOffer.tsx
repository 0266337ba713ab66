import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportedLayer } from '@integration/contracts';
import { lineLayers } from './road-network.ts';

/** In the import wizard: a line layer offered as the project's road network. */
export function RoadNetworkOffer({
  layers,
  onChoose,
}: {
  layers: ImportedLayer[];
  onChoose(layer: string): void;
}) {
  const { t } = useTranslation();
  const lines = lineLayers(layers);
  if (lines.length === 0) return null;
  return (
    <Card withBorder bg="gray.0" p="sm">
      <Stack gap="xs">
        <Text size="sm">{t('routing.import.offer')}</Text>
        <Group gap="xs">
          {lines.map((layer) => (
            <Button
              key={layer}
              size="xs"
              variant="light"
              leftSection={<IconRoute size={14} />}
              onClick={() => onChoose(layer)}
            >
              {t('routing.import.asRoads', { layer })}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
