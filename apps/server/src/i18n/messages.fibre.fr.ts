import type { fibreEn } from './messages.fibre.en.ts';

/** Messages de la connectivité fibre (issue 26), en français. */
export const fibreFr: Record<keyof typeof fibreEn, string> = {
  'fibre.enclosureNotFound': 'Le boîtier {id} est introuvable.',
  'fibre.notAnEnclosure':
    '{name} est un {type} : seuls les boîtiers d’épissure, PBO-FAT, FDT-SRO et centraux portent des épissures.',
  'fibre.officeNotPlaced':
    'Le central {name} n’est pas encore placé sur la carte : placez-le dans Gérer le CO pour y faire partir des câbles.',
  'fibre.elementNotFound': 'L’élément {id} est introuvable.',
  'fibre.portNotFound': 'Le port OLT {id} est introuvable.',
  'fibre.cableNotFound': 'Le câble {id} est introuvable.',
  'fibre.fibreNotFound': 'La fibre {id} est introuvable.',
  'fibre.connectionNotFound': 'La connexion {id} est introuvable.',
  'fibre.terminalNotFound': 'Il n’y a pas de {what} dans {name}.',
  'fibre.notAttached':
    '{cable} ne se termine pas à {name} : une fibre ne se raccorde que là où son câble se termine (coupez le câble à cet endroit pour y épissurer).',
  'fibre.alreadyJoined': '{what} est déjà raccordé ({to}).',
  'fibre.sameTerminal': 'Une extrémité de fibre ne peut pas être raccordée à elle-même.',
  'fibre.joinedTwice': '{what} figure deux fois dans cette demande.',
  'fibre.trayFull':
    'La cassette {number} de {name} contient {capacity} épissures : {used} y sont déjà et {adding} de plus sont demandées.',
  'fibre.noTray': 'Ajoutez une cassette à {name} avant d’y épissurer.',
  'fibre.trayNotFound': 'La cassette {id} n’est pas dans {name}.',
  'fibre.rangeLengths':
    'Les plages n’ont pas la même longueur : fibres {fromFirst}–{fromLast} ({fromCount}) contre {toFirst}–{toLast} ({toCount}).',
  'fibre.rangeOutside': '{cable} a {count} fibres : la fibre {number} n’existe pas.',
  'fibre.nothingToJoin': 'Indiquez les fibres à raccorder : connexions ou plages.',
  'fibre.badRatio': '« {ratio} » n’est pas un rapport de coupleur : utilisez {ratios}.',
  'fibre.capacityInUse':
    'La Capacité de {cable} ne peut pas changer tant que les fibres {fibres} sont raccordées : défaites d’abord ces connexions.',
  'fibre.noDrop':
    '{name} n’a pas de câble de branchement avec des fibres : tracez un câble qui s’y termine et épissurez-le à son PBO-FAT.',
  'fibre.made': '{count} connexion(s) faite(s) dans {name}.',
  'fibre.removed': 'Connexion supprimée.',
  'fibre.splitterAdded': 'Coupleur {name} ({ratio}) ajouté à {enclosure}.',
  'fibre.trayAdded': 'Cassette ajoutée à {name}.',
  'fibre.portsAdded': '{count} port(s) ajouté(s) à {name}.',
  'fibre.officePlaced': 'Le central {name} est placé sur la carte.',
  'fibre.settingsSaved': 'Paramètres fibre enregistrés.',
  'fibre.label.fibre': '{cable}, fibre {number}',
  'fibre.label.splitterIn': 'Coupleur {name}, entrée',
  'fibre.label.splitterOut': 'Coupleur {name}, sortie {leg}',
  'fibre.label.portBack': 'Port {panel} {number} (arrière)',
  'fibre.label.portFront': 'Port {panel} {number} (avant)',
  'fibre.label.oltPort': 'Port OLT {panel} {number}',
  'fibre.hop.splitter': '{place} : coupleur {name} ({ratio})',
  'fibre.hop.oltPort': '{place} : {panel}, port {number}',
  'fibre.hop.open': 'Non raccordé au-delà',
} as const;
