import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open.ts';
import { DEMO_USERS } from './db/seed/demo.seed.ts';
import { seedDatabase } from './db/seed/index.ts';

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const db = await openDatabase(config);
  const report = await db.withStartupLock(async () => {
    await migrate(db);
    return seedDatabase(db, config);
  });
  const app = await buildApp({ config, db });

  // Ctrl-C / SIGTERM: stop taking requests, let those in flight finish, close the database.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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
