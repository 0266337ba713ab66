import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ELEMENT_TYPES,
  MODAL_WIDTH,
  TAG_COUNT_MAX,
  TAG_PREFIX_MAX,
  elementTypeById,
  type QrTemplate,
  type TagDetail,
} from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { fileFormatApi } from '../file-format/file-format.api.ts';
import { qrApi } from './qr.api.ts';
import { INTEGER_INPUT } from './integer-input.ts';
import { TagDetailsEditor } from './TagDetailsEditor.tsx';
import type { TagModalMode } from './tag-modal-mode.ts';

export interface TagModalContext {
  clusterId: number;
  projectId: number;
  clientName: string;
}

/**
 * The Tag Generation modal (SPEC §2, §4; host name generateQR, 75vw): list name, number of
 * tags, prefix and details; in edit mode the same prefilled, with Add More Tags. Once a tag of
 * the template is scanned its list fields and details are locked, as the server also refuses.
 */
interface ModalProps {
  mode: TagModalMode;
  template: QrTemplate | null;
  context: TagModalContext | null;
  onClose: () => void;
  onSaved: () => void;
}

export function TagGenerationModal({ mode, template, context, onClose, onSaved }: ModalProps) {
  const opened = mode !== 'none' && context !== null && (mode === 'create' || template !== null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={MODAL_WIDTH}
      title={<TitleText mode={mode} />}
      data-modal-host="generateQR"
    >
      {opened && (
        <TagForm
          key={template?.id ?? 'new'}
          mode={mode}
          template={template}
          context={context}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function TitleText({ mode }: { mode: TagModalMode }) {
  const { t } = useTranslation();
  return <>{mode === 'edit' ? t('qr.editTitle') : t('qr.createTitle')}</>;
}

function TagForm({
  mode,
  template,
  context,
  onClose,
  onSaved,
}: ModalProps & { context: TagModalContext }) {
  const { t } = useTranslation();
  // Element types by their key in the reader's language (map.types), as the map names them.
  const typeName = (type: { internalName: string; displayName: string } | undefined) =>
    type ? t(`map.types.${type.internalName}`, { defaultValue: type.displayName }) : '';
  const editing = mode === 'edit' && template !== null;
  const locked = editing && template.scanned > 0;
  const [name, setName] = useState(template?.name ?? '');
  const [count, setCount] = useState<number | string>(editing ? template.noOfTags : 10);
  const [prefix, setPrefix] = useState(template?.prefix ?? '');
  const [extraTags, setExtraTags] = useState<number | string>(0);
  const [typeId, setTypeId] = useState<string | null>(
    String(template?.networkElementTypeId ?? ELEMENT_TYPES[0].id),
  );
  const [templateId, setTemplateId] = useState<string | null>(
    template ? String(template.templateId) : null,
  );
  const [details, setDetails] = useState<TagDetail[]>(template?.tagDetails ?? []);
  const type = elementTypeById(Number(typeId));

  const elementTemplates = useQuery({
    queryKey: ['qr', 'element-templates', context.projectId, type?.segment],
    queryFn: () => fileFormatApi.templates(type?.segment ?? '', context.projectId),
    enabled: !editing && type !== undefined,
  });
  const chosenTemplate =
    templateId ?? String(elementTemplates.data?.find((e) => e.isDefault)?.id ?? '');

  const save = useMutation({
    mutationFn: () =>
      editing
        ? qrApi.update(template.id, {
            name: name.trim(),
            ...(locked ? {} : { prefix: prefix.trim(), tagDetails: details }),
            extraTags: Number(extraTags) || 0,
          })
        : qrApi.create({
            name: name.trim(),
            noOfTags: Number(count),
            prefix: prefix.trim(),
            networkElementTypeId: Number(typeId),
            clusterId: context.clusterId,
            templateId: Number(chosenTemplate),
            tagDetails: details,
          }),
    onSuccess: () => {
      notify.success(t('qr.saved'));
      onSaved();
    },
    onError: (error) =>
      notify.error(t('qr.saveFailed', { message: errorMessage(error, t) }), t('toast.error')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <form onSubmit={submit}>
      <Stack>
        {locked && (
          <Alert color="yellow" title={t('qr.lockedTitle')}>
            {t('qr.locked', { count: template.scanned })}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('qr.listName')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={100}
            disabled={locked}
            miw={200}
          />
          <NumberInput
            label={t('qr.numberOfTags')}
            value={count}
            onChange={setCount}
            min={1}
            max={TAG_COUNT_MAX}
            {...INTEGER_INPUT}
            required
            disabled={editing}
            miw={140}
          />
          <TextInput
            label={t('qr.prefix')}
            description={t('qr.prefixHint', { max: TAG_PREFIX_MAX })}
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value.toUpperCase())}
            maxLength={TAG_PREFIX_MAX}
            required
            disabled={locked}
            miw={140}
          />
        </Group>
        {editing ? (
          <Group align="flex-end">
            <TextInput
              label={t('qr.nextNumber')}
              value={String(template.index)}
              readOnly
              miw={140}
            />
            <Text size="sm" c="dimmed">
              {t('qr.elementTypeOf', {
                type: typeName(elementTypeById(template.networkElementTypeId)),
              })}
            </Text>
          </Group>
        ) : (
          <Group grow wrap="wrap">
            <Select
              label={t('qr.elementType')}
              data={ELEMENT_TYPES.map((e) => ({ value: String(e.id), label: typeName(e) }))}
              value={typeId}
              onChange={(v) => {
                setTypeId(v);
                setTemplateId(null);
              }}
              allowDeselect={false}
              miw={180}
            />
            <Select
              label={t('qr.elementTemplate')}
              data={(elementTemplates.data ?? []).map((e) => ({
                value: String(e.id),
                label: e.name,
              }))}
              value={chosenTemplate || null}
              onChange={setTemplateId}
              allowDeselect={false}
              miw={180}
            />
          </Group>
        )}
        <TagDetailsEditor
          value={details}
          onChange={setDetails}
          clientName={context.clientName}
          disabled={locked}
        />
        {editing && (
          <Stack gap={4}>
            <Text fw={600}>{t('qr.addMoreTags')}</Text>
            <NumberInput
              label={t('qr.extraTags')}
              description={t('qr.extraTagsHint', { from: template.index })}
              value={extraTags}
              onChange={setExtraTags}
              min={0}
              max={TAG_COUNT_MAX}
              {...INTEGER_INPUT}
              maw={240}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!editing && !chosenTemplate}>
            {t('qr.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
