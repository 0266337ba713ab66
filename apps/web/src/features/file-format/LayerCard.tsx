import { Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { ELEMENT_TYPES, type ElementTemplate } from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { NAME_TARGET } from './field-mapping.ts';
import type { LayerPlan } from './import-plan.ts';

/** One imported layer: the element type it becomes, its template, and where its fields go. */
export function LayerCard({
  plan,
  templates,
  onType,
  onTemplate,
  onField,
}: {
  plan: LayerPlan;
  templates: ElementTemplate[];
  onType: (type: string | null) => void;
  onTemplate: (templateId: number | null) => void;
  onField: (field: string, target: string | null) => void;
}) {
  const { t } = useTranslation();
  const { layer } = plan;
  const typeChoices = ELEMENT_TYPES.filter((type) => type.geometry === layer.geometryKind);
  const template = templates.find((tpl) => tpl.id === plan.templateId);
  const targets = [
    { value: NAME_TARGET, label: t('fileFormat.import.elementName') },
    ...(template?.attributes ?? [])
      .filter((a) => !a.derived)
      .map((a) => ({ value: a.name, label: a.name })),
  ];
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{layer.name}</Text>
          <Group gap="xs">
            <Badge variant="light">{layer.geometryType}</Badge>
            <Badge variant="outline">
              {t('fileFormat.import.features', { count: layer.featureCount })}
            </Badge>
            <Badge variant="outline">
              {layer.crs.epsg ? `EPSG:${layer.crs.epsg}` : (layer.crs.name ?? '')}
            </Badge>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {layer.file}
        </Text>
        {layer.warnings.map((w) => (
          <Text key={w} size="xs" c="orange">
            {w}
          </Text>
        ))}
        <Group grow>
          <Select
            label={t('fileFormat.import.elementType', { layer: layer.name })}
            placeholder={t('fileFormat.import.skipLayer')}
            data={typeChoices.map((type) => ({
              value: type.internalName,
              label: type.displayName,
            }))}
            value={plan.type}
            onChange={onType}
            clearable
            disabled={typeChoices.length === 0}
          />
          <Select
            label={t('fileFormat.import.template', { layer: layer.name })}
            data={templates.map((tpl) => ({ value: String(tpl.id), label: tpl.name }))}
            value={plan.templateId === null ? null : String(plan.templateId)}
            onChange={(value) => onTemplate(value === null ? null : Number(value))}
            disabled={!plan.type}
          />
        </Group>
        {plan.type && layer.fields.length > 0 && (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fileFormat.import.field')}</Table.Th>
                <Table.Th>{t('fileFormat.import.attribute')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {layer.fields.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Td>
                    {field.name}{' '}
                    <Text span size="xs" c="dimmed">
                      ({field.type})
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={t('fileFormat.import.attributeFor', { field: field.name })}
                      placeholder={t('fileFormat.import.notImported')}
                      data={targets}
                      value={plan.mapping[field.name] ?? null}
                      onChange={(value) => onField(field.name, value)}
                      clearable
                      size="xs"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
