import { useRef, useState } from 'react';
import { Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPORT_FORMATS, type ExportBody, type ExportFormat } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { fileFormatApi, saveBlob } from './file-format.api.ts';

export interface ExportMenuProps {
  clusterId: number;
  clusterName: string;
  /** Ids of the elements selected on the map. */
  selectedIds: number[];
  /** Registry URL segments of the layers switched on (pbofat, cable…). */
  visibleTypes: string[];
}

type Scope = 'cluster' | 'selection' | 'visible';

/** The request body of an export of one scope. */
export function exportBody(
  scope: Scope,
  format: ExportFormat,
  props: Pick<ExportMenuProps, 'clusterId' | 'selectedIds' | 'visibleTypes'>,
): ExportBody {
  return {
    clusterId: props.clusterId,
    format,
    ...(scope === 'selection' ? { elementIds: props.selectedIds } : {}),
    ...(scope === 'visible' ? { types: props.visibleTypes as ExportBody['types'] } : {}),
  };
}

/**
 * Export from the map (issue "GIS files"): the current cluster, the selection or the visible
 * layers, in each format the server writes; the file arrives with a progress bar (bytes
 * received: the server streams it) and can be cancelled. Not mounted here: the map page mounts it.
 */
export function ExportMenu({ clusterId, clusterName, selectedIds, visibleTypes }: ExportMenuProps) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<{ label: string; bytes: number } | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run(scope: Scope, format: ExportFormat) {
    const abort = new AbortController();
    controller.current = abort;
    const label = t('fileFormat.export.running', {
      scope: t(`fileFormat.export.scopes.${scope}`),
      format: t(`fileFormat.formats.${format}`),
      cluster: clusterName,
    });
    setRunning({ label, bytes: 0 });
    try {
      const { blob, filename } = await fileFormatApi.exportFile(
        exportBody(scope, format, { clusterId, selectedIds, visibleTypes }),
        (bytes) => setRunning({ label, bytes }),
        abort.signal,
      );
      saveBlob(blob, filename);
      notifications.show({
        color: 'green',
        message: t('fileFormat.export.done', { file: filename }),
      });
    } catch (error) {
      if (!abort.signal.aborted) {
        notifications.show({
          color: 'red',
          title: t('fileFormat.export.failed'),
          message: error instanceof Error ? error.message : String(error),
        });
      }
    } finally {
      setRunning(null);
      controller.current = null;
    }
  }

  const scopes: { scope: Scope; disabled: boolean }[] = [
    { scope: 'cluster', disabled: false },
    { scope: 'selection', disabled: selectedIds.length === 0 },
    { scope: 'visible', disabled: visibleTypes.length === 0 },
  ];

  return (
    <>
      <Menu shadow="md" width={260} position="bottom-end">
        <Menu.Target>
          <Button
            variant="default"
            aria-label={t('fileFormat.export.button')}
            disabled={running !== null}
          >
            {t('fileFormat.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {scopes.map(({ scope, disabled }) => (
            <div key={scope}>
              <Menu.Label>
                {t(`fileFormat.export.scopes.${scope}`)}
                {scope === 'selection' && selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
              </Menu.Label>
              {EXPORT_FORMATS.map((format) => (
                <Menu.Item
                  key={format}
                  disabled={disabled}
                  onClick={() => void run(scope, format)}
                  aria-label={t('fileFormat.export.item', {
                    scope: t(`fileFormat.export.scopes.${scope}`),
                    format: t(`fileFormat.formats.${format}`),
                  })}
                >
                  {t(`fileFormat.formats.${format}`)}
                  {format === 'csv' && scope === 'cluster' && (
                    <Text size="xs" c="dimmed">
                      {t('fileFormat.export.csvNote')}
                    </Text>
                  )}
                </Menu.Item>
              ))}
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={running !== null}
        onClose={() => controller.current?.abort()}
        title={t('fileFormat.export.title')}
        closeOnClickOutside={false}
      >
        <Stack>
          <Text size="sm">{running?.label}</Text>
          <Progress value={100} animated aria-label={t('fileFormat.export.progressLabel')} />
          <Text size="xs" c="dimmed">
            {t('fileFormat.export.received', {
              size: ((running?.bytes ?? 0) / 1024 / 1024).toFixed(1),
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => controller.current?.abort()}>
              {t('fileFormat.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
