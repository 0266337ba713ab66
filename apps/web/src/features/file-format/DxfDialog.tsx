import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ExportBody } from '@integration/contracts';
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
        <Radio.Group
          label={t('fileFormat.exchange.crs.label')}
          value={form.crs}
          onChange={(value) => setForm((f) => ({ ...f, crs: value as DxfForm['crs'] }))}
        >
          <Stack gap={6} mt={6}>
            <Radio value="auto" label={t('fileFormat.exchange.crs.auto')} />
            <Radio value="other" label={t('fileFormat.exchange.crs.other')} />
          </Stack>
        </Radio.Group>
        {form.crs === 'other' ? (
          <TextInput
            label={t('fileFormat.exchange.crs.code')}
            description={t('fileFormat.exchange.crs.codeHint')}
            placeholder="2154"
            inputMode="numeric"
            value={form.otherCrs}
            onChange={(e) => {
              const otherCrs = e.currentTarget.value;
              setForm((f) => ({ ...f, otherCrs }));
            }}
            error={!body && form.otherCrs.trim() ? t('fileFormat.exchange.crs.invalid') : null}
          />
        ) : null}
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
