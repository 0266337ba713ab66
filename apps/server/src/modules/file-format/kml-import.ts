import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FileProblem } from './file-errors.ts';
import type { EmscriptenFs } from './gdal-api.ts';
import { KML_LIMITS, KmlReader, type KmlFeature, type KmlLayer } from './kml-reader.ts';

/**
 * A KML read by our reader (kml-reader.ts) into one GeoJSON file per layer, written in GDAL's
 * WebAssembly memory (nothing more on disk than the upload's budget holds), for GDAL to read as
 * any GeoJSON. Runs in the GDAL worker thread, so a large KML never holds the main thread.
 */

/** The part of Emscripten's file system that writes a file piece by piece. */
interface StreamFs extends EmscriptenFs {
  open(path: string, flags: string): unknown;
  write(stream: unknown, data: Uint8Array, offset: number, length: number): number;
  close(stream: unknown): void;
}

export interface KmlLayerFile extends KmlLayer {
  /** The layer's GeoJSON, in GDAL's file system. */
  path: string;
}

/** Flushed to GDAL's memory past this: a layer holds no more than this in JavaScript. */
const FLUSH_CHARS = 64 * 1024;
/** What the GeoJSON may weigh against the KML: folder paths repeat on every placemark. */
const OUTPUT_FACTOR = 4;
const MB = 1024 * 1024;

class LayerFile {
  private pending = '';
  private readonly stream: unknown;
  written = 0;

  constructor(
    private readonly fs: StreamFs,
    readonly path: string,
  ) {
    this.stream = fs.open(path, 'w');
    this.add('{"type":"FeatureCollection","features":[');
  }

  add(text: string): void {
    this.pending += text;
    if (this.pending.length >= FLUSH_CHARS) this.flush();
  }

  feature(feature: KmlFeature, first: boolean): void {
    this.add(
      (first ? '' : ',') +
        JSON.stringify({
          type: 'Feature',
          properties: feature.properties,
          geometry: feature.geometry,
        }),
    );
  }

  flush(): void {
    if (!this.pending) return;
    const bytes = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.fs.write(this.stream, bytes, 0, bytes.length);
    this.written += bytes.length;
  }

  close(): void {
    this.add(']}');
    this.flush();
    this.fs.close(this.stream);
  }
}

/**
 * The text encoding of a KML: a byte-order mark, else its XML declaration, else UTF-8 (XML's
 * default). A label TextDecoder does not know is read as UTF-8.
 */
export function kmlEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const declaration = head.toString('latin1', 0, Math.min(head.length, 200));
  const end = declaration.indexOf('?>');
  const match = /encoding\s*=\s*["']([A-Za-z0-9._-]{1,40})["']/.exec(
    end > 0 ? declaration.slice(0, end) : '',
  );
  const label = match?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return 'utf-8';
  }
}

/**
 * What LIBKML names a file's top layer when its container has no name (`fallback`), or whatever
 * it is (`forced`): a KML's own name; in a KMZ, the KMZ's name for its doc.kml, and the file's
 * own name for the others (which doc.kml links to: LIBKML gives each linked file one layer).
 */
export function topLayerNames(label: string): { fallback: string; forced?: string } {
  const stem = (name: string) => path.posix.basename(name, path.posix.extname(name));
  const inKmz = /^(.*?\.kmz)\/(.+)$/i.exec(label);
  if (!inKmz) return { fallback: stem(label) };
  const [, kmz = '', member = ''] = inKmz;
  if (/^doc\.kml$/i.test(member)) return { fallback: stem(kmz) };
  return { fallback: stem(member), forced: stem(member) };
}

/** Reads `file` (on disk) into GeoJSON layers under `dir` (in GDAL's memory). */
export async function readKmlLayers(
  fs: EmscriptenFs,
  file: string,
  label: string,
  dir: string,
): Promise<{ layers: KmlLayerFile[]; topName: string; cut: KmlReader['cut'] }> {
  const streamFs = fs as StreamFs;
  const size = (await stat(file)).size;
  const maxOutput = OUTPUT_FACTOR * size + MB;
  const head = Buffer.alloc(200);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const decoder = new TextDecoder(kmlEncoding(head));

  const files = new Map<number, LayerFile>();
  let written = 0;
  const names = topLayerNames(label);
  const onFeature = (id: number, feature: KmlFeature) => {
    let layer = files.get(id);
    const first = !layer;
    if (!layer) {
      layer = new LayerFile(streamFs, `${dir}/layer-${id}.geojson`);
      files.set(id, layer);
    }
    const before = layer.written;
    layer.feature(feature, first);
    written += layer.written - before;
    if (written > maxOutput) {
      const problem: FileProblem = {
        status: 413,
        key: 'files.kmlTooLarge',
        vars: { file: label, max: Math.round(maxOutput / MB) },
      };
      throw problem;
    }
  };
  const reader = new KmlReader(label, names.fallback, onFeature, KML_LIMITS, {
    topName: names.forced,
  });
  let layers: KmlLayer[];
  try {
    // 64 KB pieces: each is parsed, and its placemarks converted, before the next is read.
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 16 })) {
      reader.push(decoder.decode(chunk as Buffer, { stream: true }));
    }
    reader.push(decoder.decode());
    layers = reader.end();
  } finally {
    for (const layer of files.values()) layer.close();
  }
  return {
    layers: layers.map((layer) => ({ ...layer, path: `${dir}/layer-${layer.id}.geojson` })),
    topName: reader.topName,
    cut: reader.cut,
  };
}
