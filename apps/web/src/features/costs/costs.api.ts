import type { Bom, PriceBook, PriceBookBody } from '@integration/contracts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { scopeSearch, type BomScope } from './bom-scope.ts';

/** Bill of materials and price book (issue 27) through the API, in the user's language. */
type Answer<T> = { data: T; message?: string };

export type BomDocument = 'xlsx' | 'pdf';

export const costsKeys = {
  all: ['costs'] as const,
  /** Every bill of a project: a new price changes them all. */
  boms: (projectId: number) => ['costs', 'bom', projectId] as const,
  bom: (scope: BomScope) =>
    [
      'costs',
      'bom',
      scope.projectId,
      scope.centralOfficeId ?? null,
      scope.clusterId ?? null,
    ] as const,
  prices: (projectId: number) => ['costs', 'prices', projectId] as const,
};

export const costsApi = {
  bom: async (scope: BomScope) =>
    (await api<Answer<Bom>>('GET', `/design/bom?${scopeSearch(scope)}`)).data,
  /** The bill as a workbook or a PDF, named by the server (in the user's language). */
  document: (
    scope: BomScope,
    format: BomDocument,
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ) => downloadFile(`/design/bom.${format}?${scopeSearch(scope)}`, { signal }, onProgress),
  prices: async (projectId: number) =>
    (await api<Answer<PriceBook>>('GET', `/design/projects/${projectId}/prices`)).data,
  /** Replaces the whole book: admins and the project's planners (others get a 403). */
  savePrices: (projectId: number, body: PriceBookBody) =>
    api<Answer<PriceBook>>('POST', `/design/projects/${projectId}/prices`, body),
};
