import { formatDate } from '../../../app/format.ts';
import { NumberInput, Select, Switch, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AttributeDefinition, AttributeValue } from '@integration/contracts';
import { decoded } from '../adapter/element-features.ts';
import { displayCoordinates } from './coordinates-display.ts';

interface Props {
  definition: AttributeDefinition;
  value: AttributeValue;
  onChange(value: AttributeValue): void;
  /** Shown, not editable: a user who may not edit the cluster reads the values. */
  readOnly?: boolean;
}

/** One attribute, edited by its input type (SPEC §3: dropdown and place values are JSON). */
export function AttributeField({ definition, value, onChange, readOnly = false }: Props) {
  const { t } = useTranslation();
  // The default templates' attribute names read in the user's language; a project's own
  // names are its data and show as written.
  const known = t('map.access.attributeNames', { returnObjects: true }) as Record<string, string>;
  const label = known[definition.name] ?? definition.name;
  const common = {
    label,
    required: definition.required && !readOnly,
    disabled: definition.derived,
    readOnly,
    // Filled, like the derived fields: read-only values do not look like an open form.
    variant: readOnly ? 'filled' : 'default',
    description: definition.derived ? t('map.detail.derived') : undefined,
  };
  switch (definition.inputType) {
    case 'number':
      return (
        <NumberInput
          {...common}
          value={
            typeof value === 'number' ? value : value === '' || value === null ? '' : Number(value)
          }
          onChange={(v) => onChange(v === '' ? '' : Number(v))}
        />
      );
    case 'dropdown': {
      const current = decoded(value);
      return (
        <Select
          {...common}
          clearable={!definition.required}
          data={definition.options ?? []}
          value={current === null || current === undefined ? null : String(current)}
          onChange={(v) => onChange(v === null ? '' : JSON.stringify(v))}
        />
      );
    }
    case 'boolean':
      return (
        <Switch
          label={label}
          disabled={definition.derived || readOnly}
          checked={value === true || value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type={definition.derived ? 'text' : 'date'}
          // A date the server sets (created, modified) in the user's time zone, as SPEC §9
          // writes it; a date typed stays the browser's date field.
          value={
            definition.derived ? formatDate(String(value ?? '')) : String(value ?? '').slice(0, 10)
          }
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'place':
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          maxRows={8}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={
            // Shown rounded; the server derives Coordinates from the geometry whatever is sent.
            definition.name === 'Coordinates'
              ? displayCoordinates(String(value ?? ''))
              : String(value ?? '')
          }
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
