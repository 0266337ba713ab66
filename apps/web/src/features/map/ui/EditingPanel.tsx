import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../../app/useCompact.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * What is being edited, always in view: its type and name ("Editing cable NBO-CBL-0021"),
 * and Done. A new element is named by the server once saved: "new cable" until then.
 */
export function EditingPanel() {
  const { t } = useTranslation();
  const { editor, controller } = useMapSession();
  const compact = useCompact();
  const key = useEditorState((s) => s.editing);
  // The name arrives with the save: re-read on every change of the elements.
  useEditorState((s) => s.revision);
  const element = key ? editor.collection.get(key) : undefined;
  if (!element) return null;
  const label = element.name
    ? t('map.safety.editing.named', {
        type: t(`map.safety.type.${element.type}`),
        name: element.name,
      })
    : t('map.safety.editing.unnamed', { type: t(`map.safety.newType.${element.type}`) });
  return (
    <Paper
      shadow="sm"
      p={compact ? 4 : 'xs'}
      px="xs"
      radius="md"
      withBorder
      maw={compact ? undefined : 420}
      role="region"
      aria-label={t('map.safety.editing.region')}
      style={{ borderLeft: '4px solid var(--mantine-color-blue-6)' }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate="end" role="status">
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {t(compact ? 'map.safety.editing.hintCompact' : 'map.safety.editing.hint')}
          </Text>
        </div>
        <Button
          size="compact-sm"
          variant="light"
          style={{ flexShrink: 0 }}
          onClick={() => controller.finishEditing()}
        >
          {t('map.safety.editing.done')}
        </Button>
      </Group>
    </Paper>
  );
}
