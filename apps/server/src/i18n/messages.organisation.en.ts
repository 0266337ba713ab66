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
  'organisation.projectNameTaken': "A project named '{name}' already exists in this main project.",
  'organisation.notEmpty':
    "'{name}' still holds {clients} client(s), {mainProjects} main project(s), {projects} project(s), {centralOffices} central office(s), {clusters} cluster(s) and {elements} element(s). Type its name to delete it with all of them.",
  'organisation.created': "'{name}' created.",
  'organisation.updated': "'{name}' saved.",
  'organisation.deleted': "'{name}' deleted.",
} as const;
