import { loadConfig, type Config } from '../config.ts';

/** The configuration every test database is seeded with. */
export function testSeedConfig(): Pick<
  Config,
  'publicUrl' | 'adminEmail' | 'adminPassword' | 'seedDemo'
> {
  return {
    publicUrl: 'http://localhost:3000',
    adminEmail: 'admin@example.com',
    adminPassword: 'admin1234',
    seedDemo: true,
  };
}

export const baseTestConfig = (): Config => ({
  ...loadConfig({}),
  ...testSeedConfig(),
  logLevel: 'silent',
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a dump of the migrated, seeded database. */
    pgliteDumpFile: string;
    /** PostgreSQL runs: the URL of a migrated, seeded template database. */
    postgresTemplateUrl: string;
  }
}
