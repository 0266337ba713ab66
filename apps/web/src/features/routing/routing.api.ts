import type {
  ComputeRouteBody,
  ComputeRouteResult,
  RoadImportMode,
  RoadImportReport,
  RoadNetworkSummary,
} from '@integration/contracts';
import { api, ApiError } from '../../api/client.ts';
import { authHeaders } from '../../api/download.ts';

export interface UploadProgress {
  /** Bytes sent so far, and in all; the server then reads the roads (no figure for that). */
  sent: number;
  total: number;
}

interface Envelope {
  data?: RoadImportReport;
  error?: string;
  message?: string;
}

function parseJson(text: string): Envelope | null {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return null;
  }
}

/**
 * POST /routes/network/{projectId}: the file sent with upload progress (XMLHttpRequest, as
 * fetch reports none), `layer` naming which of its layers holds the roads.
 */
function importNetwork(
  projectId: number,
  files: File[],
  options: { mode: RoadImportMode; layer?: string; signal?: AbortSignal },
  onProgress: (p: UploadProgress) => void,
): Promise<RoadImportReport> {
  const form = new FormData();
  form.append('mode', options.mode);
  if (options.layer) form.append('layer', options.layer);
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/routes/network/${projectId}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress({ sent: e.loaded, total: e.total });
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', 'network'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json?.data) resolve(json.data);
      else
        reject(
          new ApiError(xhr.status, json?.error ?? 'HTTP_ERROR', json?.message ?? xhr.statusText),
        );
    };
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export const routingApi = {
  /** POST /routes/compute: routes between two points, best first, and their costs' currency. */
  compute: (body: ComputeRouteBody) =>
    api<{ data: ComputeRouteResult }>('POST', '/routes/compute', body).then((r) => r.data),

  network: (projectId: number) =>
    api<{ data: RoadNetworkSummary }>('GET', `/routes/network/${projectId}`).then((r) => r.data),

  importNetwork,
};
