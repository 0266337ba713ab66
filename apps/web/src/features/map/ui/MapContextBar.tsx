/** Where you are (project › cluster) and an empty cluster's message (stub, filled in by its owner this session). */
export function MapContextBar(_props: { projectName: string; clusterName: string }) {
  return null;
}
