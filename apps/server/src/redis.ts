import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Reports a Redis outage once, and its end. ioredis reconnects (and resubscribes) by itself,
 * but with no error listener it prints every failed attempt, a stack trace every second or two.
 */
export function reportOutages(client: Redis, log: FastifyBaseLogger, role: string): Redis {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`Redis for ${role} is unreachable (${error.message}); retrying`);
  });
  client.on('ready', () => {
    if (down) log.info(`Redis for ${role} is back`);
    down = false;
  });
  return client;
}

/**
 * Closes a connection: gracefully when Redis is there, at once when it is not (a QUIT sent
 * to an unreachable Redis waits in the offline queue, and shutdown with it).
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status !== 'ready') return client.disconnect();
  await client.quit().catch(() => client.disconnect());
}
