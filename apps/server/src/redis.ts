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

/**
 * Whether every connection answers a PING within `ms`. Commands on a connection run in order,
 * so what was sent on it before (subscriptions) is live once it has answered.
 */
export async function answerWithin(clients: Redis[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const answered = Promise.all(clients.map((client) => client.ping())).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}
