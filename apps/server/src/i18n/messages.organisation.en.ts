/** Messages of the organisation written by admins (issue 28), in English. */
export const organisationEn = {
  'organisation.subsidiaryNotFound': 'Subsidiary {id} was not found.',
  'organisation.clientNotFound': 'Client {id} was not found.',
  'organisation.mainProjectNotFound': 'Main project {id} was not found.',
  'organisation.projectNotFound': 'Project {id} was not found.',
  'organisation.subsidiaryNameTaken': "A subsidiary named '{name}' already exists.",
  'organisation.clientNameTaken': "A client named '{name}' already exists in this subsidiary.",
  'organisation.mainProjectNameTaken':
    "A main project named '{name}' already exists for this client.",
  'organisation.basemapUnknown': "There is no base map '{basemap}': choose one of {choices}.",
  'organisation.projectNameTaken': "A project named '{name}' already exists in this main project.",
  'organisation.notEmpty':
    "'{name}' still holds {contents}. Type its name to delete it with all of them.",
  'organisation.count.clients': '{count} client(s)',
  'organisation.count.mainProjects': '{count} main project(s)',
  'organisation.count.projects': '{count} project(s)',
  'organisation.count.centralOffices': '{count} central office(s)',
  'organisation.count.clusters': '{count} cluster(s)',
  'organisation.count.elements': '{count} element(s)',
  'organisation.created': "'{name}' created.",
  'organisation.updated': "'{name}' saved.",
  'organisation.deleted': "'{name}' deleted.",
} as const;
