import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Basemap } from '@integration/contracts';

/** The origins of the configured tile URLs ('/…' tiles are our own and need none). */
export function tileOrigins(basemaps: readonly Basemap[]): string[] {
  const urls = basemaps.flatMap((b) => [...b.tiles, ...(b.overlay?.tiles ?? [])]);
  const origins = new Set<string>();
  for (const url of urls) {
    if (url.startsWith('/')) continue;
    try {
      origins.add(new URL(url.replace(/\{[a-z]+\}/gi, '0')).origin);
    } catch {
      // loadBasemaps already refused malformed URLs; nothing to allow for one.
    }
  }
  return [...origins].sort();
}

/**
 * The WebSocket origins of the page's own host (socket.io): 'self' covers them in CSP 3
 * browsers, not in older Safari. Named only for a plain host[:port] Host header.
 */
export function socketOrigins(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)
    ? `ws://${host} wss://${host}`
    : '';
}

/**
 * The origins of IMPORT_URL_ORIGINS ('https://data.example.org, https://gis.example.com'):
 * where "Import from URL" may fetch a file in the browser, besides this server.
 */
export function importOrigins(raw: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of (raw ?? '').split(/[\s,]+/)) {
    if (!entry) continue;
    const url = URL.parse(entry);
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      throw new Error(`IMPORT_URL_ORIGINS: '${entry}' is not an http(s) origin.`);
    }
    origins.add(url.origin);
  }
  return [...origins].sort();
}

/**
 * Security headers on every answer (helmet), with a Content-Security-Policy that lets the map
 * load the configured tiles. Note: the token lives in localStorage, so script-src is what
 * matters most: only our own scripts (and the hashes Swagger UI declares for its page) run.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: {
    basemaps: readonly Basemap[];
    swaggerScripts: string[];
    swaggerStyles: string[];
    /** Origins "Import from URL" may fetch from (IMPORT_URL_ORIGINS). */
    importOrigins?: readonly string[];
  },
): Promise<void> {
  const tiles = tileOrigins(options.basemaps);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // WebAssembly may be compiled (the scan page's QR decoder), never JavaScript from text.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...options.swaggerScripts],
        scriptSrcAttr: ["'none'"],
        // Mantine and MapLibre set style attributes and inject <style> at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...options.swaggerStyles],
        imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        // Our API and socket, the configured tiles, and the hosts 'Import from URL' may read:
        // no other origin, so nothing a page could be made to run can send data elsewhere.
        // (The routing server is the server's to call: the browser never does.)
        connectSrc: [
          "'self'",
          (request) => socketOrigins(request),
          ...tiles,
          ...(options.importOrigins ?? []),
        ],
      },
    },
    // HSTS only when the request really came over HTTPS (see below): on plain http it would
    // be ignored, and behind a proxy it must follow the proxy's scheme.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
