import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  INPUT_TYPES,
  MAX_ATTRIBUTE_NAME,
  isReservedAttributeName,
  type InputType,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import type { DraftAttribute } from './template-draft.ts';

interface Props {
  index: number;
  attribute: DraftAttribute;
  onChange: (change: Partial<DraftAttribute>) => void;
  onRemove: () => void;
}

/**
 * One attribute of the template being edited. The group is named by the attribute's name as
 * loaded, so it keeps its name while being renamed; locked ones keep their name and type.
 */
export function AttributeRow({ index, attribute: a, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const label = a.original
    ? t('templates.attributeOf', { n: index + 1, name: a.original })
    : t('templates.newAttribute', { n: index + 1 });
  const empty = a.name.trim() === '';
  // A name JavaScript reserves: the server refuses it for a new or renamed attribute.
  const reserved = a.original !== a.name && isReservedAttributeName(a.name);
  return (
    <Paper withBorder p="sm" role="group" aria-label={label}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {index + 1}
          </Badge>
          {a.derived && <Badge color="blue">{t('templates.derived')}</Badge>}
          {a.locked && !a.derived && <Badge color="grape">{t('templates.readByName')}</Badge>}
          {a.original && a.original !== a.name.trim() && !empty && (
            <Badge color="orange">{t('templates.renamedFrom', { name: a.original })}</Badge>
          )}
        </Group>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          disabled={a.locked}
          onClick={onRemove}
          aria-label={t('templates.remove', { name: a.original ?? (a.name.trim() || label) })}
          title={a.locked ? t('templates.lockedHint') : undefined}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <TextInput
          label={t('templates.name')}
          value={a.name}
          maxLength={MAX_ATTRIBUTE_NAME}
          disabled={a.locked}
          required
          error={
            empty
              ? t('templates.nameNeeded')
              : reserved
                ? t('templates.nameReserved', { name: a.name.trim() })
                : undefined
          }
          onChange={(e) => onChange({ name: e.currentTarget.value })}
        />
        <Select
          label={t('templates.inputType')}
          data={INPUT_TYPES.map((type) => ({
            value: type,
            label: t(`templates.inputTypes.${type}`),
          }))}
          value={a.inputType}
          allowDeselect={false}
          disabled={a.locked}
          onChange={(type) => type && onChange({ inputType: type as InputType, defaultText: '' })}
        />
        {!a.derived && <DefaultInput attribute={a} onChange={onChange} />}
        {!a.derived && (
          <Checkbox
            mt={{ lg: 'xl' }}
            label={t('templates.required')}
            checked={a.required}
            onChange={(e) => onChange({ required: e.currentTarget.checked })}
          />
        )}
      </SimpleGrid>
      {a.inputType === 'dropdown' && !a.derived && (
        <TagsInput
          mt="sm"
          label={t('templates.options')}
          description={t('templates.optionsHint')}
          value={a.options}
          onChange={(options) => onChange({ options })}
        />
      )}
    </Paper>
  );
}

/** The default, typed as the attribute's values are. */
function DefaultInput({ attribute: a, onChange }: Pick<Props, 'attribute' | 'onChange'>) {
  const { t } = useTranslation();
  const label = t('templates.default');
  const description = a.required ? t('templates.defaultNeeded') : undefined;
  const choose = (value: string | null) => onChange({ defaultText: value ?? '' });
  if (a.inputType === 'dropdown' || a.inputType === 'boolean') {
    const data =
      a.inputType === 'boolean'
        ? [
            { value: 'true', label: t('templates.yes') },
            { value: 'false', label: t('templates.no') },
          ]
        : a.options;
    return (
      <Select
        label={label}
        description={description}
        data={data}
        value={a.defaultText || null}
        clearable
        onChange={choose}
      />
    );
  }
  return (
    <TextInput
      label={label}
      description={description}
      type={a.inputType === 'date' ? 'date' : 'text'}
      inputMode={a.inputType === 'number' ? 'decimal' : undefined}
      value={a.defaultText}
      onChange={(e) => choose(e.currentTarget.value)}
    />
  );
}
