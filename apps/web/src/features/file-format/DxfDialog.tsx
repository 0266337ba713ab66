import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportBody } from '@integration/contracts';
import { CrsChoice } from './CrsChoice.tsx';
import { dxfBody, initialDxf, type DxfForm } from './exchange-export.ts';

/**
 * A DXF drawing of the cluster for a drafting office: its coordinate system, the server's
 * choice (Lambert-93 in France, else the cluster's UTM zone) or an EPSG code typed.
 */
export function DxfDialog({
  opened,
  onClose,
  clusterId,
  clusterName,
  onExport,
}: {
  opened: boolean;
  onClose: () => void;
  clusterId: number;
  clusterName: string;
  onExport: (body: ExportBody) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<DxfForm>(initialDxf);
  const body = dxfBody(clusterId, form);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('fileFormat.exchange.dxf.title', { cluster: clusterName })}
    >
      <Stack gap="md">
        <Text size="sm">{t('fileFormat.exchange.dxf.intro')}</Text>
        <CrsChoice
          choices={[{ value: 'auto' as const, label: t('fileFormat.exchange.crs.auto') }]}
          value={form.crs}
          onChange={(crs) => setForm((f) => ({ ...f, crs }))}
          otherCrs={form.otherCrs}
          onOtherCrs={(otherCrs) => setForm((f) => ({ ...f, otherCrs }))}
          invalid={!body}
          placeholder="2154"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('fileFormat.cancel')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!body}
            onClick={() => body && onExport(body)}
          >
            {t('fileFormat.exchange.dxf.export')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
