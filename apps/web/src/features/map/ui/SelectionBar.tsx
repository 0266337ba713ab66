import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditorState, useMapSession } from './editor-context.ts';

/** Several elements selected (rectangle): how many, delete them, or clear. */
export function SelectionBar() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const selection = useEditorState((s) => s.selection);
  const interaction = useEditorState((s) => s.interaction);
  const canEdit = useEditorState((s) => s.canEdit);
  const byRectangle = interaction.kind === 'draw' && interaction.tool === 'rectangle';
  if (selection.length === 0 || (!byRectangle && selection.length < 2)) return null;
  return (
    <Paper shadow="sm" p={6} radius="md" withBorder>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" role="status">
          {t('map.selection.count', { count: selection.length })}
        </Text>
        {canEdit ? (
          <Button
            size="compact-sm"
            color="red"
            // Asks first, naming how many of each type go (DeleteConfirmModal).
            onClick={() => editor.requestDelete(selection)}
          >
            {t('map.selection.delete')}
          </Button>
        ) : null}
        <Button size="compact-sm" variant="default" onClick={() => editor.select([])}>
          {t('map.selection.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
