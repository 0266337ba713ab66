import { session } from '../session/session.ts';
import { ApiError, timeZone } from './client.ts';

/** The headers of a call made with fetch itself (files up and down): language and token. */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'accept-language': session.locale(),
    'x-time-zone': timeZone(),
  };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The envelope of a failed answer as an ApiError carrying the server's message. */
export async function failure(response: Response): Promise<ApiError> {
  const json = (await response.json().catch(() => null)) as {
    error?: string;
    message?: string;
    details?: unknown;
  } | null;
  return new ApiError(
    response.status,
    json?.error ?? 'HTTP_ERROR',
    json?.message ?? response.statusText,
    json?.details,
  );
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
  response: Response;
}

/**
 * A file from the API read chunk by chunk, so the screen can show progress (bytes received)
 * and a Cancel can abort it; named as the server's Content-Disposition says.
 */
export async function downloadFile(
  path: string,
  init: RequestInit,
  onProgress: (bytes: number) => void,
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: { ...authHeaders(), ...(init.headers as Record<string, string> | undefined) },
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
  if (!response.ok) throw await failure(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const filename = encoded
    ? decodeURIComponent(encoded)
    : (/filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download');
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (!reader) return { blob: await response.blob(), filename, response };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received);
  }
  const type = response.headers.get('content-type') ?? '';
  return { blob: new Blob(chunks as BlobPart[], { type }), filename, response };
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
