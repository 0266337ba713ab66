import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { zipStream, type ZipInput } from './zip-writer.ts';

/** Test support: multipart bodies and zips built in memory. */

export interface UploadInput {
  name: string;
  data: Buffer | string;
}

export function multipart(files: UploadInput[], fields: Record<string, string> = {}) {
  const boundary = `----integration${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function zipOf(entries: ZipInput[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every file of a folder whose base name is `base` (a shapefile's parts), as uploads. */
export async function partsOf(
  dir: string,
  base: string,
  extensions: string[],
): Promise<UploadInput[]> {
  return Promise.all(
    extensions.map(async (ext) => ({
      name: `${base}.${ext}`,
      data: await readFile(path.join(dir, `${base}.${ext}`)),
    })),
  );
}

/** Whether GDAL's command-line tools (Debian gdal-bin) are here to read files back. */
export const hasOgr = (() => {
  try {
    execFileSync('ogrinfo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
