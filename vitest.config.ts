import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'apps/server/vitest.config.ts',
      'apps/server/vitest.stalls.config.ts',
      'apps/web',
      'packages/contracts',
    ],
    // Vitest's default leaves one core idle (one worker on CI's two); an API test file waits on
    // its database copy often enough that a worker per core is ~20 % faster there.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
