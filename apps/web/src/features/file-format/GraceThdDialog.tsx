import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChecklist, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GRACETHD_STATUTS, type ExportBody } from '@integration/contracts';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { CrsChoice } from './CrsChoice.tsx';
import { checkDelivery, type GraceThdStatut } from './exchange.api.ts';
import {
  graceThdBody,
  graceThdFormErrors,
  type GraceThdForm,
  type GraceThdState,
} from './exchange-export.ts';
import { DeliveryProblems } from './DeliveryProblems.tsx';

/**
 * A GraceTHD delivery of the cluster (issue 29): its layout, coordinate system, code prefix and
 * status, the pre-export check (whose problems open on the map) and the export. Export is
 * refused while the last check found errors; a refused export's problems come back here.
 */
export function GraceThdDialog({
  opened,
  onClose,
  clusterId,
  clusterName,
  state,
  onState,
  onExport,
  onShow,
}: {
  opened: boolean;
  onClose: () => void;
  clusterId: number;
  clusterName: string;
  state: GraceThdState;
  onState: (change: (state: GraceThdState) => GraceThdState) => void;
  onExport: (body: ExportBody) => void;
  /** Shows elements on the map (the dialog closes when some were found); answers how many. */
  onShow?: (ids: number[]) => number;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const [checking, setChecking] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const results = useRef<HTMLDivElement>(null);
  const { form, check, error } = state;
  const invalid = graceThdFormErrors(form);
  const body = graceThdBody(clusterId, form);
  const blocked = (check?.counts.error ?? 0) > 0;

  // A check still running when the dialog closes is dropped.
  useEffect(() => {
    if (!opened) controller.current?.abort();
  }, [opened]);

  const setForm = (change: Partial<GraceThdForm>) =>
    onState((s) => ({ ...s, form: { ...s.form, ...change } }));

  async function runCheck() {
    if (!body) return;
    const abort = new AbortController();
    controller.current = abort;
    setChecking(true);
    onState((s) => ({ ...s, error: null }));
    try {
      const result = await checkDelivery(body, abort.signal);
      onState((s) => ({ ...s, check: result, error: null }));
      // The list starts below the form: its counts are brought into view, at the top on a
      // phone (the list is what matters there), just into view on a desktop (Export stays).
      requestAnimationFrame(() =>
        results.current?.scrollIntoView?.({ block: compact ? 'start' : 'nearest' }),
      );
    } catch (failure) {
      if (!abort.signal.aborted) onState((s) => ({ ...s, error: errorMessage(failure, t) }));
    } finally {
      if (controller.current === abort) controller.current = null;
      setChecking(false);
    }
  }

  const statutOptions = [
    { value: '', label: t('fileFormat.exchange.graceThd.statutDefault') },
    ...GRACETHD_STATUTS.map((code) => ({
      value: code,
      label: `${code} · ${t(`fileFormat.exchange.statuts.${code}`)}`,
    })),
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={compact}
      title={t('fileFormat.exchange.graceThd.title', { cluster: clusterName })}
    >
      <Stack gap="md">
        <Text size="sm">{t('fileFormat.exchange.graceThd.intro')}</Text>
        <Radio.Group
          label={t('fileFormat.exchange.graceThd.layout')}
          value={form.format}
          onChange={(value) => setForm({ format: value as GraceThdForm['format'] })}
        >
          <Stack gap={6} mt={6}>
            <Radio value="gracethd" label={t('fileFormat.exchange.graceThd.layoutGpkg')} />
            <Radio value="gracethd-shpcsv" label={t('fileFormat.exchange.graceThd.layoutShpCsv')} />
          </Stack>
        </Radio.Group>
        <CrsChoice
          choices={[
            { value: 'lambert93' as const, label: t('fileFormat.exchange.crs.lambert93') },
            { value: 'wgs84' as const, label: t('fileFormat.exchange.crs.wgs84') },
          ]}
          value={form.crs}
          onChange={(crs) => setForm({ crs })}
          otherCrs={form.otherCrs}
          onOtherCrs={(otherCrs) => setForm({ otherCrs })}
          invalid={Boolean(invalid.crs)}
          placeholder="32737"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('fileFormat.exchange.graceThd.codePrefix')}
            description={t('fileFormat.exchange.graceThd.codePrefixHint')}
            placeholder="ABC_"
            maxLength={12}
            value={form.codePrefix}
            onChange={(e) => setForm({ codePrefix: e.currentTarget.value })}
            error={invalid.codePrefix ? t('fileFormat.exchange.graceThd.codePrefixInvalid') : null}
          />
          <Select
            label={t('fileFormat.exchange.graceThd.statut')}
            description={t('fileFormat.exchange.graceThd.statutHint')}
            data={statutOptions}
            value={form.statut}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            onChange={(value) => setForm({ statut: (value ?? '') as GraceThdStatut | '' })}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs" grow={compact}>
          {/* A phone's full-screen dialog closes from its header: room for the two actions. */}
          {compact ? null : (
            <Button variant="default" onClick={onClose}>
              {t('fileFormat.close')}
            </Button>
          )}
          <Button
            variant="light"
            leftSection={<IconChecklist size={16} aria-hidden />}
            loading={checking}
            disabled={!body}
            onClick={() => void runCheck()}
          >
            {t('fileFormat.exchange.graceThd.check')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!body || blocked || checking}
            onClick={() => body && onExport(body)}
          >
            {t('fileFormat.exchange.graceThd.export')}
          </Button>
        </Group>
        {blocked ? (
          <Text size="xs" c="red.8" ta={compact ? 'left' : 'right'}>
            {t('fileFormat.exchange.graceThd.blocked')}
          </Text>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" title={t('fileFormat.exchange.graceThd.failed')}>
            {error}
          </Alert>
        ) : null}
        {check ? <DeliveryProblems check={check} onShow={onShow} headRef={results} /> : null}
      </Stack>
    </Modal>
  );
}
