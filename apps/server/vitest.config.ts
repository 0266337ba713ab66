import { defineProject } from 'vitest/config';

/** The server's tests but the stall probes, which run after everything else (see below). */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.stall.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Each file gets its own database copy; PGlite start-up dominates, so allow for it.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    sequence: { groupOrder: 0 },
    // One module graph per worker, not per file: the app's import (fastify, GDAL, PostGIS
    // helpers) cost ~5 s a file, half the suite. Each file still opens its own database copy
    // and app; nothing in the server keeps state in a module across apps.
    isolate: false,
  },
});
