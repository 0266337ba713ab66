/** The part of gdal3.js's API the worker uses (its bundled typings are not ESM-friendly). */
export interface GdalDataset {
  pointer: number;
  path: string;
  type: string;
  info: OgrInfo;
}

export interface OgrField {
  name: string;
  type: string;
  subType?: string;
}

export interface OgrLayer {
  name: string;
  featureCount: number;
  fields: OgrField[];
  geometryFields?: {
    type: string;
    extent?: number[];
    coordinateSystem?: {
      wkt?: string;
      projjson?: { name?: string; id?: { authority: string; code: number } };
    };
  }[];
}

export interface OgrInfo {
  driverShortName?: string;
  layers?: OgrLayer[];
}

/** The part of Emscripten's file system the worker uses (gdal3.js exposes its Module). */
export interface EmscriptenFs {
  mkdir(path: string): void;
  writeFile(path: string, data: string | Uint8Array): void;
  readFile(path: string, options: { encoding: 'binary' }): Uint8Array;
  readdir(path: string): string[];
  isDir(mode: number): boolean;
  stat(path: string): { mode: number; size: number };
  unlink(path: string): void;
  rmdir(path: string): void;
}

export interface GdalApi {
  Module: {
    FS: EmscriptenFs;
    cwrap(name: string, returns: string | null, args: string[]): (...args: unknown[]) => unknown;
  };
  open(
    file: string,
    options?: string[],
    vfs?: string[],
  ): Promise<{ datasets: GdalDataset[]; errors: unknown[] }>;
  close(dataset: GdalDataset): Promise<void>;
  ogrinfo(dataset: GdalDataset, options: string[]): Promise<unknown>;
  ogr2ogr(
    dataset: GdalDataset,
    options: string[],
    outputName: string,
  ): Promise<{ local: string; real: string; all: { local: string; real: string }[] }>;
}

/** GDAL's stderr during the current request (warnings and errors), most recent last. */
export const gdalLog = {
  lines: [] as string[],
  push(line: string) {
    if (this.lines.length < 200) this.lines.push(line);
  },
  clear() {
    this.lines = [];
  },
  /** The last error GDAL printed, for a message. */
  firstError(): string | undefined {
    return this.lines
      .find((l) => /^ERROR \d+:/.test(l) && !/Pointer 'hDS' is NULL/.test(l))
      ?.replace(/^ERROR \d+:\s*/, '');
  },
};

/** gdal3.js rejects with { no, message } objects or arrays of them. */
export function gdalMessage(error: unknown): string {
  const one = Array.isArray(error) ? error[0] : error;
  const fromLog = gdalLog.firstError()?.trim();
  if (fromLog) return fromLog;
  const message =
    one && typeof one === 'object' && 'message' in one ? String(one.message).trim() : '';
  return message || 'GDAL cannot read it';
}
