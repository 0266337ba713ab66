import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { PgliteDatabase } from './db/pglite.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { closeConnectionsWhenStopping } from './http/closing-connections.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { requestLocale } from './http/locale.ts';
import { loggerOptions } from './http/log-serializers.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { translate } from './i18n/translate.ts';
import { registerAuthHook } from './modules/auth/auth.hook.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { resolveJwtSecret } from './modules/auth/jwt-secret.ts';
import { createLoginLimiter } from './modules/auth/login-limiter.ts';
import { Revocations, signClaims } from './modules/auth/tokens.ts';
import { basemapsRoutes } from './modules/basemaps/basemaps.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { readinessProbe } from './modules/health/readiness.ts';
import { createEnclosuresService } from './modules/fibre/enclosures.service.ts';
import { fibreRoutes } from './modules/fibre/fibre.routes.ts';
import { costsRoutes } from './modules/costs/costs.routes.ts';
import { createCostsService } from './modules/costs/costs.service.ts';
import { designRoutes } from './modules/design/design.routes.ts';
import { createDesignService } from './modules/design/design.service.ts';
import { fibreDocumentsRoutes } from './modules/fibre/fibre-documents.routes.ts';
import { createTraceService } from './modules/fibre/trace.service.ts';
import { iconsRoutes } from './modules/icons/icons.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { platformsRoutes } from './modules/platforms/platforms.routes.ts';
import { centralOfficesRoutes } from './modules/central-offices/central-offices.routes.ts';
import { createCentralOfficesService } from './modules/central-offices/central-offices.service.ts';
import { clustersRoutes } from './modules/clusters/clusters.routes.ts';
import { createClustersService } from './modules/clusters/clusters.service.ts';
import { elementsRoutes } from './modules/network-elements/elements.routes.ts';
import { createElementsService } from './modules/network-elements/elements.service.ts';
import { templatesRoutes } from './modules/templates/templates.routes.ts';
import { createTemplatesService } from './modules/templates/templates.service.ts';
import { fileFormatRoutes } from './modules/file-format/file-format.routes.ts';
import { createFileFormatService } from './modules/file-format/file-format.service.ts';
import { GdalHost } from './modules/file-format/gdal-host.ts';
import { createExchangeService } from './modules/exchange/exchange.service.ts';
import { hierarchyRoutes } from './modules/hierarchy/hierarchy.routes.ts';
import { organisationRoutes } from './modules/organisation/organisation.routes.ts';
import { createOrganisationService } from './modules/organisation/organisation.service.ts';
import { createHierarchyService } from './modules/hierarchy/hierarchy.service.ts';
import { createQrDocumentsService } from './modules/qrcode/qr-documents.service.ts';
import { createQrTagsService } from './modules/qrcode/qr-tags.service.ts';
import { createQrTemplatesService } from './modules/qrcode/qr-templates.service.ts';
import { qrcodeRoutes } from './modules/qrcode/qrcode.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createRoadImportService } from './modules/routing/road-import.service.ts';
import { routingRoutes } from './modules/routing/routing.routes.ts';
import { createRoutingService } from './modules/routing/routing.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { locationsRoutes } from './modules/realtime/locations.routes.ts';
import type { ElementEvents } from './modules/realtime/element-events.ts';
import { startRealtime } from './modules/realtime/realtime.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { MvtWorkerHost } from './modules/tiles/mvt-worker-host.ts';
import { memoryTileCache, redisTileCache } from './modules/tiles/tile-cache.ts';
import { postgisTileEncoder, serverTileEncoder } from './modules/tiles/tile-encoders.ts';
import { tilesRoutes } from './modules/tiles/tiles.routes.ts';
import { createTilesService } from './modules/tiles/tiles.service.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createMetrics } from './observability/metrics.ts';
import { databaseCopyRoutes } from './operations/backup/database-copy.routes.ts';
import { answerWithRequestId, requestId } from './observability/request-id.ts';
import { timedDatabase } from './observability/timed-database.ts';
import { APP_VERSION } from './version.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Wraps live-edit publishing (benchmarks: to time it, or turn it off). */
  elementEvents?: (live: ElementEvents) => ElementEvents;
  /**
   * The token of the operator routes (`npm run backup` asking the running server for a copy
   * of the embedded database); without it they are not served.
   */
  operatorToken?: string;
}

/** The whole HTTP application, without listening: main.ts and the tests both use it. */
export async function buildApp({
  config,
  db: untimedDb,
  mailer,
  logger,
  elementEvents,
  operatorToken,
}: AppDeps): Promise<FastifyInstance> {
  const metrics = createMetrics();
  // Every statement the app runs is timed for GET /api/metrics.
  const db = timedDatabase(untimedDb, metrics);
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    // A number of proxies: the hops nearest the server are believed, no further.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    genReqId: requestId,
  });
  answerWithRequestId(app);
  metrics.register(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  closeConnectionsWhenStopping(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Integration API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await registerSecurityHeaders(app, {
    basemaps: config.basemaps,
    swaggerScripts: app.swaggerCSP.script,
    swaggerStyles: app.swaggerCSP.style,
    importOrigins: config.importUrlOrigins,
  });
  await app.register(fastifyJwt, {
    secret: resolveJwtSecret(config),
    sign: { expiresIn: config.jwtExpiresIn },
  });

  const limiter = createLoginLimiter(config, app.log);
  const revocations = new Revocations();
  app.addHook('onClose', () => limiter.close());
  const auth = createAuthService({
    db,
    config,
    limiter,
    mailer: mailer ?? createMailer(config, app.log),
    log: app.log,
    signToken: (user) => app.jwt.sign(signClaims(user)),
    unlockTokens: {
      sign: (email) => app.jwt.sign({ unlock: email }, { expiresIn: '1h' }),
      read(token) {
        try {
          const { unlock } = app.jwt.verify<{ unlock?: unknown }>(token);
          return typeof unlock === 'string' ? unlock : null;
        } catch {
          return null;
        }
      },
    },
    revocations,
  });
  // Mails sent after their answer finish before the database (and the outbox) close.
  app.addHook('onClose', () => auth.settle());

  const realtime = startRealtime(app, db, config.redisUrl, revocations);
  const presence = realtime.presence;
  metrics.watchLive(realtime.counts);
  metrics.watchPool(untimedDb.poolStats);
  // PGlite's PostGIS has no protobuf: its tiles are written by the server, in a thread.
  const mvtHost = config.databaseUrl ? null : new MvtWorkerHost();
  const tiles = createTilesService({
    db,
    encode: mvtHost ? serverTileEncoder(mvtHost) : postgisTileEncoder,
    cache: config.redisUrl
      ? redisTileCache(
          config.redisUrl,
          app.log,
          config.databaseUrl ?? config.dataDir ?? `embedded:${process.pid}`,
        )
      : memoryTileCache(),
    emit: realtime.emit,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await tiles.settled();
    await tiles.close();
    await mvtHost?.close();
  });
  await app.register(
    async (api) => {
      registerAuthHook(api, db);
      await api.register(healthRoutes(db, readinessProbe(db, config.redisUrl)));
      await api.register(metricsRoutes(db, metrics, config.metricsToken));
      if (operatorToken && 'snapshot' in untimedDb) {
        await api.register(databaseCopyRoutes(untimedDb as PgliteDatabase, operatorToken));
      }
      await api.register(authRoutes(auth, db));
      await api.register(usersRoutes(db, createUsersService(db, auth)));
      await api.register(platformsRoutes);
      await api.register(hierarchyRoutes(createHierarchyService(db, presence)));
      await api.register(
        organisationRoutes(
          createOrganisationService(
            db,
            presence,
            config.basemaps.map((b) => b.id),
          ),
        ),
      );
      await api.register(centralOfficesRoutes(createCentralOfficesService(db, presence)));
      await api.register(clustersRoutes(createClustersService(db, presence, tiles)));
      const events = tiles.events(
        elementEvents?.(realtime.elementEvents) ?? realtime.elementEvents,
      );
      await api.register(elementsRoutes(createElementsService(db, events)));
      await api.register(locationsRoutes(realtime.locations));
      await api.register(templatesRoutes(createTemplatesService(db, tiles)));
      await api.register(tilesRoutes(tiles));
      const gdal = new GdalHost();
      const exchange = createExchangeService(db, gdal, config, tiles);
      const files = createFileFormatService(db, config, { gdal, deliveries: exchange });
      await api.register(fileFormatRoutes(files, exchange, config));
      const routing = createRoutingService(db, {
        routingUrl: config.routingUrl,
        routingEngine: config.routingEngine,
      });
      await api.register(
        routingRoutes(routing, createRoadImportService(db, files, routing), config),
      );
      const qrTemplates = createQrTemplatesService(db);
      await api.register(
        qrcodeRoutes(
          qrTemplates,
          createQrTagsService(db, qrTemplates, config),
          createQrDocumentsService(db, qrTemplates, config.publicUrl),
        ),
      );
      await api.register(reportsRoutes(createReportsService(db)));
      const enclosures = createEnclosuresService(db, realtime.emit);
      const traces = createTraceService(db);
      await api.register(fibreRoutes(enclosures, traces));
      await api.register(fibreDocumentsRoutes(enclosures, traces));
      await api.register(designRoutes(createDesignService(db)));
      await api.register(costsRoutes(createCostsService(db)));
      await api.register(iconsRoutes);
      await api.register(basemapsRoutes(config.basemaps));
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({
          status: false,
          statusCode: 404,
          error: 'NOT_FOUND',
          message: translate(requestLocale(request), 'http.notFound', {
            method: request.method,
            path: request.url.split('?')[0] ?? '',
          }),
        }),
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built React app; any non-API path answers index.html (client-side routes). */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built web app in ${distDir}: run 'npm run build' (or use 'npm run dev').`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    setHeaders(res, filePath) {
      // Vite's hashed assets never change; index.html must always be fresh.
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply
        .code(404)
        .send({ status: false, statusCode: 404, error: 'NOT_FOUND', message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
