import { Alert, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ELEMENT_TYPES, MODAL_WIDTH, type ElementTypeName } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { useCompact } from '../../app/useCompact.ts';
import { TemplateEditor } from './TemplateEditor.tsx';
import { templatesApi, templatesKeys } from './templates.api.ts';

/**
 * The element templates of a project, one type at a time (issue 17). Opened from the project's
 * row on the Project page, where a planner picks the project they work on; a modal, so SPEC
 * §2's routes stay as they are. Full screen on a phone.
 */
export function TemplatesModal({
  project,
  onClose,
}: {
  project: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const [type, setType] = useState<ElementTypeName>('PboFat');
  const [chosen, setChosen] = useState<number | null>(null);
  const templates = useQuery({
    queryKey: templatesKeys.ofProject(project?.id ?? 0, type),
    queryFn: () => templatesApi.ofProject(project?.id ?? 0, type),
    enabled: project !== null,
  });
  const list = templates.data ?? [];
  const template = list.find((x) => x.id === chosen) ?? list.find((x) => x.isDefault) ?? list[0];

  return (
    <Modal
      opened={project !== null}
      onClose={onClose}
      size={MODAL_WIDTH}
      fullScreen={compact}
      title={t('templates.title', { project: project?.name ?? '' })}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('templates.intro')}
        </Text>
        <Select
          label={t('templates.elementType')}
          data={ELEMENT_TYPES.map((x) => ({ value: x.internalName, label: x.displayName }))}
          value={type}
          allowDeselect={false}
          onChange={(value) => {
            if (!value) return;
            setType(value as ElementTypeName);
            setChosen(null);
          }}
          maw={320}
        />
        {list.length > 1 && (
          <Select
            label={t('templates.template')}
            data={list.map((x) => ({ value: String(x.id), label: x.name }))}
            value={template ? String(template.id) : null}
            allowDeselect={false}
            onChange={(value) => value && setChosen(Number(value))}
            maw={320}
          />
        )}
        {templates.isPending && project && <Loader aria-label={t('templates.loading')} />}
        {templates.error && (
          <Alert color="red" role="alert">
            {errorMessage(templates.error, t)}
          </Alert>
        )}
        {template && <TemplateEditor key={template.id} type={type} template={template} />}
      </Stack>
    </Modal>
  );
}
