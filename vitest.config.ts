import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // On PostgreSQL (CI's second pass) only the server's tests. The web app's and the contracts'
    // never reach a database; the stall probes measure the event loop, which the embedded
    // database shares (the harder case), so they run in the first pass.
    projects: [
      'apps/server/vitest.config.ts',
      ...(process.env.DATABASE_URL
        ? []
        : ['apps/server/vitest.stalls.config.ts', 'apps/web', 'packages/contracts']),
    ],
    // Vitest's default leaves one core idle (one worker on CI's two); an API test file waits on
    // its database copy often enough that a worker per core is ~20 % faster there.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
