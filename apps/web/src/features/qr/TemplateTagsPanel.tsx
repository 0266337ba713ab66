import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { QrTemplate } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../app/DataTable.tsx';
import { formatDate } from '../../app/format.ts';
import { qrApi, qrKeys } from './qr.api.ts';

/** A template's tags with their scan state: who linked which element, when, and where. */
export function TemplateTagsPanel({
  template,
  onOpenMap,
}: {
  template: QrTemplate;
  onOpenMap: (elementId: number) => void;
}) {
  const { t } = useTranslation();
  const tags = useQuery({
    queryKey: qrKeys.tags(template.id),
    queryFn: () => qrApi.tags(template.id),
  });
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('qr.tagsOf', { name: template.name })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('qr.scannedOf', { scanned: template.scanned, total: template.noOfTags })}
          </Text>
        </Group>
        {tags.data && (
          <DataTable
            label={t('qr.tagsTable', { name: template.name })}
            rows={tags.data}
            rowKey={(tag) => tag.id}
            empty={t('common.noData')}
            columns={[
              {
                header: t('qr.code'),
                primary: true,
                cell: (tag) => (
                  <Anchor component={Link} to={`/t/${tag.code}`} ff="monospace">
                    {tag.code}
                  </Anchor>
                ),
              },
              {
                header: t('qr.state'),
                cell: (tag) =>
                  tag.scanned ? (
                    <Badge color="teal">{t('qr.scanned')}</Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t('qr.notScanned')}
                    </Badge>
                  ),
              },
              { header: t('qr.scannedAt'), cell: (tag) => formatDate(tag.scannedAt) },
              { header: t('qr.scannedBy'), cell: (tag) => tag.scannedBy ?? '' },
              {
                header: t('qr.linkedElement'),
                cell: (tag) =>
                  tag.element ? (
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() => tag.element && onOpenMap(tag.element.id)}
                    >
                      {t('qr.onMap', { name: tag.element.name })}
                    </Anchor>
                  ) : (
                    ''
                  ),
              },
              { header: t('qr.photos'), cell: (tag) => tag.photos.length || '' },
            ]}
          />
        )}
        {tags.data && tags.data.length >= 1000 && (
          <Text size="sm" c="dimmed">
            {t('qr.firstTags', { count: tags.data.length })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
