import { Badge, Button, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditorState, useMapSession } from './editor-context.ts';
import { UnsavableChanges } from './UnsavableChanges.tsx';

const COLOURS = {
  saved: 'teal',
  pending: 'yellow',
  saving: 'blue',
  offline: 'red',
  error: 'orange',
};

/** Saving / saved / offline with N pending, always in view (SPEC §4). */
export function SaveIndicator() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const save = useEditorState((s) => s.save);
  const canEdit = useEditorState((s) => s.canEdit);
  const text =
    save.state === 'saved'
      ? t('map.save.saved')
      : save.state === 'saving'
        ? t('map.save.saving')
        : save.state === 'offline'
          ? t('map.save.offline', { count: save.pending })
          : save.state === 'error'
            ? t('map.save.error', { count: save.pending, message: save.message ?? '' })
            : t('map.save.pending', { count: save.pending });
  return (
    <Paper shadow="sm" p={6} radius="md" withBorder maw="calc(100vw - 16px)">
      {/* Wraps rather than cutting a status short on a phone. */}
      <Group gap={6} wrap="wrap" justify="flex-end">
        <Badge
          role="status"
          aria-label={t('map.save.label')}
          aria-live="polite"
          color={COLOURS[save.state]}
          variant="light"
          size="lg"
          tt="none"
          styles={{
            root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
            label: { whiteSpace: 'normal', overflow: 'visible' },
          }}
        >
          {text}
        </Badge>
        <UnsavableChanges />
        {canEdit && (save.state === 'offline' || save.state === 'error') ? (
          <Button size="compact-xs" variant="light" onClick={() => void editor.saveNow()}>
            {t('map.save.retry')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
