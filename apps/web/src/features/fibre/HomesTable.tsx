import { Badge, Button, Chip, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HomeBudget } from '@integration/contracts';
import {
  HOME_FILTERS,
  marginColour,
  marginOf,
  matches,
  summarise,
  worstFirst,
  type HomeFilter,
} from './home-budget.ts';
import classes from './HomesPanel.module.css';

/** Rows drawn at a time: a 2,048-home cluster stays quick; "Show more" draws the next ones. */
export const HOMES_PAGE = 200;

/**
 * Homes with their loss at both wavelengths and their margin, worst first, with a summary and
 * filters (open, thin margin, over budget): a cluster's loss budget and the homes an OLT port
 * serves are the same table over two answers. Choosing a home opens its trace.
 */
export function HomesTable({
  homes,
  label,
  onOpen,
  onRows,
  compact = false,
}: {
  homes: readonly HomeBudget[];
  /** The table's accessible name. */
  label: string;
  onOpen(home: HomeBudget): void;
  /** The homes the filter keeps, each time it changes (the panel rings them on the map). */
  onRows?(homes: HomeBudget[]): void;
  /** A phone: smaller type, so the five columns fit its width. */
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<HomeFilter>('all');
  const [shown, setShown] = useState(HOMES_PAGE);
  const summary = useMemo(() => summarise(homes), [homes]);
  const sorted = useMemo(() => worstFirst(homes), [homes]);
  const rows = useMemo(() => sorted.filter((h) => matches(h, filter)), [sorted, filter]);
  useEffect(() => onRows?.(rows), [rows, onRows]);
  const format = useMemo(() => {
    const number = (digits: number) =>
      new Intl.NumberFormat(i18n.language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    return { count: new Intl.NumberFormat(i18n.language), m: number(0), db: number(2) };
  }, [i18n.language]);
  const db = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) ? format.db.format(value) : '—';
  const metres = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) ? format.m.format(value) : '—';

  const visible = rows.slice(0, shown);
  const more = Math.min(HOMES_PAGE, rows.length - visible.length);

  return (
    <Stack gap="xs">
      <Text size="sm" aria-live="polite" data-budget-summary>
        {[
          t('fibre.budget.homes', {
            count: summary.homes,
            formatted: format.count.format(summary.homes),
          }),
          t('fibre.budget.reaching', {
            count: summary.reaching,
            formatted: format.count.format(summary.reaching),
          }),
          t('fibre.budget.openHomes', {
            count: summary.open,
            formatted: format.count.format(summary.open),
          }),
          summary.worstMarginDb !== null
            ? t('fibre.budget.worst', { value: format.db.format(summary.worstMarginDb) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <Chip.Group
        multiple={false}
        value={filter}
        onChange={(v) => {
          setFilter(v as HomeFilter);
          setShown(HOMES_PAGE);
        }}
      >
        <Group gap={6} role="radiogroup" aria-label={t('fibre.budget.filter')}>
          {HOME_FILTERS.map((f) => (
            <Chip key={f} value={f} size="xs" variant="outline">
              {t(`fibre.budget.filters.${f}`, { n: format.count.format(summary.counts[f]) })}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {homes.length === 0 ? t('fibre.budget.noHomes') : t('fibre.budget.noneMatch')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={compact ? 300 : 440} type="native">
          <Table
            striped
            highlightOnHover
            withTableBorder
            fz={compact ? 'xs' : 'sm'}
            verticalSpacing={4}
            horizontalSpacing={compact ? 4 : 6}
            aria-label={label}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {compact ? t('fibre.budget.col.homeMargin') : t('fibre.budget.col.home')}
                </Table.Th>
                <Table.Th className={classes.num}>{t('fibre.col.metres')}</Table.Th>
                <Table.Th className={classes.num}>{t('fibre.col.db1310')}</Table.Th>
                <Table.Th className={classes.num}>{t('fibre.col.db1550')}</Table.Th>
                {compact ? null : (
                  <Table.Th className={classes.num}>{t('fibre.budget.col.margin')}</Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {visible.map((h) => {
                const margin = marginOf(h);
                const badge =
                  margin !== null ? (
                    <Badge
                      variant="filled"
                      color={marginColour(margin)}
                      tt="none"
                      size={compact ? 'sm' : 'md'}
                      className={classes.badge}
                    >
                      {t('fibre.db', { value: format.db.format(margin) })}
                    </Badge>
                  ) : null;
                return (
                  <Table.Tr key={h.elementId} className={classes.row} onClick={() => onOpen(h)}>
                    <Table.Td>
                      <UnstyledButton
                        className={classes.home}
                        aria-label={t('fibre.budget.traceHome', { name: h.name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          onOpen(h);
                        }}
                      >
                        {h.name}
                      </UnstyledButton>
                      {/* A margin says the OLT port is reached; an open home says it is not. */}
                      {h.end === 'open' ? (
                        <Text size="xs" c="red" lh={1.2}>
                          {t('fibre.budget.end.open')}
                        </Text>
                      ) : null}
                      {/* A phone has no room for a fifth column: the margin goes under the name. */}
                      {compact && badge ? <div>{badge}</div> : null}
                    </Table.Td>
                    <Table.Td className={classes.num}>{metres(h.totalLengthM)}</Table.Td>
                    <Table.Td className={classes.num}>{db(h.totalLossDb?.['1310'])}</Table.Td>
                    <Table.Td className={classes.num}>{db(h.totalLossDb?.['1550'])}</Table.Td>
                    {compact ? null : <Table.Td className={classes.num}>{badge ?? '—'}</Table.Td>}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more > 0 ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('fibre.budget.showing', {
              shown: format.count.format(visible.length),
              total: format.count.format(rows.length),
            })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setShown((n) => n + more)}>
            {t('fibre.budget.showMore', { count: more })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
