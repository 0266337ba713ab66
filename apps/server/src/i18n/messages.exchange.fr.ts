import type { exchangeEn } from './messages.exchange.en.ts';

/** Messages des standards d’échange : GraceTHD, OFDS et DXF (issue 29), en français. */
export const exchangeFr: Record<keyof typeof exchangeEn, string> = {
  'exchange.oneScope':
    'Indiquez un seul périmètre pour cet export : clusterId, centralOfficeId ou projectId.',
  'exchange.clusterOnly': 'Ce format exporte un cluster : indiquez clusterId.',
  'exchange.nothingToExport': 'Il n’y a rien à exporter dans {scope}.',
  'exchange.crsUnknown': 'EPSG:{crs} n’est pas un système de coordonnées connu de ce serveur.',
  'exchange.ofdsCrs': 'Les paquets OFDS sont en longitude et latitude (EPSG:4326) uniquement.',
  'exchange.checksFailed':
    'La livraison a {count} problème(s) à corriger avant de pouvoir être exportée (voir la liste).',
  'exchange.targetRequired':
    'Choisissez le {target} dans lequel importer cette livraison {standard}.',
  'exchange.notEmpty':
    'Le cluster {name} contient déjà des éléments de réseau : une livraison GraceTHD s’importe dans un cluster vide.',
  'exchange.alreadyImported':
    'Cette livraison a déjà été importée dans {name} (mêmes codes) : importez-la une seule fois.',
  'exchange.invalidDelivery':
    'Cette livraison {standard} ne peut pas être importée : {count} problème(s).',
  'exchange.missingTable': 'La livraison n’a pas de table {table}.',
  'exchange.missingColumn': 'La table {table} n’a pas de colonne {column}.',
  'exchange.brokenKey': '{table}.{column} = {value} ne désigne aucune ligne de {target}.',
  'exchange.unknownCode': '{table}.{column} = {value} n’est pas dans la liste {list}.',
  'exchange.duplicateCode': '{table} contient deux fois le code {value}.',
  'exchange.tooManyRows': 'La table {table} contient {count} lignes ; au plus {max} sont lues.',
  'exchange.schemaProblem': '{path} {message}',
  'exchange.dxfDegrees':
    'Le dessin est en degrés (EPSG:{crs}) : les logiciels de DAO les mesurent comme des unités ; choisissez un système projeté pour dessiner.',
};
