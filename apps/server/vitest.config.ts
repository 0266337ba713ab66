import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own database copy; PGlite start-up dominates, so allow for it.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
