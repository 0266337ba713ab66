import { Button, Chip, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_RULES, type DesignProblem, type DesignRule } from '@integration/contracts';
import {
  PROBLEMS_PAGE,
  SEVERITY_FILTERS,
  countByRule,
  countBySeverity,
  isDesignRule,
  matches,
  problemKey,
  type SeverityFilter,
} from './problems.ts';
import classes from './ProblemsPanel.module.css';

/** A problem's severity as an icon that says it in words to a screen reader. */
export function SeverityIcon({
  severity,
  size = 18,
}: {
  severity: 'error' | 'warning';
  size?: number;
}) {
  const { t } = useTranslation();
  const Glyph = severity === 'error' ? IconCircleX : IconAlertTriangle;
  return (
    <Glyph
      size={size}
      role="img"
      aria-label={t(`design.severity.${severity}`)}
      color={`var(--mantine-color-${severity === 'error' ? 'red-7' : 'orange-7'})`}
      className={classes.icon}
    />
  );
}

/**
 * The problems of a cluster like an editor's problems list: errors first (the server's order),
 * filtered by severity and by rule, each row its severity and its message; a row is chosen to
 * frame and select its elements. A hundred rows at a time.
 */
export function ProblemsList({
  problems,
  activeKey,
  onPick,
  active,
  onRuleChange,
  compact = false,
}: {
  problems: readonly DesignProblem[];
  /** The row last chosen (problemKey), shown as current. */
  activeKey?: string | null;
  onPick(problem: DesignProblem): void;
  /** What the chosen row shows under it (the elements selected on the map). */
  active?: React.ReactNode;
  /** The rule chosen (null: all), for an export of the same list. */
  onRuleChange?(rule: DesignRule | null): void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [rule, setRule] = useState<DesignRule | null>(null);
  const [shown, setShown] = useState(PROBLEMS_PAGE);
  const count = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const byRule = useMemo(() => countByRule(problems), [problems]);
  const ofRule = useMemo(
    () => (rule ? problems.filter((p) => p.rule === rule) : problems),
    [problems, rule],
  );
  const bySeverity = useMemo(() => countBySeverity(ofRule), [ofRule]);
  const rows = useMemo(() => ofRule.filter((p) => matches(p, severity, null)), [ofRule, severity]);
  const visible = rows.slice(0, shown);
  const more = Math.min(PROBLEMS_PAGE, rows.length - visible.length);

  const ruleOptions = [
    { value: 'all', label: t('design.allRules', { n: count.format(problems.length) }) },
    ...DESIGN_RULES.map((r) => ({
      value: r,
      label: t('design.ruleCount', {
        rule: t(`design.rules.${r}`),
        n: count.format(byRule[r]),
      }),
    })),
  ];

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" align="center">
        <Chip.Group
          multiple={false}
          value={severity}
          onChange={(v) => {
            setSeverity(v as SeverityFilter);
            setShown(PROBLEMS_PAGE);
          }}
        >
          <Group gap={6} role="radiogroup" aria-label={t('design.filter')}>
            {SEVERITY_FILTERS.map((f) => (
              <Chip key={f} value={f} size="xs" variant="outline">
                {t(`design.filters.${f}`, { n: count.format(bySeverity[f]) })}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Select
          size="xs"
          w={compact ? '100%' : 220}
          aria-label={t('design.rule')}
          data={ruleOptions}
          value={rule ?? 'all'}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          onChange={(v) => {
            const next = isDesignRule(v) ? v : null;
            setRule(next);
            setShown(PROBLEMS_PAGE);
            onRuleChange?.(next);
          }}
        />
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {problems.length === 0 ? t('design.none') : t('design.noneMatch')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('design.list')}>
          {visible.map((p) => {
            const key = problemKey(p);
            const current = key === activeKey;
            return (
              <li key={key} className={classes.item} data-severity={p.severity}>
                <UnstyledButton
                  className={classes.row}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => onPick(p)}
                >
                  <SeverityIcon severity={p.severity} />
                  <span className={classes.text}>
                    <span className={compact ? classes.messageSmall : classes.message}>
                      {p.message}
                    </span>
                    <span className={classes.rule}>{t(`design.rules.${p.rule}`)}</span>
                  </span>
                </UnstyledButton>
                {current && active ? <div className={classes.active}>{active}</div> : null}
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('design.showing', {
              shown: count.format(visible.length),
              total: count.format(rows.length),
            })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setShown((n) => n + more)}>
            {t('design.showMore', { count: more })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
