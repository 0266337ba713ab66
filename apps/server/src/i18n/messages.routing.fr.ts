import type { routingEn } from './messages.routing.en.ts';

/** Les messages de « Créer un itinéraire » (issue 18), en français. */
export const routingFr: Record<keyof typeof routingEn, string> = {
  'routing.projectNotFound': 'Le projet {id} est introuvable.',
  'routing.clusterNotInProject': 'Le cluster {clusterId} ne fait pas partie du projet {projectId}.',
  'routing.noRoadNetwork':
    "Le projet {project} n'a pas encore de réseau routier. Importez-en un avec l'assistant d'import (« Importer comme réseau routier du projet » : un extrait OpenStreetMap .osm ou .osm.pbf, ou un GeoJSON, un shapefile ou un GeoPackage de routes), ou envoyez le fichier à POST /api/routes/network/{projectId}.",
  'routing.originTooFar':
    "L'origine est à plus de {max} m de toute route du projet : rapprochez-la d'une route, ou importez les routes alentour.",
  'routing.destinationTooFar':
    "La destination est à plus de {max} m de toute route du projet : rapprochez-la d'une route, ou importez les routes alentour.",
  'routing.waypointTooFar':
    "Le point de passage {index} est à plus de {max} m de toute route du projet : rapprochez-le d'une route, ou importez les routes alentour.",
  'routing.noPath':
    "Aucun itinéraire routier ne relie l'origine et la destination : elles sont sur des parties du réseau qui ne se rejoignent pas (pour un deux-roues, les sens uniques et les voies interdites comptent).",
  'routing.noPathLeg':
    'Aucun itinéraire routier ne relie le point {from} et le point {to} (étape {leg} sur {legs}) : ils sont sur des parties du réseau qui ne se rejoignent pas.',
  'routing.externalUnavailable':
    "Le service d'itinéraires n'a pas répondu ({reason}). Réessayez plus tard, ou demandez à un administrateur de vérifier ROUTING_URL.",
  'routing.externalNoRoute':
    "Le service d'itinéraires n'a trouvé aucun itinéraire entre ces points ({code}).",
  'routing.invalidMode': '« mode » doit valoir « replace » ou « add ».',
  'routing.layerMissing':
    "Les fichiers n'ont pas de couche de lignes nommée « {layer} ». Couches de lignes : {layers}.",
  'routing.noLineLayer':
    "Les fichiers n'ont aucune couche de lignes à utiliser comme routes (couches trouvées : {layers}). Les routes sont des lignes : un extrait OpenStreetMap, ou un GeoJSON, un shapefile ou un GeoPackage de lignes.",
  'routing.noRoadsLoaded':
    "Aucune des {count} entités lues n'est utilisable comme route : {reasons}. Rien n'a été modifié.",
  'routing.networkReplaced': 'Réseau routier remplacé : {edges} routes, {km} km.',
  'routing.networkAdded': 'Routes ajoutées au réseau : {edges} routes, {km} km.',
  'routing.networkCleared': 'Réseau routier vidé ({edges} routes supprimées).',
  'routing.settingsSaved': "Paramètres d'itinéraire enregistrés.",
  'routing.networkTooLarge':
    "Ce réseau routier compte {count} segments de route ; le réseau d'un projet en compte au plus {max}. Importez seulement les routes de la zone du projet (un extrait découpé à sa mesure), ou répartissez la zone entre plusieurs projets. Rien n'a été modifié.",
  'routing.networkTooLargeAdded':
    "Ajouter ces {added} segments de route aux {kept} du projet en ferait {count} ; le réseau d'un projet en compte au plus {max}. Remplacez plutôt le réseau, ou importez une zone plus petite. Rien n'a été modifié.",
  'routing.importRunning':
    "Des routes sont déjà en cours d'import dans le projet {projectId} : attendez la fin de cet import, puis réessayez.",
  'routing.workerFailed':
    "Les itinéraires n'ont pas pu être calculés ({reason}). Réessayez dans un instant.",
  'routing.skip.notLine': 'pas une ligne',
  'routing.skip.emptyGeometry': 'vide ou un seul point',
  'routing.skip.notRoad': 'pas une route (en projet, en construction, quai…)',
  'routing.skip.outsideWorld': 'coordonnées hors longitude/latitude',
};
