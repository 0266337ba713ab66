/** Browser local storage keys of SPEC §3. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userData: 'user_data',
  locale: 'locale',
  projectId: 'projectID',
  clusterId: 'clusterID',
} as const;
