import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { MetricResult } from '@integration/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCell } from './format-cell.ts';
import { LongCell } from './LongCell.tsx';
import { nextSort, sortRows, type SortState } from './result-sort.ts';

/**
 * One metric's result as a table; each column header is a button that sorts on it
 * (ascending, descending, unsorted), announced through aria-sort. `limit` shows the first rows.
 */
export function ResultTable({ result, limit }: { result: MetricResult; limit?: number }) {
  const { t, i18n } = useTranslation();
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = sortRows(result.rows, sort).slice(0, limit);
  const SortIcon = (key: string) =>
    sort?.key !== key
      ? IconArrowsSort
      : sort.direction === 'ascending'
        ? IconArrowUp
        : IconArrowDown;

  return (
    <Table.ScrollContainer minWidth={Math.min(480, 160 * result.columns.length)}>
      <Table striped aria-label={result.title} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {result.columns.map((column) => {
              const Icon = SortIcon(column.key);
              const numeric = column.kind !== 'text';
              return (
                <Table.Th
                  key={column.key}
                  aria-sort={sort?.key === column.key ? sort.direction : 'none'}
                  ta={numeric ? 'right' : undefined}
                >
                  <UnstyledButton
                    onClick={() => setSort(nextSort(sort, column.key))}
                    aria-label={t('reports.view.sortBy', { column: column.label })}
                    fw={600}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    {column.label}
                    <Icon size={14} aria-hidden />
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={index}>
              {result.columns.map((column) => (
                <Table.Td key={column.key} ta={column.kind === 'text' ? undefined : 'right'}>
                  {column.kind === 'text' ? (
                    <LongCell
                      text={formatCell(row[column.key] ?? null, column.kind, i18n.language)}
                    />
                  ) : (
                    formatCell(row[column.key] ?? null, column.kind, i18n.language)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={result.columns.length}>
                <Text c="dimmed" size="sm">
                  {t('common.noData')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
