import type {
  Report,
  ReportAttributes,
  ReportBody,
  ReportRun,
  RunReportBody,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

type Data<T> = { data: T; message?: string };

/** The scope of a run: a project, optionally narrowed to a central office or a cluster. */
export type RunScope = Omit<RunReportBody, 'report'>;

export const reportKeys = {
  all: ['reports'] as const,
  ofUser: (userId: number) => ['reports', 'user', userId] as const,
  one: (id: number) => ['reports', 'one', id] as const,
  /** A project's attributes; 0: those of every project the user may read. */
  attributes: (projectId: number) => ['reports', 'attributes', projectId] as const,
  readyMade: () => ['reports', 'ready-made'] as const,
  run: (id: number, scope: RunScope) => ['reports', 'run', id, scope] as const,
  draft: (scope: RunScope, report: ReportBody) => ['reports', 'draft', scope, report] as const,
};

/** The report calls (SPEC §7 "Reports" and the additions). */
export const reportsApi = {
  ofUser: (userId: number) =>
    api<Data<Report[]>>('GET', `/integration/reports/user/${userId}`).then((r) => r.data),
  get: (id: number) => api<Data<Report>>('GET', `/integration/reports/${id}`).then((r) => r.data),
  create: (body: ReportBody) => api<Data<Report>>('POST', '/integration/reports/create', body),
  update: (id: number, body: ReportBody) =>
    api<Data<Report>>('POST', `/integration/reports/update/${id}`, body),
  delete: (id: number) => api<{ message?: string }>('DELETE', `/integration/reports/${id}`),
  /** Shared read-only with a project's users, or no longer (null). */
  share: (id: number, projectId: number | null) =>
    api<Data<Report> & { message: string }>('POST', `/integration/reports/share/${id}`, {
      projectId,
    }),
  run: (id: number, scope: RunScope) =>
    api<Data<ReportRun>>('POST', `/integration/reports/run/${id}`, scope).then((r) => r.data),
  /** The builder's preview: a configuration run without saving it. */
  runDraft: (scope: RunScope, report: ReportBody) =>
    api<Data<ReportRun>>('POST', '/integration/reports/run/draft', { ...scope, report }).then(
      (r) => r.data,
    ),
  /** A run of a saved report as a document: one sheet per metric, or tables and charts as PDF. */
  export: (
    id: number,
    scope: RunScope,
    format: 'xlsx' | 'pdf',
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ) =>
    downloadFile(
      `/integration/reports/export/${id}?format=${format}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(scope),
        signal,
      },
      onProgress,
    ),
  /** Ready-made FTTH reports to start from. */
  readyMade: () =>
    api<Data<ReportBody[]>>('GET', '/integration/reports/ready-made').then((r) => r.data),
  /** A project's attributes, or (null) those of every project the user may read. */
  attributes: (projectId: number | null) =>
    api<Data<ReportAttributes>>(
      'GET',
      projectId === null
        ? '/integration/reports/attributes'
        : `/integration/reports/attributes/${projectId}`,
    ).then((r) => r.data),
};
