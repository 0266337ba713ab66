import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_TEMPLATE_ATTRIBUTES,
  isReservedAttributeName,
  type ElementTemplate,
  type ElementTypeName,
} from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../app/useApiMutation.ts';
import { AttributeRow } from './AttributeRow.tsx';
import { newAttribute, toDraft, toEdits, type DraftAttribute } from './template-draft.ts';
import { templatesApi } from './templates.api.ts';

/**
 * A template's attribute list, edited as a whole and saved in one request: the server checks
 * the rules (derived attributes kept, required ones with a default, values that fit) and its
 * refusals come back as toasts, the draft kept to fix.
 */
export function TemplateEditor({
  type,
  template,
}: {
  type: ElementTypeName;
  template: ElementTemplate;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DraftAttribute[]>(() => toDraft(type, template.attributes));
  const save = useApiMutation(
    (rows: DraftAttribute[]) =>
      templatesApi.update(type, template.id, { attributes: toEdits(rows) }),
    {
      onSuccess: (answer) => {
        setDraft(toDraft(type, answer.data.attributes));
        void queryClient.invalidateQueries({ queryKey: ['templates'] });
      },
    },
  );
  const change = (uid: number, patch: Partial<DraftAttribute>) =>
    setDraft((rows) => rows.map((row) => (row.uid === uid ? { ...row, ...patch } : row)));
  const removed = template.attributes.filter((a) => !draft.some((row) => row.original === a.name));
  const full = draft.length >= MAX_TEMPLATE_ATTRIBUTES;
  const incomplete = draft.some(
    (row) =>
      row.name.trim() === '' || (row.original !== row.name && isReservedAttributeName(row.name)),
  );

  return (
    <Stack>
      {draft.map((attribute, index) => (
        <AttributeRow
          key={attribute.uid}
          index={index}
          attribute={attribute}
          onChange={(patch) => change(attribute.uid, patch)}
          onRemove={() => setDraft((rows) => rows.filter((row) => row.uid !== attribute.uid))}
        />
      ))}
      {removed.length > 0 && (
        <Alert color="yellow" title={t('templates.removing')}>
          {t('templates.removingHint', { names: removed.map((a) => a.name).join(', ') })}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => setDraft((rows) => [...rows, newAttribute()])}
        >
          {t('templates.add')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('templates.count', { count: draft.length, max: MAX_TEMPLATE_ATTRIBUTES })}
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => setDraft(toDraft(type, template.attributes))}
          disabled={save.isPending}
        >
          {t('templates.reset')}
        </Button>
        <Button loading={save.isPending} disabled={incomplete} onClick={() => save.mutate(draft)}>
          {t('templates.save')}
        </Button>
      </Group>
    </Stack>
  );
}
