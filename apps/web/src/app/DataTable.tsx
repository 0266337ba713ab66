import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCompact } from './useCompact.ts';

export interface Column<T> {
  header: string;
  cell(row: T, index: number): ReactNode;
  /** The row's title in the phone list (its name). */
  primary?: boolean;
  /** Buttons: no header on a desktop, the foot of each item on a phone. */
  actions?: boolean;
}

interface Props<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  /** Shown instead of the rows when there are none (undefined: nothing). */
  empty?: ReactNode;
  /** A row's background, e.g. the one being managed. */
  rowBackground?(row: T): string | undefined;
  hover?: boolean;
}

/**
 * A table on a desktop, a list of cards on a phone: seven columns cannot be read at 390 px,
 * and a table wider than the screen pushes the whole page sideways. Each card carries the
 * row's name as its title, every other column as a label and value, and its buttons last.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  rowBackground,
  hover = true,
}: Props<T>) {
  const compact = useCompact();
  if (compact) {
    const title = columns.find((c) => c.primary);
    const details = columns.filter((c) => !c.primary && !c.actions);
    const actions = columns.filter((c) => c.actions);
    return (
      <Stack component="ul" role="list" aria-label={label} gap="xs" p={0} m={0}>
        {rows.map((row, i) => (
          <Paper
            key={rowKey(row)}
            component="li"
            withBorder
            radius="md"
            p="sm"
            bg={rowBackground?.(row)}
            style={{ listStyle: 'none' }}
          >
            <Stack gap={6}>
              {title ? (
                <Text fw={600} component="div">
                  {title.cell(row, i)}
                </Text>
              ) : null}
              {details.map((c) => (
                <Group key={c.header} justify="space-between" wrap="nowrap" gap="sm">
                  <Text size="sm" c="dimmed">
                    {c.header}
                  </Text>
                  <Text size="sm" component="div" ta="right" style={{ minWidth: 0 }}>
                    {c.cell(row, i)}
                  </Text>
                </Group>
              ))}
              {actions.map((c, k) => (
                <Group key={k} justify="flex-end">
                  {c.cell(row, i)}
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
        {rows.length === 0 && empty ? (
          <Text c="dimmed" component="li" style={{ listStyle: 'none' }}>
            {empty}
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover={hover} aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, k) => (
            <Table.Th key={k}>{c.actions ? null : c.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={rowKey(row)} bg={rowBackground?.(row)}>
            {columns.map((c, k) => (
              <Table.Td key={k} fw={c.primary ? 600 : undefined}>
                {c.cell(row, i)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {rows.length === 0 && empty ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="dimmed">{empty}</Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}
