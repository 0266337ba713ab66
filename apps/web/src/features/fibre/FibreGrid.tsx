import { memo, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CableFibres, Fibre } from '@integration/contracts';
import classes from './FibreGrid.module.css';
import { FibreSwatch } from './FibreSwatch.tsx';
import { swatchBackground } from './fibre-colour.ts';

/** What a fibre's button says to a screen reader: number, colour, status, where it goes. */
export function useFibreLabel() {
  const { t } = useTranslation();
  return (f: Fibre) => {
    const joined = [f.ends.a, f.ends.b].flatMap((e) => (e ? [e.to] : []));
    return (
      t('fibre.fibreLabel', {
        number: f.number,
        colour: f.colour.name,
        status: t(`fibre.status.${f.status}`),
      }) + (joined.length ? ` — ${joined.join(', ')}` : '')
    );
  };
}

/**
 * A cable's fibres by tube, each a numbered button in its colour and styled by status. One
 * click handler for the whole grid (the fibre's id in a data attribute) keeps a 144-fibre
 * cable cheap to draw again.
 */
export const FibreGrid = memo(function FibreGrid<C extends CableFibres>({
  cable,
  picked,
  onPick,
}: {
  cable: C;
  picked: ReadonlySet<number>;
  onPick(cable: C, fibre: Fibre): void;
}) {
  const { t } = useTranslation();
  const label = useFibreLabel();
  const byId = new Map(cable.fibres.map((f) => [f.id, f]));
  const tubes = new Map<number, Fibre[]>();
  for (const f of cable.fibres) tubes.set(f.tube, [...(tubes.get(f.tube) ?? []), f]);
  const click = (event: MouseEvent<HTMLDivElement>) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-fibre]')?.dataset.fibre;
    const fibre = id ? byId.get(Number(id)) : undefined;
    if (fibre) onPick(cable, fibre);
  };
  return (
    <div onClick={click}>
      {[...tubes].map(([tube, fibres]) => {
        const first = fibres[0];
        return (
          <div
            key={tube}
            className={classes.tube}
            role="group"
            aria-label={t('fibre.tube', { number: tube, colour: first?.tubeColour.name ?? '' })}
          >
            <span className={classes.tubeLabel}>
              {first ? <FibreSwatch colour={first.tubeColour} /> : null}
              {t('fibre.tubeShort', { number: tube })}
            </span>
            <div className={classes.fibres}>
              {fibres.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  data-fibre={f.id}
                  className={`${classes.fibre} ${classes[f.status] ?? ''} ${picked.has(f.id) ? classes.picked : ''}`}
                  aria-label={label(f)}
                  aria-pressed={picked.has(f.id)}
                  title={label(f)}
                >
                  <span
                    className={classes.swatch}
                    style={{ background: swatchBackground(f.colour) }}
                  />
                  {f.number}
                </button>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
});
