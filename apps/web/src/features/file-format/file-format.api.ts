import type {
  CreateElementBody,
  ElementAck,
  ElementTemplate,
  ExchangeImportAnswer,
  ExportBody,
  ImportResult,
} from '@integration/contracts';
import { api } from '../../api/client.ts';
import { authHeaders, downloadFile, failure } from '../../api/download.ts';

export { saveBlob } from '../../api/download.ts';

/** The companions a shapefile URL may have (SPEC §7: the loader GETs them beside the .shp). */
const COMPANIONS = ['shx', 'dbf', 'prj', 'cpg'];

/**
 * The browser loader of SPEC §7: a .zip URL, or a .shp URL with its companions. A status above
 * 399 raises the status text (SPEC §8); missing companions are tolerated (SPEC §5).
 */
export async function filesFromUrl(url: string, signal?: AbortSignal): Promise<File[]> {
  const get = async (address: string) => {
    const response = await fetch(address, { signal });
    if (response.status > 399) throw new Error(response.statusText || String(response.status));
    return new File(
      [await response.blob()],
      decodeURIComponent(new URL(address, location.href).pathname.split('/').pop() ?? 'file'),
    );
  };
  const main = await get(url);
  if (!/\.shp$/i.test(new URL(url, location.href).pathname)) return [main];
  const companions = await Promise.all(
    COMPANIONS.map((ext) => get(url.replace(/\.shp(?=($|[?#]))/i, `.${ext}`)).catch(() => null)),
  );
  return [main, ...companions.filter((f): f is File => f !== null)];
}

export const fileFormatApi = {
  /**
   * POST /file-format/import: the layers found, reprojected to WGS84; or, when the files are a
   * delivery (GraceTHD, OFDS), the server imports it and answers its report. `target` says where
   * a delivery goes: `clusterId` for GraceTHD, `mainProjectId` (a new project under it) for OFDS.
   */
  async importFiles(
    files: File[],
    epsg?: string,
    signal?: AbortSignal,
    target: { clusterId?: number; mainProjectId?: number } = {},
  ): Promise<ImportResult | ExchangeImportAnswer> {
    const form = new FormData();
    if (epsg) form.append('epsg', epsg);
    if (target.clusterId) form.append('clusterId', String(target.clusterId));
    if (target.mainProjectId) form.append('mainProjectId', String(target.mainProjectId));
    for (const file of files) form.append('files', file, file.name);
    const response = await fetch('/api/file-format/import', {
      method: 'POST',
      headers: authHeaders(),
      body: form,
      signal,
    });
    if (!response.ok) throw await failure(response);
    return ((await response.json()) as { data: ImportResult | ExchangeImportAnswer }).data;
  },

  /** POST /file-format/export: the file as a blob, read with progress (bytes received). */
  async exportFile(
    body: ExportBody,
    onProgress: (bytes: number) => void,
    signal?: AbortSignal,
  ): Promise<{ blob: Blob; filename: string; headers: Headers }> {
    const { blob, filename, response } = await downloadFile(
      '/file-format/export',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      },
      onProgress,
    );
    return {
      blob,
      filename: filename === 'download' ? 'export' : filename,
      headers: response.headers,
    };
  },

  templates: (segment: string, projectId: number) =>
    api<{ data: ElementTemplate[] }>(
      'GET',
      `/networkelements/${segment}/templates/project/${projectId}`,
    ).then((r) => r.data),

  createMultiple: (segment: string, data: CreateElementBody[]) =>
    api<{ data: ElementAck[] }>(
      'POST',
      `/networkelements/${segment}/create/multiple?cause=import`,
      {
        data,
      },
    ).then((r) => r.data),
};
