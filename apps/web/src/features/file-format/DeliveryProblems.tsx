import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryCheck, DeliveryProblem } from '@integration/contracts';
import { errorsFirst } from './exchange.api.ts';
import classes from './DeliveryProblems.module.css';

/** Rows shown at a time: a delivery with broken keys can list hundreds. */
const PAGE = 50;

/**
 * What the GraceTHD pre-export check found, in the Problems panel's manner: the counts, then
 * errors first, each row its severity, the server's message (already in the user's language)
 * and where in the model it lies (table, column, value); a row about our elements opens them
 * on the map.
 */
export function DeliveryProblems({
  check,
  onShow,
  headRef,
}: {
  check: DeliveryCheck;
  /** The counts' block, for the dialog to bring it into view after a check. */
  headRef?: React.Ref<HTMLDivElement>;
  /** Shows elements on the map; answers how many it found there. */
  onShow?: (ids: number[]) => number;
}) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(PAGE);
  const [missing, setMissing] = useState<number | null>(null);
  const rows = useMemo(() => errorsFirst(check.problems), [check]);
  const count = new Intl.NumberFormat(i18n.language);
  const visible = rows.slice(0, shown);
  const { error, warning } = check.counts;

  return (
    <Stack gap="xs">
      <Stack gap={4} ref={headRef} className={classes.head}>
        <Text
          size="sm"
          fw={500}
          role="status"
          c={error ? 'red.8' : warning ? 'orange.9' : 'teal.8'}
          data-delivery-counts
        >
          {error === 0 && warning === 0
            ? t('fileFormat.exchange.check.clean')
            : t('fileFormat.exchange.check.counts', {
                errors: count.format(error),
                warnings: count.format(warning),
              })}
        </Text>
        {error > 0 ? (
          <Text size="xs" c="dimmed">
            {t('fileFormat.exchange.check.errorsRefuse')}
          </Text>
        ) : warning > 0 ? (
          <Text size="xs" c="dimmed">
            {t('fileFormat.exchange.check.warningsTravel')}
          </Text>
        ) : null}
      </Stack>
      {rows.length > 0 ? (
        <ul className={classes.list} aria-label={t('fileFormat.exchange.check.list')}>
          {visible.map((p, index) => (
            <li key={index} className={classes.item} data-severity={p.severity}>
              <ProblemRow
                problem={p}
                onShow={
                  onShow && p.elementIds.length > 0
                    ? () => {
                        const found = onShow(p.elementIds);
                        setMissing(found === 0 ? index : null);
                      }
                    : undefined
                }
                missing={missing === index}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > visible.length ? (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('fileFormat.exchange.check.showing', {
              shown: count.format(visible.length),
              total: count.format(rows.length),
            })}
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setShown((n) => n + PAGE)}>
            {t('fileFormat.exchange.check.showMore')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function ProblemRow({
  problem: p,
  onShow,
  missing,
}: {
  problem: DeliveryProblem;
  onShow?: () => void;
  missing: boolean;
}) {
  const { t } = useTranslation();
  const place = [p.table, p.column].filter(Boolean).join('.');
  return (
    <div className={classes.row}>
      <Badge
        size="sm"
        variant="light"
        color={p.severity === 'error' ? 'red' : 'orange'}
        className={classes.badge}
      >
        {t(`fileFormat.exchange.severity.${p.severity}`)}
      </Badge>
      <div className={classes.text}>
        <span className={classes.message}>{p.message}</span>
        {place || p.value ? (
          <span className={classes.place}>
            {place}
            {p.value ? ` = ${p.value}` : ''}
          </span>
        ) : null}
        {missing ? (
          <span className={classes.place} role="status">
            {t('fileFormat.exchange.check.notOnMap')}
          </span>
        ) : null}
      </div>
      {onShow ? (
        <Button
          size="compact-xs"
          variant="subtle"
          className={classes.show}
          leftSection={<IconMapPin size={14} aria-hidden />}
          aria-label={t('fileFormat.exchange.check.showOnMapOf', { message: p.message })}
          onClick={onShow}
        >
          {t('fileFormat.exchange.check.showOnMap')}
        </Button>
      ) : null}
    </div>
  );
}
