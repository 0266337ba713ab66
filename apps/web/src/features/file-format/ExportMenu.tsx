import { useRef, useState } from 'react';
import { Button, Group, Menu, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { EXPORT_FORMATS, type ExportBody, type ExportFormat } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { fileFormatApi, saveBlob } from './file-format.api.ts';
import { refusedCheck } from './exchange.api.ts';
import {
  EXCHANGE_ITEMS,
  initialGraceThd,
  ofdsBody,
  type ExchangeItem,
  type GraceThdState,
} from './exchange-export.ts';
import { doneMessage } from './export-done.ts';
import { DxfDialog } from './DxfDialog.tsx';
import { GraceThdDialog } from './GraceThdDialog.tsx';

export interface ExportMenuProps {
  clusterId: number;
  clusterName: string;
  /** Ids of the elements selected on the map. */
  selectedIds: number[];
  /** Registry URL segments of the layers switched on (pbofat, cable…). */
  visibleTypes: string[];
  /**
   * Selects and frames elements on the map (a GraceTHD check's problem); answers how many it
   * found there. Absent: problems cannot be opened on the map.
   */
  onShowElements?: (ids: number[]) => number;
  /** The cluster's central office and project, exported whole as well (the server streams them). */
  office?: Named;
  project?: Named;
}

interface Named {
  id: number;
  name: string;
}

type Scope = 'cluster' | 'selection' | 'visible' | 'office' | 'project';

/** The request body of an export of one scope. */
export function exportBody(
  scope: Scope,
  format: ExportFormat,
  props: Pick<ExportMenuProps, 'clusterId' | 'selectedIds' | 'visibleTypes' | 'office' | 'project'>,
): ExportBody {
  if (scope === 'office' && props.office) return { centralOfficeId: props.office.id, format };
  if (scope === 'project' && props.project) return { projectId: props.project.id, format };
  return {
    clusterId: props.clusterId,
    format,
    ...(scope === 'selection' ? { elementIds: props.selectedIds } : {}),
    ...(scope === 'visible' ? { types: props.visibleTypes as ExportBody['types'] } : {}),
  };
}

/**
 * Export from the map (issue "GIS files"): the current cluster, the selection or the visible
 * layers, in each format the server writes; then the cluster in the exchange standards (issue
 * 29): a GraceTHD delivery (its dialog: coordinate system, check, export), an OFDS package and a
 * DXF drawing. The file arrives with a progress bar (bytes received: the server streams it) and
 * can be cancelled. Not mounted here: the map page mounts it.
 */
export function ExportMenu({
  clusterId,
  clusterName,
  selectedIds,
  visibleTypes,
  onShowElements,
  office,
  project,
}: ExportMenuProps) {
  const { t } = useTranslation();
  const [running, setRunning] = useState<{ label: string; bytes: number } | null>(null);
  const [dialog, setDialog] = useState<'gracethd' | 'dxf' | null>(null);
  const [graceThd, setGraceThd] = useState<GraceThdState>(() => initialGraceThd());
  const controller = useRef<AbortController | null>(null);

  /** Downloads one export with the progress modal; a refused GraceTHD delivery reopens its dialog. */
  async function download(body: ExportBody, format: string) {
    const abort = new AbortController();
    controller.current = abort;
    const label =
      wholeLabel(body, format) ??
      t('fileFormat.export.running', {
        scope: t(
          `fileFormat.export.scopes.${body.elementIds ? 'selection' : body.types ? 'visible' : 'cluster'}`,
        ),
        format,
        cluster: clusterName,
      });
    setRunning({ label, bytes: 0 });
    try {
      const { blob, filename, headers } = await fileFormatApi.exportFile(
        body,
        (bytes) => setRunning({ label, bytes }),
        abort.signal,
      );
      saveBlob(blob, filename);
      notifications.show({
        color: 'green',
        message: doneMessage(t, body.format, filename, headers),
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      const refused = refusedCheck(error);
      if (body.format === 'gracethd' || body.format === 'gracethd-shpcsv') {
        // The delivery's problems (or why it failed) belong beside its options.
        setGraceThd((s) => ({ ...s, check: refused ?? s.check, error: refused ? null : message }));
        setDialog('gracethd');
        return;
      }
      notifications.show({ color: 'red', title: t('fileFormat.export.failed'), message });
    } finally {
      setRunning(null);
      controller.current = null;
    }
  }

  /** What an office's or a project's export is called while it runs. */
  function wholeLabel(body: ExportBody, format: string): string | null {
    if (body.centralOfficeId && office)
      return t('fileFormat.export.runningOffice', { name: office.name, format });
    if (body.projectId && project)
      return t('fileFormat.export.runningProject', { name: project.name, format });
    return null;
  }

  function run(scope: Scope, format: ExportFormat) {
    void download(
      exportBody(scope, format, { clusterId, selectedIds, visibleTypes, office, project }),
      t(`fileFormat.formats.${format}`),
    );
  }

  function exchange(item: ExchangeItem) {
    if (item === 'gracethd' || item === 'gracethd-shpcsv') {
      setGraceThd((s) => ({ ...s, form: { ...s.form, format: item } }));
      setDialog('gracethd');
    } else if (item === 'dxf') setDialog('dxf');
    else
      void download(
        ofdsBody(project ? { projectId: project.id } : { clusterId }, item === 'ofds-geojson'),
        t(`fileFormat.exchange.formats.${item}`),
      );
  }

  function startDialogExport(body: ExportBody, item: ExchangeItem) {
    setDialog(null);
    void download(body, t(`fileFormat.exchange.formats.${item}`));
  }

  const showElements = onShowElements
    ? (ids: number[]) => {
        const found = onShowElements(ids);
        // The map must be seen: the dialog closes, keeping its check for when it reopens.
        if (found > 0) setDialog(null);
        return found;
      }
    : undefined;

  /** Each scope, and what its heading adds in brackets (how many selected, which office). */
  const scopes: { scope: Scope; disabled: boolean; more?: string }[] = [
    { scope: 'cluster', disabled: false },
    {
      scope: 'selection',
      disabled: selectedIds.length === 0,
      more: selectedIds.length ? String(selectedIds.length) : undefined,
    },
    { scope: 'visible', disabled: visibleTypes.length === 0 },
    ...(office ? [{ scope: 'office' as const, disabled: false, more: office.name }] : []),
    ...(project ? [{ scope: 'project' as const, disabled: false, more: project.name }] : []),
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
        <Menu.Dropdown mah="calc(100dvh - 120px)" style={{ overflowY: 'auto' }}>
          {scopes.map(({ scope, disabled, more }) => (
            <div key={scope}>
              <Menu.Label>
                {t(`fileFormat.export.scopes.${scope}`)}
                {more ? ` (${more})` : ''}
              </Menu.Label>
              {EXPORT_FORMATS.map((format) => (
                <Menu.Item
                  key={format}
                  disabled={disabled}
                  onClick={() => run(scope, format)}
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
          <Menu.Divider />
          <Menu.Label>{t('fileFormat.exchange.section')}</Menu.Label>
          {EXCHANGE_ITEMS.map((item) => {
            const ofds = item === 'ofds' || item === 'ofds-geojson';
            return (
              <Menu.Item
                key={item}
                onClick={() => exchange(item)}
                aria-label={t(
                  ofds && project ? 'fileFormat.exchange.itemProject' : 'fileFormat.exchange.item',
                  { format: t(`fileFormat.exchange.formats.${item}`) },
                )}
              >
                {t(`fileFormat.exchange.formats.${item}`)}
                {ofds ? '' : '…'}
                {ofds && project ? (
                  <Text size="xs" c="dimmed">
                    {t('fileFormat.export.scopes.project')} ({project.name})
                  </Text>
                ) : null}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <GraceThdDialog
        opened={dialog === 'gracethd'}
        onClose={() => setDialog(null)}
        clusterId={clusterId}
        clusterName={clusterName}
        state={graceThd}
        onState={setGraceThd}
        onExport={(body) =>
          startDialogExport(body, body.format === 'gracethd' ? 'gracethd' : 'gracethd-shpcsv')
        }
        onShow={showElements}
      />
      <DxfDialog
        opened={dialog === 'dxf'}
        onClose={() => setDialog(null)}
        clusterId={clusterId}
        clusterName={clusterName}
        onExport={(body) => startDialogExport(body, 'dxf')}
      />
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
