import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Deepest JSON a body may hold. GeoJSON needs 6 levels (a MultiPolygon in a feature in a
 * collection), element batches about 5; 64 leaves room for nested attribute values.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed value nests at most `left` levels. Recursion is safe: it stops at the cap. */
function nestsWithin(value: object, left: number): boolean {
  if (left === 0) return false;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      if (typeof item === 'object' && item !== null && !nestsWithin(item, left - 1)) return false;
    }
    return true;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null && !nestsWithin(item, left - 1)) return false;
  }
  return true;
}

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks included), refused with a 400
 * when nested deeper than MAX_JSON_DEPTH: JSON.parse copes with any depth, but what comes after
 * it (zod, JSON.stringify, PostgreSQL's jsonb) recurses and would overflow the stack.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      if (typeof value === 'object' && value !== null && !nestsWithin(value, MAX_JSON_DEPTH)) {
        return done(new AppError(400, 'VALIDATION_ERROR', 'http.tooDeep', { max: MAX_JSON_DEPTH }));
      }
      done(null, value);
    });
  });
}
