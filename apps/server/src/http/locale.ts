import type { FastifyRequest } from 'fastify';
import { toLocale, type Locale } from '@integration/contracts';

/**
 * The language of a request's messages: `?locale=` (as the login call sends it), then
 * the `X-Locale` header, then Accept-Language, then English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = query?.locale ?? request.headers['x-locale'];
  if (typeof explicit === 'string' && explicit) return toLocale(explicit);
  return toLocale(request.headers['accept-language']);
}
