import type { designEn } from './messages.design.en.ts';

/** Messages des contrôles de conception (issue 27), en français. */
export const designFr: Record<keyof typeof designEn, string> = {
  'design.overBudget':
    '{home} perd {lossDb} dB jusqu’à l’OLT, au-delà du bilan de {budgetDb} dB (marge {marginDb} dB).',
  'design.nearBudget':
    '{home} perd {lossDb} dB, plus de {share} % du bilan de {budgetDb} dB (marge {marginDb} dB).',
  'design.splitTooDeep':
    'La lumière de {home} est divisée par 1:{split} par les coupleurs de son parcours, au-delà du 1:{max} admis.',
  'design.dropTooLong':
    'Le branchement {drop} vers {home} mesure {lengthM} m, au-delà des {maxM} m admis.',
  'design.pboFull': '{pbo} a {used} abonnés pour {ports} ports ({percent} %).',
  'design.pboNearlyFull':
    '{pbo} utilise {used} de ses {ports} ports ({percent} %, au-delà de {share} %).',
  'design.cableOverfilled':
    'Le câble {cable} a {taken} fibres utilisées ou réservées, plus que sa capacité de {capacity}.',
  'design.cableNoSpare':
    'Le câble {cable} garde {free} fibres libres sur {fibres}, moins des {share} % de réserve d’un câble de transport ou de distribution.',
  'design.trayFull':
    '{enclosure} : la cassette {tray} porte {splices} épissures, plus que ses {capacity}.',
  'design.homeNotLit': '{home} n’atteint aucun port OLT : son parcours s’arrête en route.',
  'design.homeNoDrop': '{home} n’a pas de branchement : aucun câble fibré n’y aboutit.',
  'design.pathLoops': 'Le parcours de {home} boucle sur lui-même.',
  'design.cableStartLoose':
    'Le câble {cable} ne part d’aucune boîte, aucun logement ni central (à {toleranceM} m près).',
  'design.cableEndLoose':
    'Le câble {cable} n’aboutit à aucune boîte, aucun logement ni central (à {toleranceM} m près).',
  'design.outsideZone': '{element} est hors de toutes les zones de son cluster.',
  'design.zonesOverlap': 'Les zones {zone} et {other} se chevauchent ({squareM} m²).',
  'design.lengthMismatch':
    'Le câble {cable} a une longueur enregistrée de {storedM} m, son tracé mesure {geodesicM} m (écart de plus de {percent} %).',
  'design.attributesMissing': '{element} : {attributes} obligatoire(s) non renseigné(s).',
  'design.sheet.title': 'Problèmes de conception — {name}',
  'design.sheet.severity': 'Gravité',
  'design.sheet.rule': 'Règle',
  'design.sheet.message': 'Problème',
  'design.sheet.elements': 'Éléments',
  'design.sheet.error': 'Erreur',
  'design.sheet.warning': 'Avertissement',
  'design.sheet.checkedAt': 'Contrôlé le',
  'design.sheet.filename': 'Problèmes de conception {name}.xlsx',
  'design.rule.lossBudget': 'Bilan optique',
  'design.rule.splitRatio': 'Taux de couplage',
  'design.rule.dropLength': 'Longueur de branchement',
  'design.rule.pboSaturation': 'Saturation des PBO',
  'design.rule.cableFill': 'Remplissage des câbles',
  'design.rule.trayCapacity': 'Capacité des cassettes',
  'design.rule.continuity': 'Continuité',
  'design.rule.geometry': 'Géométrie',
  'design.rule.completeness': 'Complétude',
  'design.settingsSaved': 'Seuils de conception enregistrés.',
};
