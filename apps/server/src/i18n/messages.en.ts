import { routingEn } from './messages.routing.en.ts';
import { realtimeEn } from './messages.realtime.en.ts';
import { reportsEn } from './messages.reports.en.ts';
import { filesEn } from './messages.files.en.ts';
import { photosEn } from './messages.photos.en.ts';
import { accountsEn } from './messages.accounts.en.ts';
import { fibreEn } from './messages.fibre.en.ts';
import { fibredocsEn } from './messages.fibredocs.en.ts';
import { designEn } from './messages.design.en.ts';
import { costsEn } from './messages.costs.en.ts';
import { exchangeEn } from './messages.exchange.en.ts';
import { organisationEn } from './messages.organisation.en.ts';
import { operationsEn } from './messages.operations.en.ts';

/** The server's own messages, in English. The French catalogue must have the same keys. */
export const en = {
  ...routingEn,
  ...realtimeEn,
  ...reportsEn,
  ...fibreEn,
  ...fibredocsEn,
  ...designEn,
  ...costsEn,
  ...exchangeEn,
  ...organisationEn,
  ...operationsEn,
  ...filesEn,
  ...photosEn,
  ...accountsEn,
  'limits.busy':
    'You already have {count} such request(s) running. Wait for one to finish, then try again.',
  'auth.signedIn': 'Signed in successfully.',
  'auth.invalidCredentials': 'Incorrect email or password.',
  'auth.platformForbidden': 'Your account does not have access to the {platform} platform.',
  'auth.rateLimited': 'Too many sign-in attempts. Try again in {seconds} second(s).',
  'auth.resetSent':
    'If an account exists for this email, a link to set a new password has been sent.',
  'auth.invalidResetToken': 'This link is invalid, already used or expired. Ask for a new one.',
  'auth.passwordSet': 'Your password has been set.',
  'auth.passwordTooShort': 'Password must be at least {min} characters long.',
  'auth.unauthorized': 'You are not signed in, or your session has expired. Please sign in again.',
  'auth.forbidden': 'You do not have permission to do this.',
  'auth.setPasswordNeedsAuth': 'Open the link from your email, or sign in, to set a password.',
  'auth.currentPasswordWrong': 'The current password is not right.',
  'auth.signedOut': 'Signed out.',
  'auth.unlocked': 'Sign-in is open again for your account: you can sign in now.',
  'auth.invalidUnlockLink':
    'This unlock link is invalid or expired. Wait a little, or reset your password.',
  'users.notFound': 'User {id} was not found.',
  'users.emailTaken': 'A user with the email {email} already exists.',
  'users.invited': 'The user was created and an invitation was sent to {email}.',
  'hierarchy.projectNotFound': 'Project {id} was not found.',
  'centralOffices.notFound': 'Central office {id} was not found.',
  'centralOffices.nameTaken': "A central office named '{name}' already exists in this project.",
  'centralOffices.created': "Central office '{name}' created.",
  'centralOffices.updated': 'Users of the central office updated.',
  'centralOffices.userRemoved': 'User removed from the central office.',
  'centralOffices.userNotAssigned': 'User {userId} is not assigned to this central office.',
  'centralOffices.hasClusters':
    "Central office '{name}' still has {count} cluster(s): {names}. Delete them first, or type its name to delete it with them.",
  'centralOffices.deleted': "Central office '{name}' deleted.",
  'clusters.notFound': 'Cluster {id} was not found.',
  'clusters.nameTaken': "A cluster named '{name}' already exists in this central office.",
  'clusters.created': "Cluster '{name}' created.",
  'clusters.updated': 'Cluster updated.',
  'clusters.userRemoved': 'User removed from the cluster.',
  'clusters.userNotAssigned': 'User {userId} is not assigned to this cluster.',
  'clusters.hasElements':
    "Cluster '{name}' still has {count} element(s) ({detail}). Delete or move them first, or type its name to delete it with them.",
  'clusters.deleted': "Cluster '{name}' deleted.",
  'users.unknownIds': 'These users do not exist or are not on this platform: {ids}.',
  'elements.notFound': '{type} {id} was not found.',
  'elements.clientKeyRepeated': 'This clientKey is already used by another item of the request.',
  'elements.wrongType': 'Element {id} is a {actual}, not a {type}.',
  'elements.expectedPoint': "'coordinates' must be one point {lat, lng} for this type.",
  'elements.expectedList': "'coordinates' must be a list of points {lat, lng} for this type.",
  'elements.lineTooShort': 'A cable needs at least two distinct points.',
  'elements.zoneTooShort': 'A zone needs at least three distinct points.',
  'elements.invalidRing': 'The zone outline is not valid: {reason} near {lat}, {lng}.',
  'elements.attributeUnknown': "'{name}' is not an attribute of this template.",
  'elements.attributeRequired': "'{name}' is required.",
  'elements.attributeNumber': "'{name}' must be a number.",
  'elements.attributeOption': "'{name}' must be one of: {options}.",
  'elements.attributeDate': "'{name}' must be a date (YYYY-MM-DD).",
  'elements.attributeBoolean': "'{name}' must be true or false.",
  'elements.attributePlace': "'{name}' must hold JSON.",
  'elements.templateMismatch': 'Template {id} is not a {type} template of this project.',
  'elements.itemsInvalid': '{count} item(s) are invalid, nothing was saved. {problems}',
  'elements.itemProblem': 'Item {index}: {message}',
  'elements.versionConflict':
    '{count} element(s) were changed by someone else since you loaded them, nothing was saved: {names}. Reload them before saving.',
  'elements.busy':
    'Others were changing the same elements at the same moment: nothing was saved. Try again.',
  'elements.deleted': '{count} element(s) deleted.',
  'elements.notDeleted': '{type} {id} is not deleted.',
  'elements.restored': "{type} '{name}' restored.",
  'icons.unknownType': "There is no icon '{type}'. Known icons: {types}.",
  'icons.invalidWidth':
    "The icon width must be a whole number of pixels from {min} to {max}, not '{value}'.",
  'files.tooLarge': 'The files are larger than the import limit of {max} MB.',
  'files.noFiles': 'Choose at least one file to import.',
  'files.tooManyFiles': 'Send at most {max} files at once (zip them if there are more).',
  'files.unsupportedFile':
    "'{file}' cannot be imported. Send a zip, shapefile parts (.shp, .shx, .dbf, .prj, .cpg), KML, KMZ, GeoJSON, GeoPackage, FlatGeobuf or CSV.",
  'files.notZip': "'{file}' is not a valid zip archive.",
  'files.zipInZip': "'{file}' holds another archive ({entry}). Unzip it and send the files inside.",
  'files.zipTooManyEntries': "'{file}' holds more than {max} files.",
  'files.zipTooLarge': "'{file}' would unpack to more than {max} MB.",
  'files.zipMemberTooLarge':
    "'{entry}' in '{file}' would unpack to more than {max} MB, the limit for one file.",
  'files.zipDamaged':
    "'{file}' is damaged: '{entry}' cannot be unpacked. Download or zip the files again.",
  'files.importsBusy':
    'Your imports in progress already hold close to {max} MB: wait until they finish, then send this one again.',
  'files.zipUnsafePath': "'{file}' holds an entry with an unsafe path: {entry}.",
  'files.zipNoShapefile': "'{file}' holds no shapefile (.shp) nor any other GIS layer.",
  // SPEC §5's own words, for a shapefile archive without its layer.
  'files.zipNoShp': "no layers founds: '{file}' holds parts of a shapefile ({parts}) but no .shp.",
  'files.noLayers': 'no layers founds',
  'files.noGisLayer': 'No layer with geometries could be read from {files}.',
  'files.geoJsonNoGeometry': 'The GeoJSON holds no feature with a geometry to convert.',
  'files.shpInvalid': "'{file}' is not a shapefile: its header is not valid.",
  'files.shpTruncated':
    "'{file}' is truncated: its header announces {expected} bytes but it holds {actual}.",
  'files.unknownShapeType': "'{file}' has an unknown shape type ({type}).",
  'files.prjInvalid':
    "'{file}' is not a projection file ({reason}). Send the right .prj, or give the EPSG code of the coordinates.",
  'files.prjHtml': 'it is a web page',
  'files.prjNotWkt': 'it holds no WKT definition',
  'files.prjTooLarge': 'it is larger than 64 KB, which no projection file is',
  'files.crsRequired':
    'The coordinates of {layers} are not longitudes and latitudes and no coordinate system is declared. Give the EPSG code of their coordinate system (for example 32737 for UTM zone 37S).',
  'files.epsgUnknown': 'EPSG:{epsg} is not a coordinate system that GDAL knows.',
  'files.unreadable': "'{file}' could not be read: {reason}",
  'files.notGeoJson': "'{file}' is not GeoJSON: {reason}",
  'files.coordinatesNotFinite':
    "Layer '{layer}' of '{file}' has coordinates that are not finite numbers (feature {index}).",
  'files.kmlNotKml': "'{file}' is not KML: its root element is <{element}>, not <kml>.",
  'files.kmlTooDeep':
    "'{file}' nests its elements more than {max} levels deep, which no KML needs: it was not read.",
  'files.kmlTooManyFolders': "'{file}' holds more than {max} folders: it was not read.",
  'files.kmlTooManyLayers':
    "'{file}' has placemarks in more than {max} folders: it was not read. Merge some folders, or split the file.",
  'files.kmlTooLarge':
    "'{file}' would take more than {max} MB once read (its folder names are repeated on every placemark): it was not read.",
  'files.emptyLayer': "'{file}' holds no features ({layers}).",
  'files.warn.nullGeometries': '{count} feature(s) without geometry skipped.',
  'files.warn.assumedWgs84':
    'No coordinate system declared: the coordinates look like longitudes and latitudes and were taken as WGS84.',
  'files.warn.userCrs': 'Coordinates read as EPSG:{epsg}, as asked.',
  'files.warn.encodingUtf8':
    'The text is UTF-8 although the file declares {declared}: read as UTF-8.',
  'files.warn.encodingDefault': 'No text encoding declared: read as {encoding}.',
  'files.warn.encodingCpg': "Text read as {encoding}, from the .cpg file ('{cpg}').",
  'files.warn.skippedFile': "'{file}' was skipped: {reason}",
  'files.warn.noGeometry': "Layer '{layer}' of '{file}' has no geometry and was skipped.",
  'files.warn.emptyLayer': "Layer '{layer}' of '{file}' holds no features and was skipped.",
  'files.warn.noShp': "'{file}' has no .shp beside it and was skipped.",
  'files.warn.noDbf': "'{file}' has no .dbf: its features have no attributes.",
  'files.warn.noShx': "'{file}' has no .shx: it was rebuilt from the .shp.",
  'files.warn.gdal': 'GDAL: {message}',
  'files.exportEmpty': 'There are no elements to export in this selection.',
  'files.conversionFailed': 'The conversion failed: {reason}',
  'validation.invalidJson': 'The request body is not valid JSON.',
  'validation.required': "'{field}' is required.",
  'validation.invalidType': "'{field}' must be a {expected}.",
  'validation.invalidEmail': "'{field}' must be a valid email address.",
  'validation.tooShort': "'{field}' must be at least {min} characters long.",
  'validation.tooLong': "'{field}' must be at most {max} characters long.",
  'validation.tooSmall': "'{field}' must be at least {min}.",
  'validation.tooBig': "'{field}' must be at most {max}.",
  'validation.invalidOption': "'{field}' must be one of: {options}.",
  'validation.unknownField': "'{field}' is not a known field.",
  'validation.invalid': "'{field}' is invalid.",
  'validation.invalidBecause': "'{field}' is invalid: {reason}.",
  'validation.unstorableText':
    "'{field}' holds a character that cannot be stored (a NUL character or a lone surrogate).",
  'validation.unsupportedMediaType':
    'Send the request body as JSON (Content-Type: application/json).',
  'validation.payloadTooLarge': 'The request body is too large.',
  'tiles.badTile':
    'There is no tile {z}/{x}/{y}: zoom goes from 0 to {max}, and x and y from 0 to 2^zoom − 1.',
  'http.notFound': 'There is no API route {method} {path}.',
  'http.internal': 'Something went wrong on the server. The error was logged.',
  'http.clientError': 'The request was refused ({status} {reason}).',
  'http.tooDeep': 'The request body is nested too deeply (more than {max} levels).',
  'mail.reset.subject': 'Set a new password for Integration',
  'mail.reset.body':
    'Hello {name},\n\nSomeone (hopefully you) asked to set a new password for your Integration account.\nOpen this link within one hour to choose it:\n\n{link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.\n',
  'mail.invite.subject': 'You are invited to Integration',
  'mail.invite.body':
    'Hello {name},\n\nAn account was created for you on Integration.\nOpen this link within one hour to set your password:\n\n{link}\n',
  'mail.unlock.subject': 'Failed sign-ins on your Integration account',
  'mail.unlock.body':
    'Hello {name},\n\nSomeone tried to sign in to your Integration account with a wrong password several times, so sign-in is slowed down for it.\nIf it was you, open this link within one hour to sign in again at once:\n\n{link}\n\nIf it was not you, your password held: consider changing it anyway.\n',
  'qr.templateNotFound': 'Tag template {id} was not found.',
  'qr.typeNotFound': 'Element type {id} does not exist.',
  'qr.templateMismatch':
    "Template {templateId} is not a {type} template of this cluster's project.",
  'qr.created': "Tag template '{name}' created with {count} tags.",
  'qr.updated': 'Tag Updated Successfully',
  // SPEC §8: "tag deleted successfully".
  'qr.deleted': "Tag '{name}' deleted successfully.",
  'qr.codesTaken': 'These codes are already used by other tags: {codes}. Choose another prefix.',
  'qr.scannedLocked':
    "{scanned} tag(s) of '{name}' have been scanned: its prefix and details can no longer change. You can still rename it and add tags.",
  'qr.scannedDelete':
    "'{name}' has {scanned} scanned tag(s) linked to elements: only an admin can delete it, by forcing.",
  'qr.tooManyTags': 'A tag template holds at most {max} tags; this one already has {count}.',
  'qr.rangeInvalid': "'from' must not be after 'to'.",
  'qr.tagNotFound': "No tag has the code '{code}'.",
  'qr.elementNotInTemplate':
    'Element {id} is not a live {type} element of cluster {cluster}: a tag links only to an element of its template.',
  'qr.scanned': 'Tag {code} linked to {element}.',
  'qr.photoNotImage': 'The photo must be a JPEG, PNG, WebP or HEIC image.',
  'qr.photoTooLarge': 'A photo may be at most {max} MB.',
  'qr.tooManyPhotos': 'A tag keeps at most {max} photos.',
  'qr.photoNotFound': 'Photo {id} was not found.',
  'qr.photoAdded': 'Photo added.',
  'validation.tagPrefix': "'{field}' may hold only letters, digits, '-' and '_'.",
  'validation.tagProperty':
    "'{field}' must be one of Height, Owner, Material, Top Diameter, Bottom Diameter for an Attribute detail.",
  'qr.skipTooLarge': "'skip' must be less than {max}, the labels of one sheet.",
  'qr.sheet.name': 'Tags',
  'qr.sheet.code': 'Code',
  'qr.sheet.link': 'Link',
  'qr.sheet.template': 'Template',
  'qr.sheet.elementType': 'Element type',
  'qr.sheet.cluster': 'Cluster',
  'qr.sheet.scanned': 'Scanned',
  'qr.sheet.scannedAt': 'Scanned at',
  'qr.sheet.scannedBy': 'Scanned by',
  'qr.sheet.element': 'Linked element',
  'qr.sheet.latitude': 'Latitude',
  'qr.sheet.longitude': 'Longitude',
  'qr.sheet.yes': 'Yes',
  'qr.sheet.no': 'No',
  'qr.sheet.freeText': 'Free text {id}',
  'reports.notFound': 'Report {id} was not found.',
  'reports.saved': 'Report saved successfully!',
  'reports.deleted': "Report '{name}' deleted.",
  'reports.scopeOutside':
    'The central office or cluster chosen is not part of project {projectId}.',
  'reports.chartMetricUnknown':
    'Chart {chart} draws metric {index}, which the report does not have.',
  'reports.projectInfoField':
    "Metric {metric}: '{name}' is not a project fact; choose one of {fields}.",
  'reports.elementTypeRequired':
    'Metric {metric}: choose an element type (PBO-FAT, Splice Closure, FDT-SRO, Building or Zone).',
  'reports.attributeRequired': 'Metric {metric}: choose an attribute.',
  'reports.attributeUnknown': "Metric {metric}: {type} elements have no attribute '{name}'.",
  'reports.attributeNotNumber':
    "Metric {metric}: '{name}' of {type} is not a number, so it cannot be summed, averaged or used in a formula.",
  'reports.aggregationNotAllowed':
    'Metric {metric}: a Network Element metric counts elements and takes no aggregation.',
  'reports.formulaRequired': 'Metric {metric}: a formula needs its variables and operations.',
  'reports.formulaVariableCount':
    'Metric {metric}: the formula announces {expected} variables but lists {count}.',
  'reports.formulaOperationCount':
    'Metric {metric}: {expected} operation(s) are needed between the variables, not {count}.',
  'reports.title.count': 'Number of {type}',
  'reports.info.name': 'Name',
  'reports.info.client': 'Client',
  'reports.info.subsidiary': 'Subsidiary',
  'reports.info.mainProject': 'Main project',
  'reports.info.centralOffices': 'Central offices',
  'reports.info.clusters': 'Clusters',
  'reports.info.users': 'Users',
  'reports.info.phases': 'Clusters by phase',
  'reports.info.cableMetres': 'Cable metres',
  'reports.info.homesConnected': 'Homes connected',
  'reports.info.fibres': 'Fibres by state',
  'reports.info.pboPortsUsed': 'PBO-FAT ports used',
  'reports.info.homesPassed': 'Homes passed',
  'reports.info.cost': 'Cost',
  'reports.info.builtCost': 'Cost built',
  'reports.info.leftCost': 'Cost left to spend',
  'reports.info.costPerHomePassed': 'Cost per home passed',
  'reports.info.costPerHomeConnected': 'Cost per home connected',
  'reports.info.inCurrency': '{title} ({currency})',
  'reports.formulaProjectInfoField':
    "Metric {metric}: a formula without element type combines project figures; '{name}' is not one of {fields}.",
  'reports.column.fibres.used': 'Used',
  'reports.column.fibres.reserved': 'Reserved',
  'reports.column.fibres.faulty': 'Faulty',
  'reports.column.fibres.free': 'Free',
  'reports.group.project': 'Project',
  'reports.group.centralOffice': 'Central office',
  'reports.group.cluster': 'Cluster',
  'reports.group.phase': 'Phase',
  'reports.column.totalMetres': 'Total (m)',
  'reports.column.capacityMetres': '{capacity} fibres (m)',
  'reports.note.notNumbers': '{count} value(s) that are not numbers were counted as empty.',
  'reports.note.divisionByZero': '{count} division(s) by zero were left empty.',
  'qr.rollTooLong':
    'A thermal roll prints at most {max} labels a document: print a range (from, to).',
  'reports.sheet.report': 'Report',
  'reports.sheet.scope': 'Scope',
  'reports.sheet.ranAt': 'Run at',
  'reports.sheet.notes': 'Notes',
  'templates.notFound': 'Template {id} was not found.',
  'templates.saved': "Template '{name}' saved.",
  'templates.locked':
    "'{name}' is computed or read by the server: it cannot be removed, renamed or given another type.",
  'templates.unknownAttribute': "'{name}' is not an attribute of this template.",
  'templates.attributeTwice': "'{name}' appears twice in the list.",
  'templates.duplicateName':
    "This template already has an attribute named '{name}' (names are compared ignoring case).",
  'templates.reservedName':
    "'{name}' is computed by the server for this type: choose another name.",
  'templates.optionsNeeded': "The dropdown '{name}' needs at least one option.",
  'templates.duplicateOption': "The dropdown '{name}' lists '{option}' twice.",
  'templates.requiredNeedsDefault':
    "'{name}' is required, so it needs a default value for the elements that hold none.",
  'templates.valuesDoNotFit':
    "{count} element(s) hold values of '{name}' that are not valid as {inputType}: clear them first, or add a new attribute.",
  'reports.shared':
    'Report shared with the users of {project}: they can open and run it, not change it.',
  'reports.unshared': 'The report is no longer shared.',
} as const;

export type MessageKey = keyof typeof en;
