import type {
  CableFibres,
  ConnectionsBody,
  EnclosurePlan,
  HomeBudget,
  SplitterRatio,
  Trace,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { downloadFile, saveBlob } from '../../api/download.ts';

/** Fibre connectivity (issue 26) through the API; the client sends the user's language. */
type Answer<T> = { data: T; message?: string };

/** Where an enclosure's plan is read and changed: an element, or a central office. */
export type PlanHolder = { elementId: number } | { centralOfficeId: number };

const holderPath = (h: PlanHolder) =>
  'elementId' in h
    ? `/fibre/enclosures/${h.elementId}`
    : `/fibre/central-offices/${h.centralOfficeId}`;

export type TraceQuery = { elementId: number } | { fibreId: number };

const traceSearch = (q: TraceQuery) =>
  'elementId' in q ? `elementId=${q.elementId}` : `fibreId=${q.fibreId}`;

/** A file from the API (with the user's token), saved under the server's name for it. */
async function save(path: string) {
  const { blob, filename } = await downloadFile(path, { method: 'GET' }, () => undefined);
  saveBlob(blob, filename);
}

export const fibreKeys = {
  all: ['fibre'] as const,
  plan: (h: PlanHolder) => ['fibre', 'plan', holderPath(h)] as const,
  cable: (id: number) => ['fibre', 'cable', id] as const,
  trace: (q: TraceQuery) => ['fibre', 'trace', q] as const,
  budget: (clusterId: number) => ['fibre', 'budget', clusterId] as const,
  portHomes: (portId: number) => ['fibre', 'port-homes', portId] as const,
};

export const fibreApi = {
  plan: async (h: PlanHolder) => (await api<Answer<EnclosurePlan>>('GET', holderPath(h))).data,
  connect: (h: PlanHolder, body: ConnectionsBody) =>
    api<Answer<{ connections: { id: number }[] }>>('POST', `${holderPath(h)}/connections`, body),
  addSplitter: (h: PlanHolder, ratio: SplitterRatio) =>
    api<Answer<{ id: number }>>('POST', `${holderPath(h)}/splitters`, { ratio }),
  addTray: (h: PlanHolder, capacity: number) =>
    api<Answer<{ id: number }>>('POST', `${holderPath(h)}/trays`, { capacity }),
  addPorts: (h: PlanHolder, kind: 'patch' | 'olt', count: number) =>
    api<Answer<null>>('POST', `${holderPath(h)}/ports`, { kind, count }),
  disconnect: (connectionId: number) =>
    api<Answer<{ id: number }>>('DELETE', `/fibre/connections/${connectionId}`),
  measure: (connectionId: number, measuredLossDb: number | null) =>
    api<Answer<{ id: number }>>('POST', `/fibre/connections/${connectionId}/measured-loss`, {
      measuredLossDb,
    }),
  cable: async (cableId: number) =>
    (await api<Answer<CableFibres>>('GET', `/fibre/cables/${cableId}/fibres`)).data,
  setStatus: (fibreId: number, status: 'free' | 'reserved' | 'faulty') =>
    api<Answer<{ id: number }>>('POST', `/fibre/fibres/${fibreId}/status`, { status }),
  trace: async (q: TraceQuery) =>
    (await api<Answer<Trace>>('GET', `/fibre/trace?${traceSearch(q)}`)).data,
  /** Every home of a cluster with its loss and margin. */
  budget: async (clusterId: number) =>
    (await api<Answer<{ homes: HomeBudget[] }>>('GET', `/fibre/clusters/${clusterId}/budget`)).data,
  /** The homes an OLT port serves, with their loss and margin. */
  portHomes: async (portId: number) =>
    (await api<Answer<{ homes: HomeBudget[] }>>('GET', `/fibre/ports/${portId}/homes`)).data,
  traceXlsx: (q: TraceQuery) => save(`/fibre/trace.xlsx?${traceSearch(q)}`),
  budgetXlsx: (clusterId: number) => save(`/fibre/clusters/${clusterId}/budget.xlsx`),
};
