import type { reportsEn } from './messages.reports.en.ts';

/** Messages of the reports hardening (issue 25), in French. */
export const reportsFr: Record<keyof typeof reportsEn, string> = {
  'reports.list.more': 'et {count} de plus',
  'reports.note.listCapped':
    "Les listes montrent au plus {values} valeurs différentes d'au plus {chars} caractères chacune ; le nombre des autres les suit.",
  'reports.note.outOfRange':
    '{metric} : {count} résultat(s) hors de la plage des nombres, laissé(s) vide(s).',
  'reports.tooLarge':
    "Cette exécution répondrait {size}, plus que les {limit} permis à un rapport : exécutez-le sur un central ou un cluster, ou listez moins d'attributs.",
};
