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
  'exchange.check.mandatory': '{table}.{column} est obligatoire et vide ({row}).',
  'exchange.check.valueList': '{table}.{column} = {value} n’est pas dans la liste {list} ({row}).',
  'exchange.check.foreignKey':
    '{table}.{column} = {value} ne désigne aucune ligne de {target} ({row}).',
  'exchange.check.duplicate': '{table} contient deux fois le code {value}.',
  'exchange.check.cableLoose':
    'Câble {name} : son {end} ne touche aucun nœud (rien à moins de 1 m, et aucun boîtier n’y raccorde ses fibres).',
  'exchange.check.cableEndMoved':
    'Câble {name} : son {end} a été déplacé de {metres} m sur {node}.',
  'exchange.check.zoneOverlap': 'Les zones {a} et {b} (type {type}) se chevauchent.',
  'exchange.check.pmzCabinet':
    'La zone PMZ {name} contient {count} FDT-SRO : il en faut exactement un.',
  'exchange.check.pmzOutsideNro': 'La zone PMZ {name} n’est dans aucune zone NRO.',
  'exchange.check.nroNoOffice':
    'Zone NRO {name} : le central {office} n’est pas placé sur la carte.',
  'exchange.check.zoneType': 'La zone {name} n’a pas de type (NRO ou PMZ) : elle n’est pas livrée.',
  'exchange.check.loopNoCable':
    'La love {name} n’est sur aucun câble (aucun à moins de {metres} m) : elle n’est pas livrée.',
  'exchange.check.textCut': '{table}.{column} de {row} a été coupé à 254 caractères.',
  'exchange.check.semicolon': '{table}.{column} de {row} : « ; » a été remplacé par « , ».',
  'exchange.check.cancelled': 'Le cluster {name} est annulé : il n’est pas livré.',
  'exchange.check.jumper':
    'Une jarretière entre deux ports de {place} n’est pas livrée (GraceTHD demande un câble pour elle).',
  'exchange.check.homeAddress':
    'Le logement {name} est à {metres} m de son adresse (20 m au plus).',
  'exchange.end.a': 'début',
  'exchange.end.b': 'bout',
  'exchange.targetMainProject': 'projet principal',
  'exchange.ofdsTooLarge':
    'Les paquets OFDS sont lus en entier : {max} Mo au plus par import (publiez un réseau plus grand en plusieurs paquets).',
  'exchange.ofdsNotJson': 'Le fichier {file} n’est pas du JSON : {reason}',
  'exchange.ofdsNoNetworks':
    'Aucun réseau OFDS trouvé : un paquet a une liste « networks », les entités GeoJSON OFDS une propriété « network ».',
  'exchange.ofdsTooManyNetworks':
    'L’envoi contient {count} réseaux ou entités ; au plus {max} sont lus.',
  'exchange.ofdsTooDeep': 'est imbriqué sur plus de {max} niveaux.',
  'exchange.ofdsTooMany': 'contient {count} éléments ; au plus {max} sont lus.',
  'exchange.ofdsDuplicateId': 'reprend l’identifiant {id} de {other}.',
  'exchange.ofdsUnknownNode': 'ne désigne aucun nœud du réseau : {id}.',
  'exchange.ofdsCoordinates':
    'doit être [longitude, latitude] : des nombres compris entre ±180 et ±90.',
  'exchange.ofdsSchemaMissing':
    'Le schéma OFDS n’est pas installé sur ce serveur : seule la structure du paquet a été vérifiée (identifiants, extrémités des tronçons, coordonnées).',
  'exchange.ofdsNodesWithoutPlace': '{count} nœud(s) sans position ont été ignorés.',
  'exchange.ofdsOffice': 'Le central {name} a été placé au premier point de présence.',
  'exchange.ofdsNoOffice':
    'Aucun nœud n’est un point de présence, un central ou un centre de données : placez le central à la main.',
  'exchange.ofdsStraightSpans':
    '{count} tronçon(s) sans tracé : dessinés en ligne droite entre leurs nœuds.',
  'exchange.ofdsSpansWithoutRoute':
    '{count} tronçon(s) sans tracé ni deux nœuds placés ont été ignorés.',
  'exchange.ofdsCapacityRounded':
    '{count} tronçon(s) ont un nombre de fibres qui n’est pas une capacité du modèle de câble : la capacité supérieure a été choisie (la plus grande à défaut).',
  'exchange.ofdsPhases': 'Chaque phase est devenue un cluster ({count} en tout).',
  'exchange.ofdsOrganisations':
    'Les organisations ne sont pas importées : le projet appartient au client de son projet principal.',
  'exchange.note.supportKind':
    'les supports autres qu’appuis (A) et chambres (C) ne sont gardés que comme lieux',
  'exchange.note.siteKind': 'les sites autres que NRO et SRO ne sont pas importés',
  'exchange.note.enclosureNoPlace': 'boîtier sans support ni nœud',
  'exchange.note.homeNoNode': 'logement sans nœud',
  'exchange.note.straightLine': 'pas de t_cableline : tracé droit entre ses nœuds',
  'exchange.note.cableNoLine': 'câble sans tracé ni nœuds',
  'exchange.note.cassetteNoHolder': 'cassette dans aucun boîtier',
  'exchange.note.cassetteKind': 'les cassettes de connecteurs ne sont pas importées',
  'exchange.note.panelNoSite': 'tiroir dans aucun site',
  'exchange.note.positionKind':
    'les positions autres qu’épissures, connecteurs et passages ne sont pas importées',
  'exchange.note.positionNoHolder': 'position dans aucune cassette ni aucun tiroir',
  'exchange.note.positionUnresolved': 'position désignant des fibres d’aucun câble importé',
  'exchange.note.loopNoNode': 'love sans nœud',
  'exchange.note.zoneNoGeometry': 'zone sans polygone',
  'exchange.note.count': '{note} ({count})',
  'exchange.note.notRead': 'non lue par cet import',
  'exchange.warn.assumedSrs':
    '{table} ne déclare aucun système de coordonnées : lue en Lambert-93 (EPSG:2154), celui du modèle.',
  'exchange.target.cluster': 'cluster',
  'exchange.target.mainProject': 'projet principal',
  'exchange.note.passage': 'passages : la fibre continue à travers le nœud',
  'exchange.note.partOf': 'lues avec les lignes dont elles font partie',
  'exchange.note.pigtail': 'pigtails et jarretières : refaits avec leurs coupleurs et tiroirs',
};
