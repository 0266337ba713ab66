import path from 'node:path';
import type { Basemap } from '@integration/contracts';
import { importOrigins } from './http/security-headers.ts';
import { loadBasemaps } from './modules/basemaps/basemaps.config.ts';
import { ROUTING_ENGINES, type RoutingEngine } from './modules/routing/external-routing.ts';

/**
 * Every environment variable the server reads, parsed in one place.
 * The README's "Configuration" table documents the same list.
 */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database, the generated JWT secret and the mail outbox live. */
  dataDir: string;
  /** A PostgreSQL URL; unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /** Unset means a secret generated once and kept in dataDir (single-instance only). */
  jwtSecret: string | undefined;
  jwtExpiresIn: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Base of the links sent by mail, e.g. https://integration.example.com */
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Seed the demo data: default on for the embedded database, off for PostgreSQL. */
  seedDemo: boolean;
  redisUrl: string | undefined;
  loginMaxPerIp: number;
  loginMaxPerEmail: number;
  loginWindowSeconds: number;
  /** Built web app served at '/'; absent in development (Vite serves it). */
  webDistDir: string;
  logLevel: string;
  /**
   * Behind a load balancer: which X-Forwarded-For hops to believe (client IP for rate limits
   * and logs, protocol for HSTS): false, a number of proxies, addresses/CIDRs, or true (all).
   */
  trustProxy: boolean | number | string;
  /** Origins "Import from URL" may fetch from in the browser (IMPORT_URL_ORIGINS, CSP). */
  importUrlOrigins: string[];
  /** Largest upload the GIS file import accepts, in bytes (all files of one request). */
  importMaxBytes: number;
  /** The map's base layers: BASEMAPS (JSON or a JSON file) over public XYZ defaults. */
  basemaps: Basemap[];
  /** A routing server for two-wheeler routes (ROUTING_URL); unset: the embedded engine. */
  routingUrl?: string;
  /** What kind of server ROUTING_URL is (ROUTING_ENGINE: osrm, graphhopper or valhalla). */
  routingEngine: RoutingEngine;
  /**
   * A bearer token that may read GET /api/metrics besides admins (METRICS_TOKEN), for a
   * Prometheus scraper; unset: admins only.
   */
  metricsToken: string | undefined;
  /** Scan photos one user may keep in one project, and a project in all (PHOTO_QUOTA_*_MB). */
  photoQuota: { userBytes: number; projectBytes: number };
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got '${raw}'.`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw);
}

function routingEngine(raw: string | undefined): RoutingEngine {
  const engine = (blankToUndefined(raw) ?? 'osrm').toLowerCase();
  if (!(ROUTING_ENGINES as readonly string[]).includes(engine)) {
    throw new Error(`ROUTING_ENGINE must be one of ${ROUTING_ENGINES.join(', ')}, got '${raw}'.`);
  }
  return engine as RoutingEngine;
}

/**
 * TRUST_PROXY: `0`/unset none; `N` the N proxies nearest the server (`1`: one nginx in front,
 * the client is the address it appends; an address a client writes into the header itself is
 * never believed); addresses or CIDRs, comma separated; `true` every hop (only when nothing
 * but the proxy can reach the server and it overwrites the header).
 */
function trustProxy(raw: string | undefined): boolean | number | string {
  const value = raw?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  if (/^[\d.:a-f/,\s]+$/.test(value)) return value.replace(/\s+/g, '');
  throw new Error(
    `TRUST_PROXY must be 0, a number of proxies, their addresses (comma separated) or true, got '${raw}'.`,
  );
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const databaseUrl = blankToUndefined(env.DATABASE_URL);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl,
    jwtSecret: blankToUndefined(env.JWT_SECRET),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '12h',
    smtpUrl: blankToUndefined(env.SMTP_URL),
    mailFrom: env.MAIL_FROM ?? 'Integration <no-reply@integration.local>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    adminEmail: blankToUndefined(env.ADMIN_EMAIL),
    adminPassword: blankToUndefined(env.ADMIN_PASSWORD),
    seedDemo: flag(env, 'SEED_DEMO', databaseUrl === undefined),
    redisUrl: blankToUndefined(env.REDIS_URL),
    loginMaxPerIp: int(env, 'LOGIN_MAX_PER_IP', 100),
    loginMaxPerEmail: int(env, 'LOGIN_MAX_PER_EMAIL', 10),
    loginWindowSeconds: int(env, 'LOGIN_WINDOW_SECONDS', 15 * 60),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    importUrlOrigins: importOrigins(env.IMPORT_URL_ORIGINS),
    importMaxBytes: int(env, 'IMPORT_MAX_BYTES', 200 * 1024 * 1024),
    basemaps: loadBasemaps(env.BASEMAPS),
    routingUrl: blankToUndefined(env.ROUTING_URL),
    routingEngine: routingEngine(env.ROUTING_ENGINE),
    metricsToken: blankToUndefined(env.METRICS_TOKEN),
    photoQuota: {
      userBytes: int(env, 'PHOTO_QUOTA_USER_MB', 200) * 1024 * 1024,
      projectBytes: int(env, 'PHOTO_QUOTA_PROJECT_MB', 2048) * 1024 * 1024,
    },
  };
}
