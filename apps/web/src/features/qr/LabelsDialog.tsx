import { Alert, Button, Group, List, Modal, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  DIALOG_WIDTH,
  LABEL_LAYOUT_NAMES,
  type LabelLayoutName,
  type QrTemplate,
} from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTEGER_INPUT } from './integer-input.ts';
import { LinkReachWarning } from './LinkReachWarning.tsx';
import { qrApi, qrKeys, type LabelOptions } from './qr.api.ts';

/** Labels per sheet of each layout: `skip` leaves at most a sheet less one blank. */
const PER_SHEET: Record<LabelLayoutName, number> = { 'a4-21': 21, 'a4-65': 65, 'roll-50x30': 1 };

/**
 * Before a PDF: which labels (a sheet of 21, of 65, or a thermal roll), which range, and how
 * many labels of a part-used sheet to leave blank.
 */
export function LabelsDialog({
  template,
  onGenerate,
  onCancel,
}: {
  template: QrTemplate | null;
  onGenerate: (options: LabelOptions) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [layout, setLayout] = useState<LabelLayoutName>('a4-21');
  const [from, setFrom] = useState<number | string>(1);
  const [to, setTo] = useState<number | string>('');
  const [skip, setSkip] = useState<number | string>(0);
  const last = (template?.index ?? 1) - 1;
  // Asked again per stock: the server measures with the PDF's own fonts and rule.
  const fit = useQuery({
    queryKey: qrKeys.fit(template?.id ?? 0, layout),
    queryFn: () => qrApi.labelsFit(template?.id ?? 0, layout),
    enabled: template !== null,
  });
  const notFitting = fit.data?.notFitting ?? [];

  return (
    <Modal
      opened={template !== null}
      onClose={onCancel}
      size={DIALOG_WIDTH}
      title={t('qr.labelsTitle', { name: template?.name ?? '' })}
    >
      <Stack>
        <Radio.Group
          label={t('qr.layout')}
          value={layout}
          onChange={(v) => setLayout(v as LabelLayoutName)}
        >
          <Stack gap="xs" mt="xs">
            {LABEL_LAYOUT_NAMES.map((name) => (
              <Radio key={name} value={name} label={t(`qr.layouts.${name}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group grow>
          <NumberInput
            label={t('qr.from')}
            value={from}
            onChange={setFrom}
            min={1}
            max={last}
            {...INTEGER_INPUT}
          />
          <NumberInput
            label={t('qr.to')}
            placeholder={String(last)}
            value={to}
            onChange={setTo}
            min={1}
            max={last}
            {...INTEGER_INPUT}
          />
          <NumberInput
            label={t('qr.skip')}
            description={t('qr.skipHint')}
            value={skip}
            onChange={setSkip}
            min={0}
            max={PER_SHEET[layout] - 1}
            disabled={PER_SHEET[layout] === 1}
            {...INTEGER_INPUT}
          />
        </Group>
        {notFitting.length > 0 && (
          <Alert color="orange" variant="light" title={t('qr.notFitting.title')} role="alert">
            <Text size="sm">{t('qr.notFitting.body')}</Text>
            <List size="sm" mt={4}>
              {notFitting.map((text) => (
                <List.Item key={text} style={{ overflowWrap: 'anywhere' }}>
                  {text}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <LinkReachWarning link={fit.data?.link} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() =>
              onGenerate({
                layout,
                from: Number(from) || 1,
                to: to === '' ? undefined : Number(to),
                skip: PER_SHEET[layout] === 1 ? 0 : Number(skip) || 0,
              })
            }
          >
            {t('qr.generatePdf')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
