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
 * Security headers on every answer (helmet), with a Content-Security-Policy that lets the map
 * load the configured tiles. Note: the token lives in localStorage, so script-src is what
 * matters most: only our own scripts (and the hashes Swagger UI declares for its page) run.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { basemaps: readonly Basemap[]; swaggerScripts: string[]; swaggerStyles: string[] },
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
        // Tiles are fetched; 'Import from URL' fetches the user's https file in the browser.
        connectSrc: ["'self'", 'https:', ...tiles],
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
