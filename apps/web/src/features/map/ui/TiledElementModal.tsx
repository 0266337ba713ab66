import { Alert, Badge, Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH } from '@integration/contracts';
import { errorMessage } from '../../../app/error-message.ts';
import type { TiledElement } from '../adapter/project-map-view.ts';
import { readTiledElement } from '../project-elements.api.ts';
import { AttributeField } from './AttributeField.tsx';

/**
 * Get Info on a tiled element (the whole-project view): its name, type, cluster and phase from
 * the tile at once, its attributes read through the elements API, as the cluster map's
 * detail modal shows them (read only: elements are edited in their cluster's map).
 */
export function TiledElementModal({
  element,
  clusterName,
  onOpenCluster,
  onClose,
}: {
  element: TiledElement | null;
  clusterName: (id: number) => string;
  onOpenCluster: (element: TiledElement) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const read = useQuery({
    queryKey: ['tiled-element', element?.cluster, element?.type, element?.id],
    queryFn: () =>
      element ? readTiledElement(element.cluster, element.type, element.id) : Promise.resolve(null),
    enabled: element !== null,
    // Always read afresh: a tile shows an edit within seconds, its details must too.
    staleTime: 0,
  });
  const full = read.data;
  return (
    <Modal
      opened={element !== null}
      onClose={onClose}
      size={MODAL_WIDTH}
      title={
        element ? (
          <Group gap="xs">
            <Text fw={600}>{element.name || t(`map.types.${element.type}`)}</Text>
            <Badge variant="light">{t(`map.types.${element.type}`)}</Badge>
          </Group>
        ) : null
      }
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      {element ? (
        <Stack>
          <Group gap="lg">
            <Text size="sm">
              <Text span c="dimmed">
                {t('map.tiles.detail.cluster')}:
              </Text>{' '}
              {clusterName(element.cluster)}
            </Text>
            {element.phase ? (
              <Text size="sm">
                <Text span c="dimmed">
                  {t('map.tiles.detail.phase')}:
                </Text>{' '}
                {t(`clusters.phases.${element.phase}`, { defaultValue: element.phase })}
              </Text>
            ) : null}
          </Group>
          {read.isPending ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('map.tiles.detail.loading')}
              </Text>
            </Group>
          ) : read.error ? (
            <Alert color="red">
              {t('map.tiles.detail.failed', { message: errorMessage(read.error, t) })}
            </Alert>
          ) : !full ? (
            <Alert color="yellow">{t('map.tiles.detail.gone')}</Alert>
          ) : full.attributes.filter((a) => a.name !== 'Name').length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('map.tiles.detail.noAttributes')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {full.attributes
                .filter((a) => a.name !== 'Name')
                .map((a) => (
                  <AttributeField
                    key={a.name}
                    definition={{
                      name: a.name,
                      inputType: a.inputType,
                      required: false,
                      // A time the server set (created, modified) is written the user's way,
                      // not as the browser's date field shows it.
                      derived: a.inputType === 'date' && /T\d/.test(String(a.value ?? '')),
                    }}
                    value={a.value}
                    readOnly
                    onChange={() => undefined}
                  />
                ))}
            </SimpleGrid>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button onClick={() => onOpenCluster(element)}>
              {t('map.tiles.detail.openInCluster')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
