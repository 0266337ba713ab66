import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import initGdalJs from 'gdal3.js/node.js';
import type { FileProblem } from './file-errors.ts';
import { convertExport } from './gdal-export.ts';
import { convertImport } from './gdal-import.ts';
import { readTables } from './gdal-tables.ts';
import type { WorkerRequest, WorkerResponse } from './gdal-protocol.ts';
import { gdalLog, type GdalApi } from './gdal-api.ts';

/**
 * The GDAL worker thread: one warm gdal3.js instance (WebAssembly, synchronous work) whose root
 * folder, mounted at /output, holds every job's files. Requests run one after another.
 */
const { root } = workerData as { root: string };
const port = parentPort;
if (!port) throw new Error('gdal.worker.ts runs in a worker thread');

// gdal3.js reads its .wasm and .data relative to the working directory.
const packageDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('gdal3.js/package.json')),
  'dist/package',
);
const gdal = (await initGdalJs({
  path: path.relative(process.cwd(), packageDir) || '.',
  dest: root,
  env: { OGR_GEOJSON_MAX_OBJ_SIZE: '0', CPL_LOG_ERRORS: 'ON' },
  logHandler: () => {},
  errorHandler: (message: string) => gdalLog.push(message),
})) as unknown as GdalApi;

/**
 * gdal3.js has no call to set a configuration option, but its ogrinfo applies `--config` globally:
 * a tiny dataset kept open serves to set them.
 */
writeFileSync(path.join(root, 'config.geojson'), '{"type":"FeatureCollection","features":[]}');
const configDataset = (await gdal.open('/output/config.geojson')).datasets[0];
async function setGdalConfig(key: string, value: string): Promise<void> {
  if (configDataset) await gdal.ogrinfo(configDataset, ['--config', key, value, '-so']);
}

const isProblem = (e: unknown): e is FileProblem =>
  typeof e === 'object' && e !== null && 'status' in e && 'key' in e;

let queue = Promise.resolve();
port.on('message', ({ id, task }: WorkerRequest) => {
  queue = queue.then(async () => {
    gdalLog.clear();
    let response: WorkerResponse;
    try {
      const result =
        task.op === 'import'
          ? await convertImport(gdal, task, root, setGdalConfig)
          : task.op === 'layers'
            ? await layerNames(path.join('/output', task.path))
            : task.op === 'readTables'
              ? await readTables(gdal, task, root)
              : await convertExport(gdal, task, root);
      response = { id, ok: true, result };
    } catch (error) {
      response = isProblem(error)
        ? { id, ok: false, problem: error }
        : { id, ok: false, crash: describe(error) };
    }
    port.postMessage(response);
  });
});
port.postMessage({ ready: true });

/** The layers of a dataset by name; none when GDAL cannot open it. */
async function layerNames(file: string): Promise<string[]> {
  const dataset = await gdal
    .open(file)
    .then((opened) => opened.datasets[0])
    .catch(() => undefined);
  if (!dataset) return [];
  try {
    return (dataset.info.layers ?? []).map((layer) => layer.name);
  } finally {
    await gdal.close(dataset);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (Array.isArray(error)) return error.map(describe).join('; ');
  if (typeof error === 'object' && error && 'message' in error) return String(error.message);
  return String(error);
}
