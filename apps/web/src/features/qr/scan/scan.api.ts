import type { NearbyElement, QrTagView, ScanTagBody } from '@integration/contracts';
import { ApiError, api } from '../../../api/client.ts';
import { authHeaders, failure } from '../../../api/download.ts';

/** The content types the server takes a photo as; it checks the bytes themselves too. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

export const scanKeys = {
  tag: (code: string) => ['qr-scan', 'tag', code] as const,
  nearby: (code: string, at: { lat: number; lng: number } | null) =>
    // Rounded to about 10 m: a wandering fix does not refetch the list at every step.
    ['qr-scan', 'nearby', code, at && at.lat.toFixed(4), at && at.lng.toFixed(4)] as const,
  photo: (code: string, id: number) => ['qr-scan', 'photo', code, id] as const,
};

const tagUrl = (code: string) => `/qrcode/tags/${encodeURIComponent(code)}`;

/** Raw-body calls (photos) with the same headers and error mapping as `api`. */
async function raw(method: 'GET' | 'POST', path: string, body?: Blob): Promise<Response> {
  const headers = authHeaders();
  if (body) headers['content-type'] = PHOTO_TYPES.includes(body.type) ? body.type : 'image/jpeg';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** The field's tag calls (issue "QR asset tags": scan page). */
export const scanApi = {
  tag: (code: string) => api<{ data: QrTagView }>('GET', tagUrl(code)).then((r) => r.data),

  nearby: (code: string, at: { lat: number; lng: number }) =>
    api<{ data: NearbyElement[] }>(
      'GET',
      `${tagUrl(code)}/nearby?lat=${at.lat.toFixed(7)}&lng=${at.lng.toFixed(7)}`,
    ).then((r) => r.data),

  scan: (code: string, body: ScanTagBody) =>
    api<{ data: QrTagView; message: string }>('POST', `${tagUrl(code)}/scan`, body),

  addPhoto: async (code: string, photo: Blob) =>
    (
      (await (await raw('POST', `${tagUrl(code)}/photos`, photo)).json()) as {
        data: { id: number };
      }
    ).data,

  /** The uploader, or a planner of the cluster, may take a photo back (a wrong picture). */
  deletePhoto: (code: string, id: number) =>
    api<{ data: null; message: string }>('DELETE', `${tagUrl(code)}/photos/${id}`),

  /** A stored photo needs the bearer token: fetched as a blob, shown through a blob URL. */
  photo: async (code: string, id: number) =>
    (await raw('GET', `${tagUrl(code)}/photos/${id}`)).blob(),
};
