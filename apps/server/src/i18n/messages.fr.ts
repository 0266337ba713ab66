import type { MessageKey } from './messages.en.ts';
import { routingFr } from './messages.routing.fr.ts';
import { realtimeFr } from './messages.realtime.fr.ts';
import { reportsFr } from './messages.reports.fr.ts';
import { filesFr } from './messages.files.fr.ts';
import { photosFr } from './messages.photos.fr.ts';
import { accountsFr } from './messages.accounts.fr.ts';
import { fibreFr } from './messages.fibre.fr.ts';
import { fibredocsFr } from './messages.fibredocs.fr.ts';
import { designFr } from './messages.design.fr.ts';
import { costsFr } from './messages.costs.fr.ts';
import { exchangeFr } from './messages.exchange.fr.ts';
import { organisationFr } from './messages.organisation.fr.ts';
import { operationsFr } from './messages.operations.fr.ts';

export const fr: Record<MessageKey, string> = {
  ...routingFr,
  ...realtimeFr,
  ...reportsFr,
  ...fibreFr,
  ...fibredocsFr,
  ...designFr,
  ...costsFr,
  ...exchangeFr,
  ...organisationFr,
  ...operationsFr,
  ...filesFr,
  ...photosFr,
  ...accountsFr,
  'limits.busy':
    'Vous avez déjà {count} demande(s) de ce type en cours. Attendez qu’une se termine, puis réessayez.',
  'auth.signedIn': 'Connexion réussie.',
  'auth.invalidCredentials': 'Adresse e-mail ou mot de passe incorrect.',
  'auth.platformForbidden': "Votre compte n'a pas accès à la plateforme {platform}.",
  'auth.rateLimited': 'Trop de tentatives de connexion. Réessayez dans {seconds} seconde(s).',
  'auth.resetSent':
    'Si un compte existe pour cette adresse, un lien pour définir un nouveau mot de passe a été envoyé.',
  'auth.invalidResetToken': 'Ce lien est invalide, déjà utilisé ou expiré. Demandez-en un nouveau.',
  'auth.passwordSet': 'Votre mot de passe a été défini.',
  'auth.passwordTooShort': 'Le mot de passe doit contenir au moins {min} caractères.',
  'auth.unauthorized':
    "Vous n'êtes pas connecté ou votre session a expiré. Veuillez vous reconnecter.",
  'auth.forbidden': "Vous n'avez pas l'autorisation de faire cela.",
  'auth.setPasswordNeedsAuth':
    'Ouvrez le lien reçu par e-mail, ou connectez-vous, pour définir un mot de passe.',
  'auth.currentPasswordWrong': 'Le mot de passe actuel n’est pas le bon.',
  'auth.signedOut': 'Déconnecté.',
  'auth.unlocked':
    'La connexion est de nouveau ouverte pour votre compte : vous pouvez vous connecter.',
  'auth.invalidUnlockLink':
    'Ce lien de déblocage est invalide ou expiré. Patientez un peu, ou réinitialisez votre mot de passe.',
  'users.notFound': "L'utilisateur {id} est introuvable.",
  'users.emailTaken': "Un utilisateur avec l'adresse {email} existe déjà.",
  'users.invited': "L'utilisateur a été créé et une invitation a été envoyée à {email}.",
  'hierarchy.projectNotFound': 'Le projet {id} est introuvable.',
  'centralOffices.notFound': 'Le central {id} est introuvable.',
  'centralOffices.nameTaken': 'Un central nommé « {name} » existe déjà dans ce projet.',
  'centralOffices.created': 'Central « {name} » créé.',
  'centralOffices.updated': 'Utilisateurs du central mis à jour.',
  'centralOffices.userRemoved': 'Utilisateur retiré du central.',
  'centralOffices.userNotAssigned': "L'utilisateur {userId} n'est pas affecté à ce central.",
  'centralOffices.hasClusters':
    "Le central « {name} » contient encore {count} cluster(s) : {names}. Supprimez-les d'abord, ou saisissez son nom pour le supprimer avec eux.",
  'centralOffices.deleted': 'Central « {name} » supprimé.',
  'clusters.notFound': 'Le cluster {id} est introuvable.',
  'clusters.nameTaken': 'Un cluster nommé « {name} » existe déjà dans ce central.',
  'clusters.created': 'Cluster « {name} » créé.',
  'clusters.updated': 'Cluster mis à jour.',
  'clusters.userRemoved': 'Utilisateur retiré du cluster.',
  'clusters.userNotAssigned': "L'utilisateur {userId} n'est pas affecté à ce cluster.",
  'clusters.hasElements':
    "Le cluster « {name} » contient encore {count} élément(s) ({detail}). Supprimez-les ou déplacez-les d'abord, ou saisissez son nom pour le supprimer avec eux.",
  'clusters.deleted': 'Cluster « {name} » supprimé.',
  'users.unknownIds':
    "Ces utilisateurs n'existent pas ou n'ont pas accès à cette plateforme : {ids}.",
  'elements.notFound': '{type} {id} est introuvable.',
  'elements.clientKeyRepeated':
    'Cette clientKey est déjà utilisée par un autre élément de la requête.',
  'elements.wrongType': "L'élément {id} est un {actual}, pas un {type}.",
  'elements.expectedPoint': '« coordinates » doit être un point {lat, lng} pour ce type.',
  'elements.expectedList': '« coordinates » doit être une liste de points {lat, lng} pour ce type.',
  'elements.lineTooShort': 'Un câble doit avoir au moins deux points distincts.',
  'elements.zoneTooShort': 'Une zone doit avoir au moins trois points distincts.',
  'elements.invalidRing': "Le contour de la zone n'est pas valide : {reason} près de {lat}, {lng}.",
  'elements.attributeUnknown': "« {name} » n'est pas un attribut de ce modèle.",
  'elements.attributeRequired': '« {name} » est obligatoire.',
  'elements.attributeNumber': '« {name} » doit être un nombre.',
  'elements.attributeOption': "« {name} » doit être l'une des valeurs : {options}.",
  'elements.attributeDate': '« {name} » doit être une date (AAAA-MM-JJ).',
  'elements.attributeBoolean': '« {name} » doit valoir vrai ou faux.',
  'elements.attributePlace': '« {name} » doit contenir du JSON.',
  'elements.templateMismatch': "Le modèle {id} n'est pas un modèle {type} de ce projet.",
  'elements.itemsInvalid': "{count} élément(s) invalide(s), rien n'a été enregistré. {problems}",
  'elements.itemProblem': 'Élément {index} : {message}',
  'elements.versionConflict':
    "{count} élément(s) ont été modifiés par quelqu'un d'autre depuis leur chargement, rien n'a été enregistré : {names}. Rechargez-les avant d'enregistrer.",
  'elements.busy':
    'D’autres modifiaient les mêmes éléments au même moment : rien n’a été enregistré. Réessayez.',
  'elements.deleted': '{count} élément(s) supprimé(s).',
  'elements.notDeleted': "{type} {id} n'est pas supprimé.",
  'elements.restored': '{type} « {name} » restauré.',
  'icons.unknownType': "Il n'existe pas d'icône « {type} ». Icônes disponibles : {types}.",
  'icons.invalidWidth':
    "La largeur de l'icône doit être un nombre entier de pixels de {min} à {max}, pas « {value} ».",
  'files.tooLarge': 'Les fichiers dépassent la limite d’import de {max} Mo.',
  'files.noFiles': 'Choisissez au moins un fichier à importer.',
  'files.tooManyFiles': 'Envoyez au plus {max} fichiers à la fois (zippez-les s’il y en a plus).',
  'files.unsupportedFile':
    '« {file} » ne peut pas être importé. Envoyez un zip, les parties d’un shapefile (.shp, .shx, .dbf, .prj, .cpg), du KML, du KMZ, du GeoJSON, un GeoPackage, un FlatGeobuf ou un CSV.',
  'files.notZip': '« {file} » n’est pas une archive zip valide.',
  'files.zipInZip':
    '« {file} » contient une autre archive ({entry}). Décompressez-la et envoyez les fichiers qu’elle contient.',
  'files.zipTooManyEntries': '« {file} » contient plus de {max} fichiers.',
  'files.zipTooLarge': '« {file} » ferait plus de {max} Mo une fois décompressé.',
  'files.zipMemberTooLarge':
    '« {entry} » dans « {file} » ferait plus de {max} Mo une fois décompressé, la limite pour un fichier.',
  'files.zipDamaged':
    '« {file} » est endommagé : « {entry} » ne peut pas être décompressé. Téléchargez ou zippez à nouveau les fichiers.',
  'files.importsBusy':
    'Vos imports en cours occupent déjà près de {max} Mo : attendez qu’ils se terminent, puis renvoyez celui-ci.',
  'files.zipUnsafePath': '« {file} » contient une entrée au chemin dangereux : {entry}.',
  'files.zipNoShapefile':
    '« {file} » ne contient aucun shapefile (.shp) ni aucune autre couche SIG.',
  'files.zipNoShp':
    'aucune couche trouvée : « {file} » contient des parties de shapefile ({parts}) mais aucun .shp.',
  'files.noLayers': 'aucune couche trouvée',
  'files.noGisLayer': 'Aucune couche avec des géométries n’a pu être lue dans {files}.',
  'files.geoJsonNoGeometry': 'Le GeoJSON ne contient aucune entité avec une géométrie à convertir.',
  'files.shpInvalid': '« {file} » n’est pas un shapefile : son en-tête n’est pas valide.',
  'files.shpTruncated':
    '« {file} » est tronqué : son en-tête annonce {expected} octets mais il en contient {actual}.',
  'files.unknownShapeType': '« {file} » a un type de forme inconnu ({type}).',
  'files.prjInvalid':
    '« {file} » n’est pas un fichier de projection ({reason}). Envoyez le bon .prj, ou indiquez le code EPSG des coordonnées.',
  'files.prjHtml': 'c’est une page web',
  'files.prjNotWkt': 'il ne contient aucune définition WKT',
  'files.prjTooLarge': 'il dépasse 64 Ko, ce qu’aucun fichier de projection ne fait',
  'files.crsRequired':
    'Les coordonnées de {layers} ne sont pas des longitudes et latitudes et aucun système de coordonnées n’est déclaré. Indiquez le code EPSG de leur système de coordonnées (par exemple 32737 pour UTM zone 37S).',
  'files.epsgUnknown': 'EPSG:{epsg} n’est pas un système de coordonnées connu de GDAL.',
  'files.unreadable': '« {file} » n’a pas pu être lu : {reason}',
  'files.notGeoJson': '« {file} » n’est pas du GeoJSON : {reason}',
  'files.coordinatesNotFinite':
    'La couche « {layer} » de « {file} » a des coordonnées qui ne sont pas des nombres finis (entité {index}).',
  'files.kmlNotKml': '« {file} » n’est pas du KML : son élément racine est <{element}>, pas <kml>.',
  'files.kmlTooDeep':
    '« {file} » imbrique ses éléments sur plus de {max} niveaux, ce dont aucun KML n’a besoin : il n’a pas été lu.',
  'files.kmlTooManyFolders': '« {file} » contient plus de {max} dossiers : il n’a pas été lu.',
  'files.kmlTooManyLayers':
    '« {file} » a des repères dans plus de {max} dossiers : il n’a pas été lu. Regroupez des dossiers ou découpez le fichier.',
  'files.kmlTooLarge':
    '« {file} » occuperait plus de {max} Mo une fois lu (les noms de ses dossiers sont répétés sur chaque repère) : il n’a pas été lu.',
  'files.emptyLayer': '« {file} » ne contient aucune entité ({layers}).',
  'files.warn.nullGeometries': '{count} entité(s) sans géométrie ignorée(s).',
  'files.warn.assumedWgs84':
    'Aucun système de coordonnées déclaré : les coordonnées ressemblent à des longitudes et latitudes et ont été lues en WGS84.',
  'files.warn.userCrs': 'Coordonnées lues en EPSG:{epsg}, comme demandé.',
  'files.warn.encodingUtf8':
    'Le texte est en UTF-8 bien que le fichier déclare {declared} : lu en UTF-8.',
  'files.warn.encodingDefault': 'Aucun encodage de texte déclaré : lu en {encoding}.',
  'files.warn.encodingCpg': 'Texte lu en {encoding}, d’après le fichier .cpg (« {cpg} »).',
  'files.warn.skippedFile': '« {file} » a été ignoré : {reason}',
  'files.warn.noGeometry':
    'La couche « {layer} » de « {file} » n’a pas de géométrie et a été ignorée.',
  'files.warn.emptyLayer':
    'La couche « {layer} » de « {file} » ne contient aucune entité et a été ignorée.',
  'files.warn.noShp': '« {file} » n’a pas de .shp à côté de lui et a été ignoré.',
  'files.warn.noDbf': '« {file} » n’a pas de .dbf : ses entités n’ont pas d’attributs.',
  'files.warn.noShx': '« {file} » n’a pas de .shx : il a été reconstruit à partir du .shp.',
  'files.warn.gdal': 'GDAL : {message}',
  'files.exportEmpty': 'Il n’y a aucun élément à exporter dans cette sélection.',
  'files.conversionFailed': 'La conversion a échoué : {reason}',
  'validation.invalidJson': "Le corps de la requête n'est pas un JSON valide.",
  'validation.required': '« {field} » est obligatoire.',
  'validation.invalidType': '« {field} » doit être de type {expected}.',
  'validation.invalidEmail': '« {field} » doit être une adresse e-mail valide.',
  'validation.tooShort': '« {field} » doit contenir au moins {min} caractères.',
  'validation.tooLong': '« {field} » doit contenir au plus {max} caractères.',
  'validation.tooSmall': '« {field} » doit être au moins {min}.',
  'validation.tooBig': '« {field} » doit être au plus {max}.',
  'validation.invalidOption': '« {field} » doit être l’une des valeurs : {options}.',
  'validation.unknownField': "« {field} » n'est pas un champ connu.",
  'validation.invalid': '« {field} » est invalide.',
  'validation.invalidBecause': '« {field} » est invalide : {reason}.',
  'validation.unstorableText':
    '« {field} » contient un caractère impossible à enregistrer (un caractère NUL ou un substitut UTF-16 isolé).',
  'validation.unsupportedMediaType':
    'Envoyez le corps de la requête en JSON (Content-Type: application/json).',
  'validation.payloadTooLarge': 'Le corps de la requête est trop volumineux.',
  'tiles.badTile':
    "La tuile {z}/{x}/{y} n'existe pas : le zoom va de 0 à {max}, x et y de 0 à 2^zoom − 1.",
  'http.notFound': "Il n'existe pas de route d'API {method} {path}.",
  'http.internal': "Une erreur s'est produite sur le serveur. Elle a été journalisée.",
  'http.clientError': 'La requête a été refusée ({status} {reason}).',
  'http.tooDeep': 'Le corps de la requête est trop profondément imbriqué (plus de {max} niveaux).',
  'mail.reset.subject': 'Définir un nouveau mot de passe pour Integration',
  'mail.reset.body':
    "Bonjour {name},\n\nQuelqu'un (vous, espérons-le) a demandé à définir un nouveau mot de passe pour votre compte Integration.\nOuvrez ce lien dans l'heure pour le choisir :\n\n{link}\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n",
  'mail.invite.subject': 'Vous êtes invité sur Integration',
  'mail.invite.body':
    "Bonjour {name},\n\nUn compte a été créé pour vous sur Integration.\nOuvrez ce lien dans l'heure pour définir votre mot de passe :\n\n{link}\n",
  'mail.unlock.subject': 'Connexions échouées sur votre compte Integration',
  'mail.unlock.body':
    "Bonjour {name},\n\nQuelqu'un a essayé plusieurs fois de se connecter à votre compte Integration avec un mauvais mot de passe : la connexion est ralentie pour ce compte.\nSi c'était vous, ouvrez ce lien dans l'heure pour vous reconnecter tout de suite :\n\n{link}\n\nSi ce n'était pas vous, votre mot de passe a tenu : pensez tout de même à le changer.\n",
  'qr.templateNotFound': "Le modèle d'étiquettes {id} est introuvable.",
  'qr.typeNotFound': "Le type d'élément {id} n'existe pas.",
  'qr.templateMismatch':
    "Le gabarit {templateId} n'est pas un gabarit {type} du projet de ce cluster.",
  'qr.created': "Modèle d'étiquettes « {name} » créé avec {count} étiquettes.",
  'qr.updated': 'Étiquette mise à jour avec succès',
  'qr.deleted': 'Étiquette « {name} » supprimée avec succès.',
  'qr.codesTaken':
    "Ces codes sont déjà utilisés par d'autres étiquettes : {codes}. Choisissez un autre préfixe.",
  'qr.scannedLocked':
    '{scanned} étiquette(s) de « {name} » ont été scannées : son préfixe et ses détails ne peuvent plus changer. Vous pouvez encore le renommer et ajouter des étiquettes.',
  'qr.scannedDelete':
    '« {name} » a {scanned} étiquette(s) scannée(s) liée(s) à des éléments : seul un administrateur peut le supprimer, en forçant.',
  'qr.tooManyTags': 'Un modèle contient au plus {max} étiquettes ; celui-ci en a déjà {count}.',
  'qr.rangeInvalid': '« from » ne doit pas être après « to ».',
  'qr.tagNotFound': "Aucune étiquette n'a le code « {code} ».",
  'qr.elementNotInTemplate':
    "L'élément {id} n'est pas un élément {type} actif du cluster {cluster} : une étiquette ne se lie qu'à un élément de son modèle.",
  'qr.scanned': 'Étiquette {code} liée à {element}.',
  'qr.photoNotImage': 'La photo doit être une image JPEG, PNG, WebP ou HEIC.',
  'qr.photoTooLarge': 'Une photo fait au plus {max} Mo.',
  'qr.tooManyPhotos': 'Une étiquette garde au plus {max} photos.',
  'qr.photoNotFound': 'La photo {id} est introuvable.',
  'qr.photoAdded': 'Photo ajoutée.',
  'validation.tagPrefix':
    '« {field} » ne peut contenir que des lettres, des chiffres, « - » et « _ ».',
  'validation.tagProperty':
    '« {field} » doit être Height, Owner, Material, Top Diameter ou Bottom Diameter pour un détail de type Attribut.',
  'qr.skipTooLarge': '« skip » doit être inférieur à {max}, les étiquettes d’une planche.',
  'qr.sheet.name': 'Étiquettes',
  'qr.sheet.code': 'Code',
  'qr.sheet.link': 'Lien',
  'qr.sheet.template': 'Modèle',
  'qr.sheet.elementType': "Type d'élément",
  'qr.sheet.cluster': 'Cluster',
  'qr.sheet.scanned': 'Scannée',
  'qr.sheet.scannedAt': 'Scannée le',
  'qr.sheet.scannedBy': 'Scannée par',
  'qr.sheet.element': 'Élément lié',
  'qr.sheet.latitude': 'Latitude',
  'qr.sheet.longitude': 'Longitude',
  'qr.sheet.yes': 'Oui',
  'qr.sheet.no': 'Non',
  'qr.sheet.freeText': 'Texte libre {id}',
  'reports.notFound': 'Le rapport {id} est introuvable.',
  'reports.saved': 'Rapport enregistré avec succès !',
  'reports.deleted': 'Rapport « {name} » supprimé.',
  'reports.scopeOutside':
    'Le central ou le cluster choisi ne fait pas partie du projet {projectId}.',
  'reports.chartMetricUnknown':
    "Le graphique {chart} trace l'indicateur {index}, que le rapport n'a pas.",
  'reports.projectInfoField':
    "Indicateur {metric} : « {name} » n'est pas une donnée de projet ; choisissez parmi {fields}.",
  'reports.elementTypeRequired':
    "Indicateur {metric} : choisissez un type d'élément (PBO-FAT, Splice Closure, FDT-SRO, Building ou Zone).",
  'reports.attributeRequired': 'Indicateur {metric} : choisissez un attribut.',
  'reports.attributeUnknown':
    "Indicateur {metric} : les éléments {type} n'ont pas d'attribut « {name} ».",
  'reports.attributeNotNumber':
    "Indicateur {metric} : « {name} » de {type} n'est pas un nombre ; il ne peut être ni additionné, ni moyenné, ni servir dans une formule.",
  'reports.aggregationNotAllowed':
    "Indicateur {metric} : un indicateur Élément réseau compte les éléments et ne prend pas d'agrégation.",
  'reports.formulaRequired':
    'Indicateur {metric} : une formule a besoin de ses variables et opérations.',
  'reports.formulaVariableCount':
    'Indicateur {metric} : la formule annonce {expected} variables mais en liste {count}.',
  'reports.formulaOperationCount':
    'Indicateur {metric} : il faut {expected} opération(s) entre les variables, pas {count}.',
  'reports.title.count': 'Nombre de {type}',
  'reports.info.name': 'Nom',
  'reports.info.client': 'Client',
  'reports.info.subsidiary': 'Filiale',
  'reports.info.mainProject': 'Projet principal',
  'reports.info.centralOffices': 'Centraux',
  'reports.info.clusters': 'Clusters',
  'reports.info.users': 'Utilisateurs',
  'reports.info.phases': 'Clusters par phase',
  'reports.info.homesPassed': 'Logements raccordables',
  'reports.info.cost': 'Coût',
  'reports.info.builtCost': 'Coût construit',
  'reports.info.leftCost': 'Coût restant à dépenser',
  'reports.info.costPerHomePassed': 'Coût par logement raccordable',
  'reports.info.costPerHomeConnected': 'Coût par logement raccordé',
  'reports.info.inCurrency': '{title} ({currency})',
  'reports.formulaProjectInfoField':
    "Métrique {metric} : une formule sans type d'élément combine des chiffres du projet ; '{name}' n'en fait pas partie ({fields}).",
  'reports.info.cableMetres': 'Mètres de câble',
  'reports.info.homesConnected': 'Logements raccordés',
  'reports.info.fibres': 'Fibres par état',
  'reports.info.pboPortsUsed': 'Ports PBO utilisés',
  'reports.column.fibres.used': 'Utilisées',
  'reports.column.fibres.reserved': 'Réservées',
  'reports.column.fibres.faulty': 'Défectueuses',
  'reports.column.fibres.free': 'Libres',
  'reports.group.project': 'Projet',
  'reports.group.centralOffice': 'Central',
  'reports.group.cluster': 'Cluster',
  'reports.group.phase': 'Phase',
  'reports.column.totalMetres': 'Total (m)',
  'reports.column.capacityMetres': '{capacity} fibres (m)',
  'reports.note.notNumbers':
    '{count} valeur(s) qui ne sont pas des nombres ont été comptées comme vides.',
  'reports.note.divisionByZero': '{count} division(s) par zéro ont été laissées vides.',
  'qr.rollTooLong':
    'Un rouleau thermique imprime au plus {max} étiquettes par document : imprimez une plage (from, to).',
  'reports.sheet.report': 'Rapport',
  'reports.sheet.scope': 'Périmètre',
  'reports.sheet.ranAt': 'Calculé le',
  'reports.sheet.notes': 'Remarques',
  'templates.notFound': 'Le modèle {id} est introuvable.',
  'templates.saved': 'Modèle « {name} » enregistré.',
  'templates.locked':
    '« {name} » est calculé ou lu par le serveur : il ne peut être ni supprimé, ni renommé, ni changé de type.',
  'templates.unknownAttribute': "« {name} » n'est pas un attribut de ce modèle.",
  'templates.attributeTwice': '« {name} » apparaît deux fois dans la liste.',
  'templates.duplicateName':
    'Ce modèle a déjà un attribut nommé « {name} » (les noms sont comparés sans tenir compte de la casse).',
  'templates.reservedName':
    '« {name} » est calculé par le serveur pour ce type : choisissez un autre nom.',
  'templates.optionsNeeded': 'La liste déroulante « {name} » doit avoir au moins une option.',
  'templates.duplicateOption': 'La liste déroulante « {name} » contient « {option} » deux fois.',
  'templates.requiredNeedsDefault':
    "« {name} » est obligatoire : il lui faut une valeur par défaut pour les éléments qui n'en ont pas.",
  'templates.valuesDoNotFit':
    "{count} élément(s) ont pour « {name} » des valeurs non valides en tant que {inputType} : videz-les d'abord, ou ajoutez un nouvel attribut.",
  'reports.shared':
    'Rapport partagé avec les utilisateurs de {project} : ils peuvent l’ouvrir et le calculer, pas le modifier.',
  'reports.unshared': 'Le rapport n’est plus partagé.',
};
