// Entry of the password strength worker thread. Its code is TypeScript, and a worker thread does
// not inherit the loader of a process started by `tsx` (nor has one under Vitest): tsx is
// registered here.
import { isMainThread } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

if (isMainThread) throw new Error('password-worker.mjs runs in a worker thread');
register();
await import('./password-strength.worker.ts');
