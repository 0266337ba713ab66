import { Badge, Group, Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { BomLine } from '@integration/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompact } from '../../app/useCompact.ts';
import type { BomFormat } from './bom-format.ts';
import {
  lineKey,
  LINE_COLUMNS,
  nextSort,
  sortLines,
  type LineColumn,
  type LineSort,
} from './bom-lines.ts';
import classes from './BomLinesTable.module.css';

const NUMERIC: ReadonlySet<LineColumn> = new Set(['quantity', 'unitPrice', 'total', 'built']);

/** Each column's cell; prices missing from the book say so rather than showing nothing. */
function cells(l: BomLine, f: BomFormat, noPrice: ReactNode): Record<LineColumn, ReactNode> {
  return {
    item: f.item(l.item),
    spec: f.spec(l),
    placement: f.placement(l),
    quantity: f.quantity(l),
    unitPrice: l.unitPrice === null ? noPrice : f.unitPrice(l.unitPrice, l.unit),
    total: l.total === null ? noPrice : f.money(l.total),
    built:
      l.built.total !== null && l.built.quantity > 0
        ? `${f.built(l)} · ${f.money(l.built.total)}`
        : f.built(l),
  };
}

/**
 * The bill's lines: on a desktop a table sorted by any column (its item column kept in view
 * when a narrow window scrolls it); on a phone one card per line, its total beside its name.
 */
export function BomLinesTable({ lines, format }: { lines: BomLine[]; format: BomFormat }) {
  const { t } = useTranslation();
  const compact = useCompact();
  const [sort, setSort] = useState<LineSort | null>(null);
  const rows = sortLines(lines, sort);
  const noPrice = (
    <Badge variant="light" color="orange" radius="sm" tt="none">
      {t('costs.noPrice')}
    </Badge>
  );
  const header = (c: LineColumn) => t(`costs.lines.column.${c}`);

  if (compact) {
    return (
      <Stack component="ul" role="list" aria-label={t('costs.lines.label')} gap="xs" p={0} m={0}>
        {rows.map((l) => {
          const c = cells(l, format, noPrice);
          const name = [c.item, l.spec ? c.spec : null, l.placement ? c.placement : null]
            .filter(Boolean)
            .join(' · ');
          return (
            <Paper
              key={lineKey(l)}
              component="li"
              withBorder
              radius="md"
              p="sm"
              style={{ listStyle: 'none' }}
            >
              <Stack gap={4}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Text fw={600}>{name}</Text>
                  <Text fw={600} className={classes.number} component="div">
                    {c.total}
                  </Text>
                </Group>
                {(['quantity', 'unitPrice', 'built'] as const).map((k) => (
                  <Group key={k} justify="space-between" wrap="nowrap" gap="sm">
                    <Text size="sm" c="dimmed">
                      {header(k)}
                    </Text>
                    <Text size="sm" component="div" className={classes.number}>
                      {c[k]}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );
  }

  const SortIcon = (c: LineColumn) =>
    sort?.column !== c
      ? IconArrowsSort
      : sort.direction === 'ascending'
        ? IconArrowUp
        : IconArrowDown;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover aria-label={t('costs.lines.label')} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {LINE_COLUMNS.map((c) => {
              const Icon = SortIcon(c);
              return (
                <Table.Th
                  key={c}
                  aria-sort={sort?.column === c ? sort.direction : 'none'}
                  className={[
                    c === 'item' ? classes.sticky : '',
                    NUMERIC.has(c) ? classes.number : '',
                  ].join(' ')}
                >
                  <UnstyledButton
                    onClick={() => setSort(nextSort(sort, c))}
                    aria-label={t('costs.lines.sortBy', { column: header(c) })}
                    fw={600}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    {header(c)}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => {
            const c = cells(l, format, noPrice);
            return (
              <Table.Tr key={lineKey(l)}>
                {LINE_COLUMNS.map((k) => (
                  <Table.Td
                    key={k}
                    fw={k === 'item' || k === 'total' ? 600 : undefined}
                    className={[
                      k === 'item' ? classes.sticky : '',
                      NUMERIC.has(k) ? classes.number : '',
                    ].join(' ')}
                  >
                    {c[k]}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
