import type { FastifyInstance } from 'fastify';

/**
 * While the server stops, an answer to a request still in flight carries `Connection: close`,
 * so the client's keep-alive connection ends with it. Otherwise that connection idles on for the
 * keep-alive timeout (72 s) after the last request finished, and the stop waits for it.
 */
export function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (stopping) void reply.header('connection', 'close');
    return payload;
  });
}
