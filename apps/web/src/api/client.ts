import type { ApiFailure } from '@integration/contracts';
import { session } from '../session/session.ts';

/** The browser's time zone: documents the server makes write their dates in it (issue 28). */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A failed API call, carrying the server's (already localised) message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One typed entry to the API: base URL, bearer token, locale, and error mapping. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return parsed<T>(await send(method, path, body));
}

/**
 * A GET that hands back the entity tag of the answer it already holds: null when the server
 * says it is unchanged (304), else the new answer and its tag.
 */
export async function apiIfChanged<T>(
  path: string,
  etag: string | undefined,
): Promise<{ etag: string | null; body: T } | null> {
  const response = await send('GET', path, undefined, etag ? { 'if-none-match': etag } : {});
  if (response.status === 304) return null;
  return { etag: response.headers.get('etag'), body: await parsed<T>(response) };
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    'accept-language': session.locale(),
    'x-time-zone': timeZone(),
    ...extra,
  };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
}

async function parsed<T>(response: Response): Promise<T> {
  const json = (await response.json().catch(() => null)) as (T & Partial<ApiFailure>) | null;
  if (!response.ok || json === null || json.status === false) {
    throw new ApiError(
      response.status,
      json?.error ?? 'HTTP_ERROR',
      json?.message ?? response.statusText,
      json?.details,
    );
  }
  return json;
}
