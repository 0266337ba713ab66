import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconLock, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompact } from '../../../app/useCompact.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * Where you are: project › cluster, the project a link back to choosing another one; a
 * read-only map says so. An empty cluster says it is empty and what to do about it.
 */
export function MapContextBar({
  projectName,
  clusterName,
  onWholeProject,
}: {
  projectName: string;
  clusterName: string;
  /** The way to the whole project's map (issue 30), where the page offers it. */
  onWholeProject?: () => void;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const canEdit = useEditorState((s) => s.canEdit);
  const size = compact ? 'xs' : 'sm';
  return (
    <Stack gap={6} align="flex-start" maw={compact ? '100%' : 420}>
      <Paper
        shadow="sm"
        px={compact ? 8 : 10}
        py={compact ? 2 : 4}
        radius="md"
        withBorder
        maw="100%"
      >
        <Group gap={6} wrap="nowrap">
          <Group
            component="nav"
            aria-label={t('map.access.where')}
            gap={4}
            wrap="nowrap"
            style={{ minWidth: 0 }}
          >
            <Tooltip label={t('map.access.change')}>
              <Anchor component={Link} to="/project" size={size} truncate="end" maw={180}>
                {projectName}
              </Anchor>
            </Tooltip>
            <IconChevronRight size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size={size} fw={600} truncate="end" aria-current="page">
              {clusterName}
            </Text>
          </Group>
          {onWholeProject ? (
            <Tooltip label={t('map.tiles.backToProjectLabel')}>
              <ActionIcon
                size={compact ? 'sm' : 'md'}
                variant="light"
                aria-label={t('map.tiles.backToProjectLabel')}
                onClick={onWholeProject}
                style={{ flexShrink: 0 }}
              >
                <IconMap2 size={compact ? 14 : 16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canEdit ? null : (
            <Tooltip label={t('map.access.readOnlyWhy')} multiline w={240}>
              <Badge
                size={size}
                variant="light"
                color="gray"
                tt="none"
                leftSection={<IconLock size={12} />}
                style={{ flexShrink: 0 }}
              >
                {t('map.access.readOnly')}
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Paper>
      <EmptyCluster canEdit={canEdit} compact={compact} />
    </Stack>
  );
}

/** Shown once the cluster is loaded and holds no element. */
function EmptyCluster({ canEdit, compact }: { canEdit: boolean; compact: boolean }) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const ready = useEditorState((s) => s.status === 'ready');
  useEditorState((s) => s.revision);
  if (!ready || editor.collection.size > 0) return null;
  return (
    <Paper
      shadow="sm"
      p={compact ? 8 : 'sm'}
      radius="md"
      withBorder
      role="status"
      aria-label={t('map.access.empty')}
      maw={compact ? '100%' : 360}
    >
      <Text size="sm" fw={600}>
        {t('map.access.empty')}
      </Text>
      <Text size="xs" c="dimmed">
        {!canEdit
          ? t('map.access.emptyRead')
          : compact
            ? t('map.access.emptyEditPhone')
            : t('map.access.emptyEdit')}
      </Text>
    </Paper>
  );
}
