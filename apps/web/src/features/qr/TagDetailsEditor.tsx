import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  TAG_DETAIL_TYPES,
  TAG_DETAILS_MAX,
  TAG_PROPERTIES,
  type TagDetail,
  type TagDetailType,
} from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Tag details (SPEC §2, §3): an Info select (Attribute or Free Text) with Add, then the rows:
 * number, info type, attribute property (N/A for Free Text), value, Delete. Owner starts with
 * the project's client.
 */
export function TagDetailsEditor({
  value,
  onChange,
  clientName,
  disabled,
}: {
  value: TagDetail[];
  onChange: (next: TagDetail[]) => void;
  clientName: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [infoType, setInfoType] = useState<TagDetailType | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const add = () => {
    // SPEC §5: adding without a type says so.
    if (!infoType) return setProblem(t('qr.selectAttributeType'));
    setProblem(null);
    const id = Math.max(0, ...value.map((d) => d.ID)) + 1;
    onChange([...value, { ID: id, type: infoType, property: null, value: '' }]);
  };
  const change = (id: number, patch: Partial<TagDetail>) =>
    onChange(value.map((d) => (d.ID === id ? { ...d, ...patch } : d)));

  return (
    <>
      <Group align="flex-end">
        <Select
          label={t('qr.info')}
          placeholder={t('qr.infoPlaceholder')}
          data={TAG_DETAIL_TYPES.map((type) => ({ value: type, label: t(`qr.infoTypes.${type}`) }))}
          value={infoType}
          onChange={(v) => setInfoType(v as TagDetailType | null)}
          error={problem}
          disabled={disabled}
          miw={200}
        />
        <Button
          variant="light"
          onClick={add}
          disabled={disabled || value.length >= TAG_DETAILS_MAX}
          mb={problem ? 22 : 0}
        >
          {t('qr.addDetail')}
        </Button>
      </Group>
      <Table aria-label={t('qr.detailsTable')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.number')}</Table.Th>
            <Table.Th>{t('qr.infoType')}</Table.Th>
            <Table.Th>{t('qr.property')}</Table.Th>
            <Table.Th>{t('qr.value')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {value.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" size="sm">
                  {t('qr.noDetails')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {value.map((detail, index) => (
            <Table.Tr key={detail.ID}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{t(`qr.infoTypes.${detail.type}`)}</Table.Td>
              <Table.Td>
                {detail.type === 'Attribute' ? (
                  <Select
                    aria-label={t('qr.propertyOf', { n: index + 1 })}
                    data={TAG_PROPERTIES.map((p) => ({ value: p, label: t(`qr.properties.${p}`) }))}
                    value={detail.property}
                    onChange={(property) =>
                      change(detail.ID, {
                        property,
                        value: property === 'Owner' && !detail.value ? clientName : detail.value,
                      })
                    }
                    disabled={disabled}
                  />
                ) : (
                  t('qr.notApplicable')
                )}
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={t('qr.valueOf', { n: index + 1 })}
                  value={detail.value}
                  maxLength={200}
                  onChange={(e) => change(detail.ID, { value: e.currentTarget.value })}
                  disabled={disabled}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('qr.deleteDetail', { n: index + 1 })}
                  onClick={() => onChange(value.filter((d) => d.ID !== detail.ID))}
                  disabled={disabled}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
