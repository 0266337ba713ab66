import type { organisationEn } from './messages.organisation.en.ts';

/** Messages de l'organisation gérée par les administrateurs (issue 28), en français. */
export const organisationFr: Record<keyof typeof organisationEn, string> = {
  'organisation.subsidiaryNotFound': 'Filiale {id} introuvable.',
  'organisation.clientNotFound': 'Client {id} introuvable.',
  'organisation.mainProjectNotFound': 'Projet principal {id} introuvable.',
  'organisation.projectNotFound': 'Projet {id} introuvable.',
  'organisation.subsidiaryNameTaken': 'Une filiale nommée « {name} » existe déjà.',
  'organisation.clientNameTaken': 'Un client nommé « {name} » existe déjà dans cette filiale.',
  'organisation.mainProjectNameTaken':
    'Un projet principal nommé « {name} » existe déjà pour ce client.',
  'organisation.basemapUnknown':
    'Il n’y a pas de fond de carte « {basemap} » : choisissez parmi {choices}.',
  'organisation.projectNameTaken':
    'Un projet nommé « {name} » existe déjà dans ce projet principal.',
  'organisation.notEmpty':
    '« {name} » contient encore {contents}. Saisissez son nom pour le supprimer avec tout son contenu.',
  'organisation.count.clients': '{count} client(s)',
  'organisation.count.mainProjects': '{count} projet(s) principal(aux)',
  'organisation.count.projects': '{count} projet(s)',
  'organisation.count.centralOffices': '{count} central(aux)',
  'organisation.count.clusters': '{count} cluster(s)',
  'organisation.count.elements': '{count} élément(s)',
  'organisation.created': '« {name} » créé.',
  'organisation.updated': '« {name} » enregistré.',
  'organisation.deleted': '« {name} » supprimé.',
};
