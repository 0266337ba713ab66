import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A generated file served like a static one: strong ETag, a day of caching, gzip. */
export interface StaticAsset {
  contentType: string;
  body: Buffer;
  /** Kept only when it saves something (large GeoJSON, not a small SVG). */
  gzip?: Buffer;
  etag: string;
}

const ONE_DAY_S = 86_400;

export function staticAsset(contentType: string, text: string): StaticAsset {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  const gzip = body.length > 1024 ? gzipSync(body, { level: 9 }) : undefined;
  return { contentType, body, etag, gzip };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function acceptsGzip(request: FastifyRequest): boolean {
  const accept = request.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(accept);
}

export function sendStaticAsset(request: FastifyRequest, reply: FastifyReply, asset: StaticAsset) {
  reply
    .header('cache-control', `public, max-age=${ONE_DAY_S}`)
    .header('etag', asset.etag)
    .header('content-type', asset.contentType);
  if (asset.gzip) reply.header('vary', 'Accept-Encoding');
  if (matches(request.headers['if-none-match'], asset.etag)) return reply.code(304).send();
  if (asset.gzip && acceptsGzip(request)) {
    return reply.header('content-encoding', 'gzip').send(asset.gzip);
  }
  return reply.send(asset.body);
}
