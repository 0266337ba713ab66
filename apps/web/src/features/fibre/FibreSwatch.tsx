import type { FibreColour } from '@integration/contracts';
import classes from './FibreGrid.module.css';
import { swatchBackground } from './fibre-colour.ts';

/** A small block of a fibre's or tube's colour, its name as its title. */
export function FibreSwatch({ colour }: { colour: FibreColour }) {
  return (
    <span
      className={classes.swatch}
      style={{ background: swatchBackground(colour) }}
      title={colour.name}
      aria-hidden
    />
  );
}
