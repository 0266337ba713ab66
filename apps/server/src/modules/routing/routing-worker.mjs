// Entry of the routing worker thread. Its code is TypeScript, and a worker thread does not inherit
// the loader of a process started by `tsx` (nor has one under Vitest): tsx is registered here, as
// for the GDAL worker (file-format/gdal-worker.mjs).
import { isMainThread } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (isMainThread) throw new Error('routing-worker.mjs runs in a worker thread');
register();
await import('./routing.worker.ts');
