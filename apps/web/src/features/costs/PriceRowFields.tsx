import {
  ActionIcon,
  Box,
  SimpleGrid,
  Autocomplete,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Group,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  BOM_ITEM_UNITS,
  BOM_ITEMS,
  CABLE_PLACEMENTS,
  UNIT_PRICE_MAX,
  type BomItem,
  type CablePlacement,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { hasPlacement, specSuggestions, type DraftRow } from './price-book-draft.ts';

/** Mantine's Select cannot hold '' as a value: "any" travels as this and is saved as ''. */
const ANY = '*';
const fromSelect = (v: string | null) => (v === null || v === ANY ? '' : v);

/** The user's digit grouping and decimal mark, so a price reads as their other numbers do. */
function separators(locale: string) {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

export interface RowMessages {
  spec?: string;
  unitPrice?: string;
}

interface Props {
  row: DraftRow;
  /** 1-based, as the screen counts rows (and names them to screen readers). */
  n: number;
  currency: string;
  messages: RowMessages;
  onChange(patch: Partial<Omit<DraftRow, 'key'>>): void;
  onRemove(): void;
  /** A table row on a desktop; a card with its labels on a phone. */
  layout: 'row' | 'card';
}

/** One price of the book being edited: item, spec, placement (cables only), unit price. */
export function PriceRowFields({ row, n, currency, messages, onChange, onRemove, layout }: Props) {
  const { t, i18n } = useTranslation();
  const card = layout === 'card';
  const name = (field: 'item' | 'spec' | 'placement' | 'unitPrice') =>
    t(`costs.book.field.${field}`, { n });
  // A card's item names its row ("Item, row 3"): the card has no other title.
  const label = (field: 'item' | 'spec' | 'placement' | 'unitPrice') =>
    !card ? undefined : field === 'item' ? name('item') : t(`costs.book.column.${field}`);
  const any = t('costs.book.any');

  const item = (
    <Select
      label={label('item')}
      aria-label={name('item')}
      data={BOM_ITEMS.map((i) => ({ value: i, label: t(`costs.item.${i}`) }))}
      value={row.item}
      onChange={(v) => v && onChange({ item: v as BomItem })}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
  const spec =
    row.item === 'pole' ? (
      <Select
        label={label('spec')}
        aria-label={name('spec')}
        data={[
          { value: ANY, label: any },
          ...specSuggestions('pole').map((s) => ({ value: s, label: t(`costs.pole.${s}`) })),
        ]}
        value={row.spec || ANY}
        onChange={(v) => onChange({ spec: fromSelect(v) })}
        allowDeselect={false}
        error={messages.spec}
      />
    ) : (
      <Autocomplete
        label={label('spec')}
        aria-label={name('spec')}
        placeholder={any}
        data={[...specSuggestions(row.item)]}
        value={row.spec}
        onChange={(v) => onChange({ spec: v })}
        maxLength={40}
        error={messages.spec}
      />
    );
  const placement = hasPlacement(row.item) ? (
    <Select
      label={label('placement')}
      aria-label={name('placement')}
      data={[
        { value: ANY, label: any },
        ...CABLE_PLACEMENTS.map((p) => ({ value: p, label: t(`costs.placement.${p}`) })),
      ]}
      value={row.placement || ANY}
      onChange={(v) => onChange({ placement: fromSelect(v) as CablePlacement | '' })}
      allowDeselect={false}
    />
  ) : card ? null : (
    <Text c="dimmed" size="sm" pt={8} aria-hidden>
      {t('costs.none')}
    </Text>
  );
  const unit = t(`costs.book.unitOf.${BOM_ITEM_UNITS[row.item] === 'm' ? 'm' : 'each'}`, {
    currency,
  });
  const price = (
    <NumberInput
      label={label('unitPrice')}
      aria-label={name('unitPrice')}
      value={row.unitPrice}
      onChange={(v) =>
        onChange({ unitPrice: typeof v === 'number' ? v : v === '' ? '' : Number(v) || '' })
      }
      min={0}
      max={UNIT_PRICE_MAX}
      allowNegative={false}
      decimalScale={2}
      hideControls
      {...separators(i18n.language)}
      rightSection={
        <Text size="xs" c="dimmed" pr={6} style={{ whiteSpace: 'nowrap' }}>
          {unit}
        </Text>
      }
      rightSectionWidth={unit.length * 7 + 14}
      rightSectionPointerEvents="none"
      error={messages.unitPrice}
      styles={{ input: { textAlign: 'right' } }}
    />
  );
  const remove = (
    <ActionIcon
      variant="subtle"
      color="red"
      size={36}
      aria-label={t('costs.book.remove', { n })}
      title={t('costs.book.remove', { n })}
      onClick={onRemove}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );

  if (card) {
    // Item and Remove on one line, then spec beside placement or price: a phone shows three
    // or four prices a screen, not one.
    return (
      <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
        <Stack gap="xs">
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Box style={{ flex: 1, minWidth: 0 }}>{item}</Box>
            {remove}
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            {spec}
            {placement}
            <Box style={placement ? { gridColumn: '1 / -1' } : undefined}>{price}</Box>
          </SimpleGrid>
        </Stack>
      </Paper>
    );
  }
  return (
    <Table.Tr>
      <Table.Td c="dimmed" ta="right" style={{ verticalAlign: 'top', paddingTop: 14 }}>
        {n}
      </Table.Td>
      {[item, spec, placement, price].map((field, k) => (
        <Table.Td key={k} style={{ verticalAlign: 'top' }}>
          {field}
        </Table.Td>
      ))}
      <Table.Td style={{ verticalAlign: 'top' }}>{remove}</Table.Td>
    </Table.Tr>
  );
}
