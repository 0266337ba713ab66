import { Badge, Text, UnstyledButton } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INFRASTRUCTURE_KINDS } from '@integration/contracts';
import { formatCost, formatRouteDistance } from '../../routing/route-format.ts';
import type { RouteOption } from '../../routing/route-options.ts';
import { ROUTE_ALT_COLOUR, ROUTE_BEST_COLOUR } from '../adapter/route-layers.ts';
import classes from './RouteOption.module.css';

/**
 * One route offered: its colour on the map, its length, and for the infrastructure profile its
 * cost in the project's currency and how many metres of each kind it lays. Named for screen
 * readers as "Route 1, 1.24 km, estimated cost KES 27,834". No travel time: a cable is laid,
 * not travelled.
 */
export function RouteOptionButton({
  route,
  index,
  currency,
  onChoose,
}: {
  route: RouteOption;
  index: number;
  /** ISO 4217 code of the costs, null when unknown. */
  currency: string | null;
  onChoose(): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const detailsId = useId();
  const best = index === 0;
  const distance = formatRouteDistance(route.distance, locale);
  const cost = route.cost === undefined ? null : formatCost(route.cost, locale, currency);
  const kinds = INFRASTRUCTURE_KINDS.filter((k) => (route.lengths?.[k] ?? 0) > 0);
  const n = index + 1;
  const name = cost
    ? t('routing.routeNameCost', { n, distance, cost })
    : t('routing.routeName', { n, distance });
  return (
    <UnstyledButton
      className={`${classes.option} ${best ? classes.best : ''}`}
      onClick={onChoose}
      aria-label={name}
      aria-describedby={kinds.length ? detailsId : undefined}
      data-route={best ? 'best' : 'alternative'}
    >
      {/* Spans only: a button holds phrasing content. */}
      <span className={classes.row}>
        <span
          className={classes.swatch}
          style={{ background: best ? ROUTE_BEST_COLOUR : ROUTE_ALT_COLOUR }}
          aria-hidden
        />
        <span className={classes.body}>
          <span className={classes.head}>
            <Text span size="sm" fw={600} className={classes.title}>
              {t('routing.route', { n })}
              {best ? (
                <Badge component="span" ml={6} size="xs" variant="light">
                  {t('routing.best')}
                </Badge>
              ) : null}
            </Text>
            <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
              {distance}
            </Text>
          </span>
          {cost ? (
            <Text span size="sm" className={classes.line}>
              {t('routing.cost', { cost })}
            </Text>
          ) : null}
          {kinds.length ? (
            <span id={detailsId} className={classes.line}>
              {kinds.map((kind) => (
                <Text span key={kind} size="xs" c="dimmed" className={classes.line}>
                  {t(`routing.kind.${kind}`, {
                    length: formatRouteDistance(route.lengths?.[kind] ?? 0, locale),
                  })}
                </Text>
              ))}
            </span>
          ) : null}
        </span>
      </span>
    </UnstyledButton>
  );
}
