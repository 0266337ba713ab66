// Entry of the GDAL worker thread. Its code is TypeScript: under `tsx` the loader is inherited
// (execArgv); under a bare Node (Vitest's workers, `node` with a compiled start) tsx is registered
// here first.
import { isMainThread } from 'node:worker_threads';

if (isMainThread) throw new Error('gdal-worker.mjs runs in a worker thread');
if (!process.execArgv.some((arg) => arg.includes('tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import('./gdal.worker.ts');
