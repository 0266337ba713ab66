import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_USERS } from './db/seed/demo.seed.ts';
import { seedDatabase } from './db/seed/index.ts';
import { sweepStaleJobFolders } from './modules/file-format/job-folders.ts';
import { claimDataDir, operatorToken, recordServing } from './operations/backup/data-dir-owner.ts';

/** How long in-flight requests may run after a stop signal before the server exits anyway. */
const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  // A server that was killed left its GIS job folders (uploads, unpacked archives) behind.
  const swept = await sweepStaleJobFolders();
  // The embedded database is one process's files: a second server (or a backup opening them)
  // would corrupt them, so this one claims DATA_DIR first, and refuses to start if it is held.
  const releaseDataDir = config.databaseUrl
    ? undefined
    : await claimDataDir(config.dataDir, 'server');
  const token = releaseDataDir && operatorToken();
  const db = await openDatabase(config);
  // Each under the start-up lock, so that instances starting together take turns: migrate
  // takes it itself (and finds nothing to do when another instance already migrated).
  // Note: the server listens only once migrated, so /api/health/ready cannot be asked during
  // this; a load balancer sees a closed port instead, which it treats as not ready too.
  await migrate(db);
  const report = await db.withStartupLock(() => seedDatabase(db, config));
  const app = await buildApp({ config, db, operatorToken: token });

  // Ctrl-C / SIGTERM: stop taking requests, let those in flight finish (within a grace period),
  // close the database, exit. Note: `npm start` relays the terminal's signal too, so a second
  // one arrives at once and must not cut the first short.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    const grace = setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: stopping anyway`);
      void db.close().finally(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS);
    grace.unref();
    try {
      await app.close();
      await db.close();
      await releaseDataDir?.();
      console.log('\n  Integration stopped: requests finished, database closed.\n');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Last resort: one request's stray error is logged, never the end of the service for everyone.
  process.on('uncaughtException', (error) => app.log.error({ err: error }, 'uncaught exception'));
  process.on('unhandledRejection', (reason) =>
    app.log.error({ err: reason }, 'unhandled promise rejection'),
  );

  await app.listen({ port: config.port, host: config.host });
  if (token) {
    // Where `npm run backup` finds this server to ask it for a copy of the database.
    const anyAddress = config.host === '0.0.0.0' || config.host === '::';
    await recordServing(config.dataDir, {
      host: anyAddress ? '127.0.0.1' : config.host,
      port: config.port,
      token,
    });
  }
  if (swept.length) app.log.info(`removed ${swept.length} job folder(s) left by stopped servers`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [
    '',
    `  Integration is running at http://localhost:${config.port}  (started in ${seconds} s)`,
    `  Database: ${db.kind === 'pglite' ? `embedded PGlite + PostGIS in ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  if (report.admin) {
    lines.push(
      `  Admin sign-in: ${report.admin.email}${report.admin.password ? ` / ${report.admin.password}` : ''}`,
    );
  } else if (db.kind === 'postgres') {
    lines.push(
      '  No admin was created: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one.',
    );
  }
  if (report.demo) {
    lines.push(
      `  Demo planner: ${DEMO_USERS.planner.email} / ${DEMO_USERS.planner.password}`,
      `  Demo field user: ${DEMO_USERS.field.email} / ${DEMO_USERS.field.password}`,
      `  Demo viewer: ${DEMO_USERS.viewer.email} / ${DEMO_USERS.viewer.password}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(
    `\nIntegration could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
