// `npm run bench`: every figure beside a reference measured in the same run. Not a test:
// nothing here passes or fails on time. PostgreSQL figures need a PostgreSQL with PostGIS
// (BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
import { authFigures } from './auth.bench.ts';
import { designFigures } from './design.bench.ts';
import { elementsFigures } from './elements.bench.ts';
import { exchangeFigures } from './exchange.bench.ts';
import { mapFigures } from './map.bench.ts';
import { filesFigures } from './files.bench.ts';
import { fibreFigures } from './fibre.bench.ts';
import { postgresAvailable } from './lib/bench-database.ts';
import { printFigures } from './lib/report.ts';
import { reportsFigures } from './reports.bench.ts';
import { routingFigures } from './routing.bench.ts';
import { scaleExportFigures } from './scale-export.bench.ts';
import { scaleFigures } from './scale.bench.ts';
import { qrFigures } from './qr.bench.ts';
import { realtimeFigures } from './realtime.bench.ts';
import { startupFigures } from './startup.bench.ts';

const only = process.argv[2];
console.log(`Integration benchmarks — ${new Date().toISOString()} — Node ${process.version}`);
if (!only || only === 'startup')
  printFigures('Start-up (embedded database)', await startupFigures());
if (!only || only === 'auth') printFigures('Authenticated API call', await authFigures());
if (!only || only === 'elements') {
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (await postgresAvailable()) kinds.push('postgres');
  else console.log('\n(PostgreSQL with PostGIS not reachable: element figures on PGlite only.)');
  for (const kind of kinds) {
    const { figures, notes } = await elementsFigures(kind);
    printFigures(`Network elements (${kind})`, figures);
    for (const note of notes) console.log(`- ${note}`);
  }
}
if (!only || only === 'exchange') {
  const { figures, notes } = await exchangeFigures();
  printFigures('Exchange standards: GraceTHD and OFDS through the API against bare GDAL', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (only === 'scale') {
  // Not in the default run: generating a million elements takes minutes per database.
  const { figures, notes } = await scaleFigures();
  printFigures('A whole project as vector tiles (1,000,000 elements)', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (only === 'scale-export') {
  // Not in the default run: generating a million elements takes minutes per database.
  const { figures, notes } = await scaleExportFigures();
  printFigures('Whole-project exports streamed from the database (100k and 1M elements)', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'files') {
  const { figures, notes } = await filesFigures();
  printFigures('GIS files (GDAL in WebAssembly vs native ogr2ogr)', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'map') {
  const { figures, notes } = await mapFigures();
  printFigures('Map editor in headless Chromium (PGlite)', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'qr') {
  const { figures, notes } = await qrFigures();
  printFigures('QR tags: labels PDF and spreadsheet', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'reports') {
  const { figures, notes } = await reportsFigures();
  printFigures('KPI reports: the engine against hand-written SQL', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'realtime') {
  const { figures, notes } = await realtimeFigures();
  printFigures('Real time: live edits to 200 sockets', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'routing') {
  const { figures, notes } = await routingFigures();
  printFigures('Create Route: our engine through the API against a plain Dijkstra', figures);
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'fibre') {
  const { figures, notes } = await fibreFigures();
  printFigures(
    'Fibre: a trace and a cluster budget through the API against a hand-written CTE',
    figures,
  );
  for (const note of notes) console.log(`- ${note}`);
}
if (!only || only === 'design') {
  const { figures, breakdown, notes } = await designFigures();
  printFigures('Design checks and bill of materials: the API against hand-written SQL', figures);
  printFigures(
    "Design checks rule by rule: the service's query against the hand-written one",
    breakdown,
  );
  for (const note of notes) console.log(`- ${note}`);
}
