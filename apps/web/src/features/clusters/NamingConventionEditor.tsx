import { Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  ELEMENT_TYPES,
  formatElementName,
  namingConventionSchema,
  type NamingConvention,
} from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Prefix and pattern of a cluster's element names, with a live preview. */
export function NamingConventionEditor({
  value,
  clusterName,
  canEdit,
  busy,
  onSave,
}: {
  value: NamingConvention;
  clusterName: string;
  canEdit: boolean;
  busy: boolean;
  onSave: (convention: NamingConvention) => void;
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState(value.prefix);
  const [pattern, setPattern] = useState(value.pattern);
  const parsed = namingConventionSchema.safeParse({ prefix, pattern });
  const problem = (field: 'prefix' | 'pattern') =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === field)?.message;
  const examples = parsed.success
    ? [ELEMENT_TYPES[0], ELEMENT_TYPES[8]].map((type) =>
        formatElementName(parsed.data, { typeCode: type.code, clusterName, seq: 1 }),
      )
    : [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parsed.success) onSave(parsed.data);
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Group align="flex-start">
          <TextInput
            label={t('naming.prefix')}
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value)}
            error={problem('prefix')}
            disabled={!canEdit}
            w={140}
          />
          <TextInput
            label={t('naming.pattern')}
            value={pattern}
            onChange={(e) => setPattern(e.currentTarget.value)}
            error={problem('pattern')}
            disabled={!canEdit}
            miw={260}
          />
          {canEdit && (
            <Button type="submit" mt={25} disabled={!parsed.success} loading={busy}>
              {t('naming.save')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('naming.tokens')}
        </Text>
        {examples.length > 0 && (
          <Text size="sm" aria-live="polite">
            {t('naming.preview')} <Code>{examples.join(', ')}</Code>
          </Text>
        )}
      </Stack>
    </form>
  );
}
