import { ROUTES } from '../../app/route-table.ts';

/** `?view=project` of the map's address: the whole project's map (issue 30), not one cluster's. */
export const WHOLE_PROJECT_SEARCH = '?view=project';

/** The address of the whole project's map (the project is the workspace's, as for a cluster). */
export const wholeProjectPath = `${ROUTES.map.path}${WHOLE_PROJECT_SEARCH}`;
