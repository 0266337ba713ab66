/** Messages of the exchange standards: GraceTHD, OFDS and DXF (issue 29), in English. */
export const exchangeEn = {
  'exchange.oneScope':
    'Give exactly one of clusterId, centralOfficeId or projectId for this export.',
  'exchange.clusterOnly': 'This format exports one cluster: give clusterId.',
  'exchange.nothingToExport': 'There is nothing to export in {scope}.',
  'exchange.crsUnknown': 'EPSG:{crs} is not a coordinate system this server knows.',
  'exchange.ofdsCrs': 'OFDS packages are in longitude and latitude (EPSG:4326) only.',
  'exchange.checksFailed':
    'The delivery has {count} problem(s) to fix before it can be exported (see the list).',
  'exchange.targetRequired': 'Choose the {target} this {standard} delivery is imported into.',
  'exchange.notEmpty':
    'Cluster {name} already holds network elements: a GraceTHD delivery is imported into an empty cluster.',
  'exchange.alreadyImported':
    'This delivery was already imported into {name} (the same codes): import it once.',
  'exchange.invalidDelivery': 'This {standard} delivery cannot be imported: {count} problem(s).',
  'exchange.missingTable': 'The delivery has no {table} table.',
  'exchange.missingColumn': 'Table {table} has no column {column}.',
  'exchange.brokenKey': '{table}.{column} = {value} names no row of {target}.',
  'exchange.unknownCode': '{table}.{column} = {value} is not in the list {list}.',
  'exchange.duplicateCode': '{table} holds the code {value} twice.',
  'exchange.tooManyRows': 'Table {table} holds {count} rows; at most {max} are read.',
  'exchange.schemaProblem': '{path} {message}',
  'exchange.dxfDegrees':
    'The drawing is in degrees (EPSG:{crs}): CAD software measures them as units; choose a projected CRS for drafting.',
  'exchange.check.mandatory': '{table}.{column} is mandatory and empty ({row}).',
  'exchange.check.valueList': '{table}.{column} = {value} is not in the list {list} ({row}).',
  'exchange.check.foreignKey': '{table}.{column} = {value} names no row of {target} ({row}).',
  'exchange.check.duplicate': '{table} holds the code {value} twice.',
  'exchange.check.cableLoose':
    'Cable {name}: its {end} lies on no node (nothing within 1 m, and no enclosure joins its fibres there).',
  'exchange.check.cableEndMoved': 'Cable {name}: its {end} was moved {metres} m onto {node}.',
  'exchange.check.zoneOverlap': 'Zones {a} and {b} (type {type}) overlap.',
  'exchange.check.pmzCabinet': 'Zone PMZ {name} holds {count} FDT-SRO: exactly one is needed.',
  'exchange.check.pmzOutsideNro': 'Zone PMZ {name} lies in no NRO zone.',
  'exchange.check.nroNoOffice': 'Zone NRO {name}: central office {office} has no place on the map.',
  'exchange.check.zoneType': 'Zone {name} has no Type (NRO or PMZ): left out.',
  'exchange.check.loopNoCable': 'Loop {name} lies on no cable (none within {metres} m): left out.',
  'exchange.check.textCut': '{table}.{column} of {row} was cut to 254 characters.',
  'exchange.check.semicolon': '{table}.{column} of {row}: ";" was replaced by ",".',
  'exchange.check.cancelled': 'Cluster {name} is Cancelled: left out of the delivery.',
  'exchange.check.jumper':
    'A patch cord between two ports in {place} is not written (GraceTHD needs a cable for it).',
  'exchange.check.homeAddress': 'Home {name} lies {metres} m from its address (20 m at most).',
  'exchange.end.a': 'start',
  'exchange.end.b': 'end',
  'exchange.targetMainProject': 'main project',
  'exchange.ofdsTooLarge':
    'OFDS packages are read whole: at most {max} MB per import (publish a larger network as several packages).',
  'exchange.ofdsNotJson': 'The file {file} is not JSON: {reason}',
  'exchange.ofdsNoNetworks':
    'No OFDS network was found: a package has a "networks" list, OFDS GeoJSON features a "network" property.',
  'exchange.ofdsTooManyNetworks':
    'The upload holds {count} networks or features; at most {max} are read.',
  'exchange.ofdsTooDeep': 'nests deeper than {max} levels.',
  'exchange.ofdsTooMany': 'holds {count} items; at most {max} are read.',
  'exchange.ofdsDuplicateId': 'repeats the id {id} of {other}.',
  'exchange.ofdsUnknownNode': 'names no node of the network: {id}.',
  'exchange.ofdsCoordinates': 'must be [longitude, latitude]: numbers within ±180 and ±90.',
  'exchange.ofdsSchemaMissing':
    'The OFDS schema is not installed on this server: the package was checked for its structure only (ids, span ends, coordinates).',
  'exchange.ofdsNodesWithoutPlace': '{count} node(s) without a location were skipped.',
  'exchange.ofdsOffice': 'Central office {name} was placed at the first point of presence.',
  'exchange.ofdsNoOffice':
    'No node is a point of presence, exchange or data centre: place the central office by hand.',
  'exchange.ofdsStraightSpans':
    '{count} span(s) had no route: drawn as straight lines between their nodes.',
  'exchange.ofdsSpansWithoutRoute':
    '{count} span(s) with neither a route nor two placed nodes were skipped.',
  'exchange.ofdsCapacityRounded':
    '{count} span(s) have a fibre count that is no Capacity of the cable template: the next larger was chosen (the largest when none is).',
  'exchange.ofdsPhases': 'Each phase became a cluster ({count} in all).',
  'exchange.ofdsOrganisations':
    'Organisations are not imported: the project belongs to the client of its main project.',
  'exchange.note.supportKind':
    'supports other than poles (A) and chambers (C) are kept as places only',
  'exchange.note.siteKind': 'sites other than NRO and SRO are not imported',
  'exchange.note.enclosureNoPlace': 'enclosure on no support and no node',
  'exchange.note.homeNoNode': 'home without a node',
  'exchange.note.straightLine': 'no t_cableline: drawn straight between its nodes',
  'exchange.note.cableNoLine': 'cable with no line and no nodes',
  'exchange.note.cassetteNoHolder': 'cassette in no enclosure',
  'exchange.note.cassetteKind': 'connector cassettes are not imported',
  'exchange.note.panelNoSite': 'patch panel in no site',
  'exchange.note.positionKind':
    'positions other than splices, connectors and passages are not imported',
  'exchange.note.positionNoHolder': 'position in no cassette or panel',
  'exchange.note.positionUnresolved': 'position naming fibres of no imported cable',
  'exchange.note.loopNoNode': 'loop without a node',
  'exchange.note.zoneNoGeometry': 'zone without a polygon',
  'exchange.note.count': '{note} ({count})',
  'exchange.note.notRead': 'not read by this import',
  'exchange.warn.assumedSrs':
    '{table} declares no coordinate system: read as Lambert-93 (EPSG:2154), the model’s.',
  'exchange.target.cluster': 'cluster',
  'exchange.target.mainProject': 'main project',
  'exchange.note.passage': 'passages: the fibre runs on through the node',
  'exchange.note.partOf': 'read with the rows they belong to',
  'exchange.note.pigtail': 'pigtails and cords: rebuilt with their splitters and panels',
} as const;
