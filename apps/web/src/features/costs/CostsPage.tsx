import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf, IconReceipt2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Bom } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { clustersApi } from '../clusters/clusters.api.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { DownloadProgress } from '../qr/DownloadProgress.tsx';
import { useDocumentDownload } from '../qr/useDocumentDownload.ts';
import { useWorkspace } from '../realtime/workspace.store.ts';
import { ScopePicker } from '../reports/ScopePicker.tsx';
import { bomFormat } from './bom-format.ts';
import { completeScope, scopeFromSearch, scopeSearch, type BomScope } from './bom-scope.ts';
import { BomLinesTable } from './BomLinesTable.tsx';
import { BomTotals } from './BomTotals.tsx';
import { costsApi, type BomDocument } from './costs.api.ts';
import { PriceBookDialog } from './PriceBookDialog.tsx';
import { useBom, usePriceBook } from './useBom.ts';

/**
 * The scope the address asks for: its ids; a cluster alone (an older link) is looked up for its
 * project; nothing at all is the workspace's project, as the other screens open.
 */
function useAskedScope(): [Partial<BomScope>, (next: Partial<BomScope>) => void] {
  const [params, setParams] = useSearchParams();
  const workspaceProject = useWorkspace((s) => s.projectId);
  const asked = scopeFromSearch(params);
  const orphan = asked.projectId === undefined && asked.clusterId !== undefined;
  const cluster = useQuery({
    queryKey: hierarchyKeys.cluster(asked.clusterId ?? null),
    queryFn: () => clustersApi.get(asked.clusterId ?? 0),
    enabled: orphan,
    retry: false,
  });
  const set = (next: Partial<BomScope>) => setParams(scopeSearch(next), { replace: true });
  if (asked.projectId !== undefined) return [asked, set];
  if (orphan) {
    return [
      cluster.data ? { projectId: cluster.data.projectId, clusterId: asked.clusterId } : {},
      set,
    ];
  }
  return [workspaceProject ? { projectId: workspaceProject } : {}, set];
}

/**
 * Bill of materials (issue 27): a project's, central office's or cluster's quantities priced
 * from the project's price book, its totals as a planner reads them, XLSX and PDF, and the
 * price book itself.
 */
export function CostsPage() {
  const { t } = useTranslation();
  const compact = useCompact();
  const [scope, setScope] = useAskedScope();
  const complete = completeScope(scope);
  const bom = useBom(complete);
  // Fetched with the page, so the price book opens at once.
  usePriceBook(complete?.projectId ?? null);
  const projects = useQuery({
    queryKey: hierarchyKeys.projects(),
    queryFn: () => hierarchyApi.projects(),
  });
  const projectName = projects.data?.find((p) => p.id === complete?.projectId)?.name ?? '';
  const [bookOpen, setBookOpen] = useState(false);
  const download = useDocumentDownload();
  const shown = bom.data && complete ? bom.data : null;

  const fetchDocument = (format: BomDocument) =>
    complete &&
    shown &&
    void download.run(shown.name, format === 'pdf' ? 'pdf' : 'excel', (progress, signal) =>
      costsApi.document(complete, format, progress, signal),
    );

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('costs.title')}
          </Title>
          {shown ? (
            <Text c="dimmed" size="sm">
              {shown.name}
            </Text>
          ) : null}
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="light"
            leftSection={compact ? null : <IconReceipt2 size={16} />}
            disabled={!complete}
            onClick={() => setBookOpen(true)}
          >
            {t('costs.book.open')}
          </Button>
          {(['xlsx', 'pdf'] as const).map((format) => (
            <Button
              key={format}
              variant="default"
              leftSection={
                compact ? null : format === 'pdf' ? (
                  <IconFileTypePdf size={16} />
                ) : (
                  <IconFileSpreadsheet size={16} />
                )
              }
              disabled={!shown || download.state !== null}
              onClick={() => fetchDocument(format)}
              aria-label={t(`costs.download.${format}`)}
            >
              {/* A phone keeps the three on one line, without icons: the format says what it gives. */}
              {compact ? format.toUpperCase() : t(`costs.download.${format}`)}
            </Button>
          ))}
        </Group>
      </Group>
      {compact ? null : (
        <Text size="sm" c="dimmed" maw={760}>
          {t('costs.intro')}
        </Text>
      )}
      <Paper withBorder p="md">
        <ScopePicker value={scope} onChange={setScope} />
      </Paper>
      {download.state ? (
        <DownloadProgress state={download.state} onCancel={download.cancel} />
      ) : null}
      {!complete ? <Text c="dimmed">{t('costs.chooseProject')}</Text> : null}
      {bom.isError ? (
        <Alert color="red" title={t('toast.error')}>
          {errorMessage(bom.error, t)}
        </Alert>
      ) : null}
      {complete && bom.isPending ? (
        <Center p="xl">
          <Loader aria-label={t('costs.loading')} />
        </Center>
      ) : null}
      {shown ? (
        <BillView bom={shown} stale={bom.isPlaceholderData} onPrice={() => setBookOpen(true)} />
      ) : null}
      {bookOpen && complete ? (
        <PriceBookDialog
          target={{
            projectId: complete.projectId,
            projectName,
            unpriced: shown?.lines.filter((l) => l.unitPrice === null) ?? [],
          }}
          onClose={() => setBookOpen(false)}
        />
      ) : null}
    </Stack>
  );
}

/** The bill itself: what is missing from it, its totals, then its lines. */
function BillView({ bom, stale, onPrice }: { bom: Bom; stale: boolean; onPrice(): void }) {
  const { t, i18n } = useTranslation();
  const format = bomFormat(t, i18n.language, bom.totals.currency);
  return (
    // A region named by its scope: while another scope's bill is counted, this one keeps its name.
    <Stack
      component="section"
      aria-label={t('costs.billOf', { name: bom.name })}
      aria-busy={stale}
      gap="md"
      style={{ opacity: stale ? 0.55 : 1 }}
    >
      {stale ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('costs.refreshing')}
          </Text>
        </Group>
      ) : null}
      {bom.totals.unpricedLines > 0 ? (
        <Alert color="orange" variant="light">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('costs.unpriced', { count: bom.totals.unpricedLines })}</Text>
            <Anchor component="button" type="button" size="sm" fw={600} onClick={onPrice}>
              {t('costs.priceThem')}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      {bom.cancelledClusters > 0 ? (
        <Text size="sm" c="dimmed">
          {t('costs.cancelled', { count: bom.cancelledClusters })}
        </Text>
      ) : null}
      <BomTotals totals={bom.totals} format={format} />
      {bom.lines.length === 0 ? (
        <Text c="dimmed">{t('costs.empty')}</Text>
      ) : (
        <BomLinesTable lines={bom.lines} format={format} />
      )}
    </Stack>
  );
}
