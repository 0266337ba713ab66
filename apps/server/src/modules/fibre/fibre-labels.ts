import type { FibreColour, Locale } from '@integration/contracts';
import { translate } from '../../i18n/translate.ts';
import type { FibreRow } from './cables.repository.ts';
import type { TerminalFacts } from './enclosures.repository.ts';

/** A terminal in words, in the user's language ("CBD-01-CAB-3, fibre 14"). */
export function terminalLabel(locale: Locale, t: TerminalFacts): string {
  switch (t.kind) {
    case 'fibre':
      return translate(locale, 'fibre.label.fibre', {
        cable: t.cableName ?? '',
        number: t.fibreNumber ?? '',
      });
    case 'splitter-in':
      return translate(locale, 'fibre.label.splitterIn', { name: t.splitterName ?? '' });
    case 'splitter-out':
      return translate(locale, 'fibre.label.splitterOut', {
        name: t.splitterName ?? '',
        leg: t.leg ?? '',
      });
    case 'port-back':
      return translate(locale, 'fibre.label.portBack', {
        panel: t.panel ?? '',
        number: t.portNumber ?? '',
      });
    case 'port-front':
      return translate(locale, 'fibre.label.portFront', {
        panel: t.panel ?? '',
        number: t.portNumber ?? '',
      });
    case 'olt-port':
      return translate(locale, 'fibre.label.oltPort', {
        panel: t.panel ?? '',
        number: t.portNumber ?? '',
      });
  }
}

/** A fibre's own colour and its tube's, in the user's language. */
export function coloursOf(
  locale: Locale,
  row: FibreRow,
): { colour: FibreColour; tubeColour: FibreColour } {
  return {
    colour: colourIn(locale, row.colourEn, row.colourFr, row.colourHex, row.colourStripe),
    tubeColour: colourIn(locale, row.tubeEn, row.tubeFr, row.tubeHex, row.tubeStripe),
  };
}

/** A colour code row's colour in the user's language (grey where the scheme has none). */
export function colourIn(
  locale: Locale,
  name: string | null,
  nameFr: string | null,
  hex: string | null,
  stripe: string | null,
): FibreColour {
  return { name: (locale === 'fr' ? nameFr : name) ?? '', hex: hex ?? '#999999', stripe };
}
