import type {
  DesignProblems,
  DesignRule,
  DesignSettings,
  DesignThresholds,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { downloadFile, saveBlob } from '../../api/download.ts';

/** Design checks (issue 27) through the API; the client sends the user's language. */
type Answer<T> = { data: T; message?: string };

const ruleSearch = (rule?: DesignRule | null) => (rule ? `?rule=${rule}` : '');

export const designKeys = {
  all: ['design'] as const,
  problems: (clusterId: number) => ['design', 'problems', clusterId] as const,
  settings: (projectId: number) => ['design', 'settings', projectId] as const,
};

export const designApi = {
  /** Every problem of a cluster, errors first, each message in the user's language. */
  problems: async (clusterId: number) =>
    (await api<Answer<DesignProblems>>('GET', `/design/clusters/${clusterId}/problems`)).data,
  /** The list as a workbook (one rule, or all of them), saved under the server's name. */
  problemsXlsx: async (clusterId: number, rule?: DesignRule | null) => {
    const { blob, filename } = await downloadFile(
      `/design/clusters/${clusterId}/problems.xlsx${ruleSearch(rule)}`,
      { method: 'GET' },
      () => undefined,
    );
    saveBlob(blob, filename);
  },
  settings: async (projectId: number) =>
    (await api<Answer<DesignSettings>>('GET', `/design/projects/${projectId}/settings`)).data,
  /** Planners of the project and admins; the server says why a value is refused. */
  saveSettings: (projectId: number, thresholds: Partial<DesignThresholds>) =>
    api<Answer<DesignSettings>>('POST', `/design/projects/${projectId}/settings`, { thresholds }),
};
