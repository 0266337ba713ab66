import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An incoming id we keep as is: short, and nothing a log line or a header could be hurt by. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the id a proxy or a client sent in X-Request-Id when it is safe, so one
 * id follows a request through the proxy's log and ours; else a new UUID. Fastify logs it as
 * `reqId` on every line of the request.
 */
export function requestId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * Every answer carries its request's id (successes, errors, 404s, static files), so a user's
 * report or a proxy's log line leads to the server's log lines. onSend runs for all of them.
 * No CORS is configured (the web app is served from the same origin): nothing to expose.
 */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
}
