import type { fibredocsEn } from './messages.fibredocs.en.ts';

/** Messages of the splice diagram PDF (issue 26), in French. */
export const fibredocsFr: Record<keyof typeof fibredocsEn, string> = {
  'fibredocs.title': 'Plan de boîte — {name}',
  'fibredocs.subtitle': '{type} · code couleur {scheme} · imprimé le {date}',
  'fibredocs.cable': 'Câble {name} — {count} fibres, {tubes} × {perTube}',
  'fibredocs.cableEnd.a': 'son début est ici',
  'fibredocs.cableEnd.b': 'sa fin est ici',
  'fibredocs.cableEnd.through': 'passe sans coupure',
  'fibredocs.tube': 'Tube {number}',
  'fibredocs.fibre': '{number} {colour}',
  'fibredocs.status.reserved': 'réservée',
  'fibredocs.status.faulty': 'en défaut',
  'fibredocs.splitter': 'Coupleur {name} {ratio} ({loss} dB)',
  'fibredocs.splitterIn': 'entrée',
  'fibredocs.splitterOut': 'sortie {leg}',
  'fibredocs.ports': 'Ports',
  'fibredocs.port': '{panel} {number}',
  'fibredocs.trays': 'Cassettes',
  'fibredocs.tray': 'Cassette {number} : {used} soudures sur {capacity}',
  'fibredocs.connections': 'Raccordements ({count})',
  'fibredocs.connection': '{kind} : {from} -> {to}, {loss} dB',
  'fibredocs.connectionInTray': '{kind} en cassette {tray} : {from} -> {to}, {loss} dB',
  'fibredocs.kind.splice': 'Soudure',
  'fibredocs.kind.connector': 'Connecteur',
  'fibredocs.nothing': 'Aucun câble, coupleur ni port ici pour l’instant.',
  'fibredocs.legend':
    'Un trait relie deux fibres ou sorties soudées ici ; un trait terminé par une étiquette mène à ce qui est au-delà de cette boîte.',
  'fibredocs.filename': 'Plan de boîte {name}.pdf',
};
