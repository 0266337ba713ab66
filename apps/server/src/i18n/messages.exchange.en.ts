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
} as const;
