import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, type ElementTypeName } from '@integration/contracts';
import { notify } from '../../../app/notify.ts';
import type { EditorElement } from '../core/editor-element.ts';
import { useEditorState, useMapSession } from './editor-context.ts';

/**
 * Asks before anything is deleted, naming what goes: "Delete zone NBO-ZN-0001?" for one,
 * the count and types for several. Cancel (or Escape) leaves everything as it was.
 */
export function DeleteConfirmModal() {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const request = useEditorState((s) => s.deleteRequest);
  const elements = (request?.keys ?? []).flatMap((k) => editor.collection.get(k) ?? []);
  const question = deleteQuestion(elements, t);
  const confirm = () => {
    const count = editor.confirmDelete().length;
    if (count) notify.success(t('map.toast.deleted', { count }));
  };
  return (
    <Modal
      opened={request !== null}
      onClose={() => editor.cancelDelete()}
      size={DIALOG_WIDTH}
      title={question}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      <Stack gap="sm">
        {elements.length > 1 ? <Text size="sm">{kinds(elements, t)}</Text> : null}
        {request?.insideZone ? (
          <Text size="sm" c="orange.9">
            {t('map.safety.delete.insideZone')}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('map.safety.delete.undo')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => editor.cancelDelete()}>
            {t('map.safety.delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} data-autofocus>
            {t('map.safety.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type T = (key: string, vars?: Record<string, unknown>) => string;

function deleteQuestion(elements: EditorElement[], t: T): string {
  const [only] = elements;
  if (!only) return t('map.safety.delete.title');
  if (elements.length > 1) return t('map.safety.delete.several', { count: elements.length });
  const type = t(`map.safety.theType.${only.type}`);
  return only.name
    ? t('map.safety.delete.one', { type, name: only.name })
    : t('map.safety.delete.oneNew', { type: t(`map.safety.newType.${only.type}`) });
}

/** "2 × Pole, 1 × Cable": how many of each type, most first. */
function kinds(elements: EditorElement[], t: T): string {
  const counts = new Map<ElementTypeName, number>();
  for (const e of elements) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([type, n]) => `${n} × ${t(`map.types.${type}`)}`)
    .join(', ');
}
