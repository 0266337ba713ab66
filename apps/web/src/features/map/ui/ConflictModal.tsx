import { Button, Code, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH, type ElementAttribute } from '@integration/contracts';
import { useEditorState, useMapSession } from './editor-context.ts';

const summary = (v: { name: string; coordinates: unknown; attributes: unknown }) =>
  JSON.stringify(
    {
      name: v.name,
      coordinates: v.coordinates,
      attributes: Object.fromEntries(
        (v.attributes as ElementAttribute[]).map((a) => [a.name, a.value]),
      ),
    },
    null,
    2,
  );

/** A stale save (409): both versions side by side; the user decides, never the app. */
export function ConflictModal() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const conflict = useEditorState((s) => s.conflicts[0]);
  if (!conflict) return null;
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      size={MODAL_WIDTH}
      title={t('map.conflict.title')}
    >
      <Stack>
        <Text size="sm">{t('map.conflict.body', { name: conflict.theirs.name })}</Text>
        <SimpleGrid cols={2}>
          <Stack gap={4}>
            <Title order={4}>{t('map.conflict.mine')}</Title>
            <Code block>{summary(conflict.mine)}</Code>
          </Stack>
          <Stack gap={4}>
            <Title order={4}>
              {t('map.conflict.theirs', { version: conflict.theirs.version })}
            </Title>
            <Code block>{summary(conflict.theirs)}</Code>
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => editor.resolveConflict(conflict.key, 'theirs')}>
            {t('map.conflict.takeTheirs')}
          </Button>
          <Button onClick={() => editor.resolveConflict(conflict.key, 'mine')}>
            {t('map.conflict.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
