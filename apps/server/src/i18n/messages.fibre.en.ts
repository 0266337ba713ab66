/** Messages of fibre connectivity (issue 26), in English; spread into the catalogue. */
export const fibreEn = {
  'fibre.enclosureNotFound': 'Enclosure {id} was not found.',
  'fibre.notAnEnclosure':
    '{name} is a {type}: only splice closures, PBO-FATs, FDT-SROs and central offices hold splices.',
  'fibre.officeNotPlaced':
    'Central office {name} has no place on the map yet: place it in Manage CO so that cables can start there.',
  'fibre.elementNotFound': 'Element {id} was not found.',
  'fibre.portNotFound': 'OLT port {id} was not found.',
  'fibre.cableNotFound': 'Cable {id} was not found.',
  'fibre.fibreNotFound': 'Fibre {id} was not found.',
  'fibre.connectionNotFound': 'Connection {id} was not found.',
  'fibre.terminalNotFound': 'There is no {what} in {name}.',
  'fibre.notAttached':
    '{cable} does not end at {name}: a fibre can be joined only where its cable ends (cut the cable there to splice it).',
  'fibre.alreadyJoined': '{what} is already joined ({to}).',
  'fibre.sameTerminal': 'A fibre end cannot be joined to itself.',
  'fibre.joinedTwice': '{what} appears twice in this request.',
  'fibre.trayFull':
    'Tray {number} of {name} holds {capacity} splices: {used} are there and {adding} more were asked.',
  'fibre.noTray': 'Add a tray to {name} before splicing there.',
  'fibre.trayNotFound': 'Tray {id} is not in {name}.',
  'fibre.rangeLengths':
    'The ranges differ in length: fibres {fromFirst}–{fromLast} ({fromCount}) against {toFirst}–{toLast} ({toCount}).',
  'fibre.rangeOutside': '{cable} has {count} fibres: fibre {number} does not exist.',
  'fibre.nothingToJoin': 'Say which fibres to join: connections or ranges.',
  'fibre.badRatio': "'{ratio}' is not a splitter ratio: use one of {ratios}.",
  'fibre.capacityInUse':
    'The Capacity of {cable} cannot change while fibres {fibres} are joined: undo those connections first.',
  'fibre.noDrop':
    '{name} has no drop cable with fibres: draw a cable ending on it and splice it at its PBO-FAT.',
  'fibre.made': '{count} connection(s) made in {name}.',
  'fibre.removed': 'Connection removed.',
  'fibre.splitterAdded': 'Splitter {name} ({ratio}) added to {enclosure}.',
  'fibre.trayAdded': 'Tray added to {name}.',
  'fibre.portsAdded': '{count} port(s) added to {name}.',
  'fibre.officePlaced': 'Central office {name} placed on the map.',
  'fibre.settingsSaved': 'Fibre settings saved.',
  'fibre.label.fibre': '{cable}, fibre {number}',
  'fibre.label.splitterIn': 'Splitter {name}, input',
  'fibre.label.splitterOut': 'Splitter {name}, output {leg}',
  'fibre.label.portBack': 'Port {panel} {number} (back)',
  'fibre.label.portFront': 'Port {panel} {number} (front)',
  'fibre.label.oltPort': 'OLT port {panel} {number}',
  'fibre.hop.splitter': '{place}: splitter {name} ({ratio})',
  'fibre.hop.oltPort': '{place}: {panel}, port {number}',
  'fibre.hop.open': 'Not joined further',
} as const;
