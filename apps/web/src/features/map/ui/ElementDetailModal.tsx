import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODAL_WIDTH,
  type AttributeDefinition,
  type ElementAttribute,
} from '@integration/contracts';
import { FibreButtons } from '../../fibre/FibreButtons.tsx';
import { FibreScreens } from '../../fibre/FibreScreens.tsx';
import type { EditorElement } from '../core/editor-element.ts';
import { useEditorState, useMapSession } from './editor-context.ts';
import { AttributeField } from './AttributeField.tsx';
import { useNamePreview } from './name-preview.ts';

/**
 * The generic detail modal (SPEC §2): the element's attributes, editable by input type.
 * Closes on backdrop click or the close icon.
 */
export function ElementDetailModal() {
  const { editor } = useMapSession();
  const detail = useEditorState((s) => s.detail);
  useEditorState((s) => s.revision);
  const element = detail ? editor.collection.get(detail.key) : undefined;
  const close = () => editor.openDetail(null);
  // The fibre screens (issue 26) open from here and outlive the detail they came from.
  return (
    <>
      {element ? (
        // Keyed: the form starts from the element each time another one opens.
        <DetailForm key={element.key} element={element} onClose={close} />
      ) : (
        <Modal opened={false} onClose={close} />
      )}
      <FibreScreens />
    </>
  );
}

function DetailForm({ element, onClose: close }: { element: EditorElement; onClose(): void }) {
  const { t } = useTranslation();
  const { editor } = useMapSession();
  const canEdit = useEditorState((s) => s.canEdit);
  // The name the user typed, else the element's own: a new element is named by the server
  // once saved, and the field shows that name as soon as it arrives, as the title does.
  const [typedName, setTypedName] = useState<string | null>(null);
  const name = typedName ?? element.name;
  const preview = useNamePreview(element.type);
  const [values, setValues] = useState<Record<string, ElementAttribute['value']>>(() =>
    Object.fromEntries(element.attributes.map((a) => [a.name, a.value])),
  );

  const template = editor.templateOf(element);
  const definitions: AttributeDefinition[] = [
    ...(template?.attributes ?? []),
    ...element.attributes
      .filter((a) => !template?.attributes.some((d) => d.name === a.name))
      .map((a) => ({ name: a.name, inputType: a.inputType, required: false })),
  ].filter((d) => d.name !== 'Name');
  // What the server derives (coordinates, dates) follows the element, like its name: a new
  // element's dates arrive with its save while the form is open.
  const valueOf = (d: AttributeDefinition) =>
    (d.derived ? element.attributes.find((a) => a.name === d.name)?.value : values[d.name]) ?? '';

  const save = () => {
    const attributes = definitions.map((d) => ({
      name: d.name,
      value: valueOf(d),
      inputType: d.inputType,
      attribute_name: element.attributes.find((a) => a.name === d.name)?.attribute_name ?? d.name,
    }));
    editor.edit(element.key, name.trim() || element.name, attributes);
    close();
  };

  return (
    <Modal
      opened
      onClose={close}
      size={MODAL_WIDTH}
      title={
        <Group gap="xs">
          <Text fw={600}>{element.name || t(`map.types.${element.type}`)}</Text>
          <Badge variant="light">{t(`map.types.${element.type}`)}</Badge>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('toast.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (canEdit) save();
        }}
      >
        <Stack>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {t('map.detail.status')}:
              </Text>
              <Badge variant="outline" tt="none">
                {t(`map.detail.statuses.${element.status}`)}
              </Badge>
            </Group>
            <FibreButtons element={element} onOpen={close} />
          </Group>
          {element.problem ? (
            <Alert color="red">{t('map.detail.problem', { message: element.problem })}</Alert>
          ) : null}
          <TextInput
            label={t('map.access.attributeNames.Name')}
            value={name}
            readOnly={!canEdit}
            variant={canEdit ? 'default' : 'filled'}
            placeholder={
              element.name || !preview ? undefined : t('map.access.namedOnSave', { name: preview })
            }
            onChange={(e) => setTypedName(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {definitions.map((d) => (
              <AttributeField
                key={d.name}
                definition={d}
                value={valueOf(d)}
                readOnly={!canEdit}
                onChange={(value) => setValues((v) => ({ ...v, [d.name]: value }))}
              />
            ))}
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('map.detail.cancel')}
              </Button>
              <Button type="submit">{t('map.detail.save')}</Button>
            </Group>
          ) : (
            // Read-only: the values are shown, nothing can be saved.
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('map.access.readOnlyDetail')}
              </Text>
              <Button variant="default" onClick={close} style={{ flexShrink: 0 }}>
                {t('common.close')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
