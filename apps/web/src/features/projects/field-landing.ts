/** Set once the app has opened in this tab: later visits to the Project page stay there. */
const LANDED = 'fieldLanded';

/**
 * Whether a field user arriving on the Project page goes on to the map: the first time in this
 * tab (a sign-in, the app reopened), when a cluster was open before. Choosing Project later
 * shows the projects.
 */
export function landsOnMap(workspace: { projectId: number | null; clusterId: number | null }) {
  const first = sessionStorage.getItem(LANDED) === null;
  sessionStorage.setItem(LANDED, '1');
  return first && workspace.projectId !== null && workspace.clusterId !== null;
}
