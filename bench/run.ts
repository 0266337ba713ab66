// `npm run bench`: every figure beside a reference measured in the same run. Not a test:
// nothing here passes or fails on time. Set DATABASE_URL to measure on PostgreSQL too.
import { authFigures } from './auth.bench.ts';
import { printFigures } from './lib/report.ts';
import { startupFigures } from './startup.bench.ts';

console.log(`Integration benchmarks — ${new Date().toISOString()} — Node ${process.version}`);
printFigures('Start-up (embedded database)', await startupFigures());
printFigures('Authenticated API call', await authFigures());
