import { parentPort } from 'node:worker_threads';
import { writeMvt, type TileRow } from './mvt-writer.ts';

/**
 * Encodes tiles off the main thread: a tile's rows arrive as the one JSON text the database
 * built, and leave as MVT bytes (transferred, not copied).
 */
const port = parentPort;
if (!port) throw new Error('tile.worker.ts runs in a worker thread');
port.on('message', ({ id, json }: { id: number; json: string }) => {
  try {
    // A copy of its own length: pbf's buffer is larger than the tile, and the cache keeps it.
    const bytes = writeMvt(JSON.parse(json) as TileRow[]).slice();
    port.postMessage({ id, ok: true, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, ok: false, crash: String(error) });
  }
});
port.postMessage({ ready: true });
