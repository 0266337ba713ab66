import { defineProject } from 'vitest/config';

/**
 * The stall probes (issue 25: while one user's heavy request runs, another's /api/health
 * answers within a second). They measure the server, not the machine, only when nothing else
 * runs: so they run after every other project, one file at a time.
 */
export default defineProject({
  test: {
    name: 'server-stalls',
    include: ['src/**/*.stall.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    sequence: { groupOrder: 1 },
  },
});
