import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '@integration/contracts';
import { useEditorState, useMapSession } from './editor-context.ts';

/** SPEC §4: a vertex moved more than 0.5 m from a nearby marker asks before snapping. */
export function SnapDialog() {
  const { t, i18n } = useTranslation();
  const { editor } = useMapSession();
  const question = useEditorState((s) => s.snapQuestion);
  return (
    <Modal
      opened={question !== null}
      onClose={() => editor.answerSnap(false)}
      size={DIALOG_WIDTH}
      title={t('map.snap.title')}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      {question ? (
        <>
          <Text size="sm">
            {t('map.snap.body', {
              name: question.targetName,
              metres: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(
                question.metres,
              ),
            })}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => editor.answerSnap(false)}>
              {t('map.snap.decline')}
            </Button>
            <Button onClick={() => editor.answerSnap(true)}>{t('map.snap.accept')}</Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
