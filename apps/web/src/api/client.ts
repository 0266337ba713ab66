import type { ApiFailure } from '@integration/contracts';
import { session } from '../session/session.ts';

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
  const headers: Record<string, string> = { 'accept-language': session.locale() };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'network');
  }
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
