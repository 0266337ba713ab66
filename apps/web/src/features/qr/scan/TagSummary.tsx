import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { QrTagView } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format.ts';
import { TagPhotos } from './TagPhotos.tsx';

/** What a label stands for: its template, details, and the state of its scan. */
export function TagSummary({ tag }: { tag: QrTagView }) {
  const { t } = useTranslation();
  const { template } = tag;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="tag-code">
      <Stack gap="sm">
        {/* The code on one line, read off the label as a whole: it shrinks with the screen
            (a monospace character is about 0.62 em) rather than wrapping mid-code, and the
            badge goes under it when both do not fit. */}
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Title
            id="tag-code"
            order={1}
            ff="monospace"
            style={{
              letterSpacing: 1,
              whiteSpace: 'nowrap',
              fontSize: `min(2.5rem, calc((100vw - 5.5rem) / ${(0.62 * tag.code.length).toFixed(2)}))`,
            }}
          >
            {tag.code}
          </Title>
          <Badge size="lg" color={tag.scanned ? 'teal' : 'gray'} variant="light" tt="none">
            {tag.scanned ? t('qrScan.tag.scanned') : t('qrScan.tag.notScanned')}
          </Badge>
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder={false} verticalSpacing={6}>
          <Table.Tbody>
            <Row label={t('qrScan.tag.template')} value={template.name} />
            <Row
              label={t('qrScan.tag.elementType')}
              value={t(`map.types.${template.elementType}`, { defaultValue: template.elementType })}
            />
            <Row label={t('qrScan.tag.cluster')} value={tag.clusterName} />
          </Table.Tbody>
        </Table>
        {template.tagDetails.length > 0 && (
          <Table
            striped
            layout="fixed"
            verticalSpacing={6}
            aria-label={t('qrScan.tag.details')}
            captionSide="top"
          >
            <Table.Caption ta="start" fw={600}>
              {t('qrScan.tag.details')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('qrScan.tag.property')}</Table.Th>
                <Table.Th>{t('qrScan.tag.value')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {template.tagDetails.map((d) => (
                <Table.Tr key={d.ID}>
                  <Table.Td>
                    {d.property
                      ? t(`qr.properties.${d.property}`, { defaultValue: d.property })
                      : t('qrScan.tag.notApplicable')}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <ScanState tag={tag} />
      </Stack>
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th w="40%" fz="sm">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
    </Table.Tr>
  );
}

function ScanState({ tag }: { tag: QrTagView }) {
  const { t } = useTranslation();
  if (!tag.scanned) return <Text c="dimmed">{t('qrScan.tag.neverScanned')}</Text>;
  return (
    <Stack gap={6}>
      <Text>
        {t('qrScan.tag.scannedBy', {
          name: tag.scannedBy ?? t('qrScan.tag.someone'),
          when: formatDate(tag.scannedAt),
        })}
      </Text>
      {tag.element && (
        <Text>
          {t('qrScan.tag.linkedTo')} <strong>{tag.element.name}</strong>
        </Text>
      )}
      {tag.position?.accuracy != null && (
        <Text size="sm" c="dimmed">
          {t('qrScan.tag.scanAccuracy', { metres: Math.round(tag.position.accuracy) })}
        </Text>
      )}
      {tag.photos.length > 0 && (
        <Stack gap={4}>
          <Text fw={600}>{t('qrScan.photos.title', { count: tag.photos.length })}</Text>
          <TagPhotos code={tag.code} ids={tag.photos} />
        </Stack>
      )}
    </Stack>
  );
}
