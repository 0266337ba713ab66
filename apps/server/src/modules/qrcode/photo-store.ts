import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { TAG_PHOTO_MAX_BYTES } from '@integration/contracts';
import { AppError } from '../../http/app-error.ts';
import { photoType } from './photo-type.ts';

/** Longest side a stored photo keeps: enough to read a label or a pole's number. */
export const PHOTO_MAX_SIDE = 2048;
/** A photo no larger than this, and no wider than PHOTO_MAX_SIDE, is kept as it came. */
const KEEP_AS_IS_BYTES = 1024 * 1024;
/** Decoding a larger image would cost hundreds of MB (a 200 MP phone camera still fits). */
const MAX_PIXELS = 200_000_000;
/** Files younger than this are left by the sweep: an upload writes its file before its row. */
const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

// One libvips thread per image: a photo being downscaled never takes every core from the
// event loop (and the other users' requests).
sharp.concurrency(1);

/** What an upload left on disk, for its row. */
export interface StoredPhoto {
  /** Relative to the data directory: photos/<aa>/<sha256>. */
  file: string;
  sha256: string;
  size: number;
  contentType: string;
}

const notImage = () => new AppError(415, 'VALIDATION_ERROR', 'qr.photoNotImage');
const tooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', 'qr.photoTooLarge', {
    max: TAG_PHOTO_MAX_BYTES / 1024 / 1024,
  });

/**
 * Scan photos as files under DATA_DIR/photos, named by the hash of their bytes (two rows with
 * the same photo share a file). The bytes never pass through the database, and the image work
 * (decoding, downscaling, encoding) runs in libvips' threads, not on the event loop.
 */
export function createPhotoStore(dataDir: string) {
  const root = path.join(dataDir, 'photos');
  const tmpDir = path.join(root, 'tmp');
  const relative = (sha256: string) => path.join('photos', sha256.slice(0, 2), sha256);

  /**
   * The request body to a temporary file, hashed and counted on the way: at most
   * TAG_PHOTO_MAX_BYTES (413 beyond), and an image by its first bytes (415 otherwise).
   */
  async function receive(body: Readable) {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    let contentType: string | null = null;
    try {
      await pipeline(
        body,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            size += chunk.length;
            if (size > TAG_PHOTO_MAX_BYTES) throw tooLarge();
            if (!contentType) {
              head = Buffer.concat([head, chunk]).subarray(0, 16);
              if (head.length >= 12) {
                contentType = photoType(head);
                if (!contentType) throw notImage();
              }
            }
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(tmp),
      );
      contentType ??= photoType(head);
      if (!contentType) throw notImage();
      return { tmp, sha256: hash.digest('hex'), size, contentType };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  /** Moves bytes to their place by hash; a file already there is the same photo. */
  async function place(sha256: string, from: { tmp: string } | { bytes: Buffer }) {
    const file = relative(sha256);
    const target = path.join(dataDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    if ('tmp' in from) await rename(from.tmp, target);
    else await writeFile(target, from.bytes);
    return file;
  }

  /**
   * A large photo is downscaled to PHOTO_MAX_SIDE and re-encoded (JPEG, or WebP when it has
   * transparency), turned upright by its EXIF orientation; a small one is kept byte for byte.
   * HEIC is kept as it came: the bundled libvips cannot decode it.
   */
  async function shrink(received: { tmp: string; size: number; contentType: string }) {
    if (received.contentType === 'image/heic') return null;
    const image = sharp(received.tmp, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata().catch(() => {
      throw notImage();
    });
    const { width = 0, height = 0 } = meta;
    if (width * height > MAX_PIXELS) throw notImage();
    if (Math.max(width, height) <= PHOTO_MAX_SIDE && received.size <= KEEP_AS_IS_BYTES) {
      return null;
    }
    const resized = image.rotate().resize({
      width: PHOTO_MAX_SIDE,
      height: PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const bytes = await (
      meta.hasAlpha ? resized.webp({ quality: 82 }) : resized.jpeg({ quality: 82 })
    )
      .toBuffer()
      .catch(() => {
        throw notImage();
      });
    return { bytes, contentType: meta.hasAlpha ? 'image/webp' : 'image/jpeg' };
  }

  return {
    /** Receives, checks, downscales and files an uploaded photo. */
    async save(body: Readable): Promise<StoredPhoto> {
      const received = await receive(body);
      try {
        const smaller = await shrink(received);
        if (!smaller) {
          const file = await place(received.sha256, received);
          const { sha256, size, contentType } = received;
          return { file, sha256, size, contentType };
        }
        const sha256 = createHash('sha256').update(smaller.bytes).digest('hex');
        const file = await place(sha256, { bytes: smaller.bytes });
        return { file, sha256, size: smaller.bytes.length, contentType: smaller.contentType };
      } finally {
        await rm(received.tmp, { force: true });
      }
    },

    /** The file's bytes as a stream, or null when it is gone. */
    async open(file: string): Promise<ReadStream | null> {
      const full = path.join(dataDir, file);
      if (!(await stat(full).catch(() => null))) return null;
      return createReadStream(full);
    },

    /** Removes the files of these hashes that no row names any more. */
    async forget(sha256s: string[], stillNamed: (sha256s: string[]) => Promise<Set<string>>) {
      if (sha256s.length === 0) return;
      const named = await stillNamed(sha256s);
      await Promise.all(
        sha256s
          .filter((h) => !named.has(h))
          .map((h) => rm(path.join(dataDir, relative(h)), { force: true })),
      );
    },

    /**
     * Files no row names (their tags went with a cluster or a project), and temporary files
     * of uploads cut short: removed once older than an hour. Answers how many were removed.
     */
    async sweep(named: () => Promise<Set<string>>, minAgeMs = SWEEP_MIN_AGE_MS): Promise<number> {
      const dirs = await readdir(root).catch(() => [] as string[]);
      const known = await named();
      const before = Date.now() - minAgeMs;
      let removed = 0;
      for (const dir of dirs) {
        const folder = path.join(root, dir);
        for (const name of await readdir(folder).catch(() => [] as string[])) {
          if (dir !== 'tmp' && known.has(name)) continue;
          const full = path.join(folder, name);
          const info = await stat(full).catch(() => null);
          if (!info?.isFile() || info.mtimeMs > before) continue;
          await rm(full, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
