import type {
  CreateQrTemplateBody,
  LabelLayoutName,
  LabelsFit,
  TagLinkBase,
  QrTag,
  QrTemplate,
  UpdateQrTemplateBody,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

type Answer = { data: QrTemplate; message: string };

export interface LabelOptions {
  layout: LabelLayoutName;
  from?: number;
  to?: number;
  skip?: number;
}

export const qrKeys = {
  all: ['qr'] as const,
  cluster: (clusterId: number) => ['qr', 'cluster', clusterId] as const,
  tags: (templateId: number) => ['qr', 'tags', templateId] as const,
  fit: (templateId: number, layout: LabelLayoutName) => ['qr', 'fit', templateId, layout] as const,
  linkBase: ['qr', 'link-base'] as const,
};

/** The QR template calls of SPEC §7 and the tags of a template. */
export const qrApi = {
  ofCluster: (clusterId: number) =>
    api<{ data: QrTemplate[] }>('GET', `/qrcode/templates/cluster/${clusterId}`).then(
      (r) => r.data,
    ),
  create: (body: CreateQrTemplateBody) => api<Answer>('POST', '/qrcode/templates/create', body),
  update: (id: number, body: UpdateQrTemplateBody) =>
    api<Answer>('POST', `/qrcode/templates/update/${id}`, body),
  delete: (id: number, force = false) =>
    api<{ statusCode: number; message: string }>(
      'DELETE',
      `/qrcode/templates/${id}${force ? '?force=true' : ''}`,
    ),
  tags: (id: number) =>
    api<{ data: QrTag[] }>('GET', `/qrcode/templates/${id}/tags?limit=1000`).then((r) => r.data),

  /** What the labels cannot print whole on a stock, and where their links point. */
  labelsFit: (id: number, layout: LabelLayoutName) =>
    api<{ data: LabelsFit }>('GET', `/qrcode/templates/${id}/labels/fit?layout=${layout}`).then(
      (r) => r.data,
    ),
  linkBase: () => api<{ data: TagLinkBase }>('GET', '/qrcode/link-base').then((r) => r.data),

  /** GET …/generate/{id}: the labels' PDF, read with progress. */
  labelsPdf(
    id: number,
    options: LabelOptions,
    onProgress: (bytes: number) => void,
    signal: AbortSignal,
  ) {
    const query = new URLSearchParams({ layout: options.layout });
    for (const key of ['from', 'to', 'skip'] as const) {
      if (options[key] !== undefined) query.set(key, String(options[key]));
    }
    return downloadFile(`/qrcode/templates/generate/${id}?${query}`, { signal }, onProgress);
  },
  /** GET …/excel/{id}: the tags as a spreadsheet. */
  spreadsheet: (id: number, onProgress: (bytes: number) => void, signal: AbortSignal) =>
    downloadFile(`/qrcode/templates/excel/${id}`, { signal }, onProgress),
};
