import { Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { elementTypeByName, type QrTemplate } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { DataTable } from '../../app/DataTable.tsx';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { ROUTES } from '../../app/route-table.ts';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import {
  EMPTY_SELECTION,
  HierarchySelectors,
  type HierarchySelection,
} from '../hierarchy/HierarchySelectors.tsx';
import { useWorkspaceSelection } from '../hierarchy/useWorkspaceSelection.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { DownloadProgress } from './DownloadProgress.tsx';
import { LabelsDialog } from './LabelsDialog.tsx';
import { qrApi, qrKeys } from './qr.api.ts';
import { tagModalMode, type TagModalMode } from './tag-modal-mode.ts';
import { TagGenerationModal } from './TagGenerationModal.tsx';
import { SpreadsheetLinkDialog } from './SpreadsheetLinkDialog.tsx';
import { TemplateTagsPanel } from './TemplateTagsPanel.tsx';
import { useDocumentDownload } from './useDocumentDownload.ts';

/**
 * QR list of tags (SPEC §2): the chosen cluster's tag templates with Edit, Delete, Generate PDF
 * and Export spreadsheet; `/qr/generateQR` opens the Tag Generation modal on it. Opens on the
 * project and cluster chosen on the Project page.
 */
export function QrListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const workspace = useWorkspaceSelection();
  const workspaceClusterId = useWorkspace((s) => s.clusterId);
  const openOnMap = useWorkspace((s) => s.open);
  const [chosen, setChosen] = useState<HierarchySelection | null>(null);
  const selection = chosen ?? workspace ?? EMPTY_SELECTION;
  const [clusterChoice, setClusterChoice] = useState<number | null | undefined>(undefined);
  const [mode, setMode] = useState<TagModalMode>(
    tagModalMode(
      location.pathname.toLowerCase() === ROUTES.generateQr.path.toLowerCase() ? 'create' : 'none',
    ),
  );
  const [edited, setEdited] = useState<QrTemplate | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [labelsOf, setLabelsOf] = useState<QrTemplate | null>(null);
  const [toDelete, setToDelete] = useState<QrTemplate | null>(null);
  const [exportOf, setExportOf] = useState<QrTemplate | null>(null);
  const download = useDocumentDownload();
  const linkBase = useQuery({ queryKey: qrKeys.linkBase, queryFn: qrApi.linkBase });
  const exportSpreadsheet = (q: QrTemplate) =>
    void download.run(q.name, 'excel', (progress, signal) =>
      qrApi.spreadsheet(q.id, progress, signal),
    );
  const canEdit = ['admin', 'planner'].includes(session.user()?.role ?? '');
  const isAdmin = session.user()?.role === 'admin';

  const coId = selection.centralOfficeId;
  const clusters = useQuery({
    queryKey: hierarchyKeys.clustersOfCentralOffice(coId ?? 0),
    queryFn: () => hierarchyApi.clustersOfCentralOffice(coId ?? 0),
    enabled: coId !== null,
  });
  const clusterId =
    clusterChoice !== undefined
      ? clusterChoice
      : (clusters.data?.find((c) => c.id === workspaceClusterId)?.id ?? null);
  const cluster = clusters.data?.find((c) => c.id === clusterId) ?? null;
  const project = useQuery({
    queryKey: hierarchyKeys.project(selection.projectId),
    queryFn: () => hierarchyApi.project(selection.projectId ?? 0),
    enabled: selection.projectId !== null,
  });
  const templates = useQuery({
    queryKey: qrKeys.cluster(clusterId ?? 0),
    queryFn: () => qrApi.ofCluster(clusterId ?? 0),
    enabled: clusterId !== null,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: qrKeys.all });
  const remove = useApiMutation(
    (vars: { id: number; force: boolean }) => qrApi.delete(vars.id, vars.force),
    {
      onSuccess: () => {
        setToDelete(null);
        void reload();
      },
      failure: (message) => t('qr.deleteFailed', { message }),
    },
  );
  const shown = templates.data?.find((q) => q.id === shownId) ?? null;

  const closeModal = () => {
    // SPEC §4: after a save or a cancel, the selection is cleared and the mode reset.
    setEdited(null);
    setMode('none');
    if (location.pathname.toLowerCase() !== ROUTES.qr.path) void navigate(ROUTES.qr.path);
  };
  const context =
    cluster && project.data
      ? {
          clusterId: cluster.id,
          projectId: cluster.projectId,
          clientName: project.data.client.name,
        }
      : null;

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('routes.qr')}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <HierarchySelectors
            value={selection}
            onChange={(next) => {
              setChosen(next);
              setClusterChoice(null);
            }}
            depth="centralOffice"
          />
          <Group align="flex-end">
            <Select
              label={t('qr.cluster')}
              placeholder={t('hierarchy.choose')}
              data={(clusters.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={clusterId === null ? null : String(clusterId)}
              onChange={(v) => setClusterChoice(v ? Number(v) : null)}
              disabled={coId === null}
              searchable
              miw={180}
            />
            {canEdit && (
              <Button
                disabled={context === null}
                onClick={() => {
                  setEdited(null);
                  setMode('create');
                }}
              >
                {t('qr.newTemplate')}
              </Button>
            )}
            <Button variant="light" onClick={() => void navigate(ROUTES.scanTag.path)}>
              {t('qr.scanTag')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {download.state && <DownloadProgress state={download.state} onCancel={download.cancel} />}
      {clusterId === null && <Text c="dimmed">{t('qr.chooseCluster')}</Text>}
      {templates.data && (
        <DataTable
          label={t('qr.templatesTable')}
          rows={templates.data}
          rowKey={(q) => q.id}
          rowBackground={(q) => (q.id === shownId ? 'var(--mantine-color-blue-light)' : undefined)}
          empty={t('qr.noTemplates')}
          columns={[
            { header: t('common.number'), cell: (_, index) => index + 1 },
            { header: t('qr.listName'), primary: true, cell: (q) => q.name },
            {
              header: t('qr.elementType'),
              cell: (q) =>
                t(`map.types.${q.elementType}`, {
                  defaultValue: elementTypeByName(q.elementType)?.displayName ?? q.elementType,
                }),
            },
            { header: t('qr.prefix'), cell: (q) => q.prefix },
            { header: t('qr.numberOfTags'), cell: (q) => q.noOfTags },
            {
              header: t('qr.scannedColumn'),
              cell: (q) => (
                <Stack gap={2} miw={110}>
                  <Text size="sm">
                    {t('qr.scannedOf', { scanned: q.scanned, total: q.noOfTags })}
                  </Text>
                  <Progress
                    value={q.noOfTags ? (100 * q.scanned) / q.noOfTags : 0}
                    size="sm"
                    aria-label={t('qr.scannedProgress', { name: q.name })}
                  />
                </Stack>
              ),
            },
            {
              header: t('qr.actions'),
              actions: true,
              cell: (q) => (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => setShownId(q.id === shownId ? null : q.id)}
                    aria-label={t('qr.showTags', { name: q.name })}
                  >
                    {t('qr.tags')}
                  </Button>
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => {
                        setEdited(q);
                        setMode('edit');
                      }}
                      aria-label={t('qr.edit', { name: q.name })}
                    >
                      {t('qr.editShort')}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setLabelsOf(q)}
                    aria-label={t('qr.pdf', { name: q.name })}
                    disabled={download.state !== null}
                  >
                    {t('qr.pdfShort')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    disabled={download.state !== null}
                    aria-label={t('qr.excel', { name: q.name })}
                    onClick={() =>
                      // Links phones cannot open are said before the sheet is made.
                      linkBase.data && linkBase.data.reach !== 'public'
                        ? setExportOf(q)
                        : exportSpreadsheet(q)
                    }
                  >
                    {t('qr.excelShort')}
                  </Button>
                  {canEdit && (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setToDelete(q)}
                      aria-label={t('qr.delete', { name: q.name })}
                    >
                      {t('common.delete')}
                    </Button>
                  )}
                </Group>
              ),
            },
          ]}
        />
      )}
      {shown && (
        <TemplateTagsPanel
          template={shown}
          onOpenMap={(elementId) => {
            if (cluster) openOnMap(cluster.projectId, cluster.id);
            void navigate(`${ROUTES.map.path}?element=${elementId}`);
          }}
        />
      )}
      <TagGenerationModal
        mode={mode}
        template={edited}
        context={context}
        onClose={closeModal}
        onSaved={() => {
          closeModal();
          void reload();
        }}
      />
      <LabelsDialog
        template={labelsOf}
        onCancel={() => setLabelsOf(null)}
        onGenerate={(options) => {
          const q = labelsOf;
          setLabelsOf(null);
          if (q) {
            void download.run(q.name, 'pdf', (progress, signal) =>
              qrApi.labelsPdf(q.id, options, progress, signal),
            );
          }
        }}
      />
      <SpreadsheetLinkDialog
        link={linkBase.data}
        opened={exportOf !== null}
        onCancel={() => setExportOf(null)}
        onExport={() => {
          if (exportOf) exportSpreadsheet(exportOf);
          setExportOf(null);
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('qr.confirmDeleteTitle')}
        message={
          toDelete && toDelete.scanned > 0
            ? t('qr.confirmDeleteScanned', { name: toDelete.name, count: toDelete.scanned })
            : t('qr.confirmDelete', { name: toDelete?.name ?? '' })
        }
        confirmLabel={t('common.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete && remove.mutate({ id: toDelete.id, force: isAdmin && toDelete.scanned > 0 })
        }
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
