import type { filesEn } from './messages.files.en.ts';

/** Messages of the files hardening (issue 25), in French. */
export const filesFr: Record<keyof typeof filesEn, string> = {
  'files.warn.textCut':
    '« {file} » : {count} valeur(s) trop longue(s) pour une importation ont été coupée(s) ({fields}) : les noms gardent {name} caractères, les autres valeurs {value}.',
  'files.warn.more': '…et {count} autre(s) avertissement(s).',
  'files.fieldNameTooLong':
    '« {file} », couche « {layer} » : le nom de champ « {field} » dépasse {max} caractères.',
  'files.exportCancelled': 'L’export a été annulé.',
};
