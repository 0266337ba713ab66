import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '@integration/contracts';
import { useEditorState, useMapSession } from './editor-context.ts';

/** A click hit several elements: the user picks the one the mode acts on (SPEC §2). */
export function SelectElementModal() {
  const { t } = useTranslation();
  const { editor, controller } = useMapSession();
  const candidates = useEditorState((s) => s.candidates);
  const close = () => editor.offerCandidates(null);
  return (
    <Modal
      opened={candidates !== null}
      onClose={close}
      size={DIALOG_WIDTH}
      title={t('map.select.title')}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      <Stack gap="xs">
        <Text size="sm">{t('map.select.hint')}</Text>
        {(candidates ?? []).flatMap((key) => {
          const e = editor.collection.get(key);
          return e
            ? [
                <Button
                  key={key}
                  variant="light"
                  justify="flex-start"
                  onClick={() => controller.act(key)}
                >
                  {`${e.name} · ${t(`map.types.${e.type}`)}`}
                </Button>,
              ]
            : [];
        })}
      </Stack>
    </Modal>
  );
}
