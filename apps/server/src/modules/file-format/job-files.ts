import { type WriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';

/** The files of a GIS job: safe names for uploads, counted writes, and the folder's clean-up. */

/** A safe file name from a user's name: no path, no control characters. */
export const safeName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(/[^\P{Cc}]|\//gu, '_')
    .slice(0, 200) || 'file';

/** `name`, or `n-name` when a file of the same request already took it; marks it taken. */
export function freeName(name: string, taken: Set<string>): string {
  let free = name;
  for (let n = 1; taken.has(free); n++) free = `${n}-${name}`;
  taken.add(free);
  return free;
}

/** Removes the job folder once the answer has been sent (or the client went away). */
export function cleanAfter(stream: Readable, done: () => Promise<void>): Readable {
  let cleaned = false;
  const clean = () => {
    if (!cleaned) {
      cleaned = true;
      void done();
    }
  };
  stream.once('close', clean);
  stream.once('end', clean);
  stream.once('error', clean);
  return stream;
}

/** A pass-through that reports each chunk's size to `count`, which may refuse it by throwing. */
export const countingBytes = (count: (bytes: number) => void) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        count(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });

export const write = (out: WriteStream, text: string) =>
  out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));

export const closeStream = (out: WriteStream) =>
  new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
