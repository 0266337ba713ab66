import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../apps/server/src/app.ts';
import { loadConfig, type Config } from '../../apps/server/src/config.ts';
import type { BenchDatabase } from './bench-database.ts';

export interface BenchServer {
  app: FastifyInstance;
  /** http://127.0.0.1:port */
  origin: string;
  /** The admin's sign-in, as the web app stores it. */
  token: string;
  user: unknown;
  /** fetch under /api, resending once a request whose keep-alive socket was closed. */
  send(path: string, init: RequestInit): Promise<Response>;
  /** A JSON call as the admin; throws on a failed status; answers the body text. */
  call(method: string, path: string, body?: unknown): Promise<string>;
}

/** The whole app listening on a free port over a bench database, signed in as the admin. */
export async function startBenchServer(
  bench: BenchDatabase,
  overrides: Partial<Config> = {},
  options: Pick<AppDeps, 'elementEvents'> = {},
): Promise<BenchServer> {
  const config = { ...loadConfig({}), dataDir: bench.dataDir, logLevel: 'silent', ...overrides };
  const app = await buildApp({ config, db: bench.db, logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // A keep-alive socket the server closed while a long step ran (fastify closes idle ones
  // after 72 s) fails the next request before it is sent: send that one again.
  const send = (path: string, init: RequestInit) =>
    fetch(`${origin}/api${path}`, init).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
      return fetch(`${origin}/api${path}`, init);
    });
  const login = (await (
    await send('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@example.com',
        password: 'admin1234',
        platform: 'integration',
      }),
    })
  ).json()) as { access_token: string; user: unknown };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await send(path, {
      method,
      headers: {
        authorization: `Bearer ${login.access_token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      // A string is a body serialised beforehand, outside a timing (as raw SQL's input is).
      body: typeof body === 'string' ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text;
  };
  return { app, origin, token: login.access_token, user: login.user, send, call };
}
