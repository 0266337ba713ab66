// Entry of the tile-encoding worker thread. Its code is TypeScript, and a worker thread does not
// inherit the loader of a process started by `tsx` (nor has one under Vitest): tsx is registered
// here, as for the GDAL and routing workers.
import { isMainThread } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (isMainThread) throw new Error('tile-worker.mjs runs in a worker thread');
register();
await import('./tile.worker.ts');
