import { fileProblem } from './file-errors.ts';

/**
 * What imports may put on disk. An archive's own cap is not enough: a request carries up to 200
 * files and a user can send several requests at once, so bytes (uploaded and unpacked) and
 * entries are counted for the whole request, for everything a user has in flight, and for the
 * whole server. Reserved before anything is written (from a zip's declared sizes, which yauzl
 * enforces while unpacking) and given back when the import's folder is removed.
 */
export interface UnpackLimits {
  /** Bytes one user's imports in flight may hold on disk together (one request included). */
  maxBytesPerUser: number;
  /** Bytes all imports in flight may hold on disk together. */
  maxBytesPerServer: number;
  /** Entries one request may unpack from all its archives. */
  maxEntries: number;
  /** Bytes one archive member may unpack to: what the file could weigh if sent on its own. */
  maxMemberBytes: number;
}

const MB = 1024 * 1024;
const inMb = (bytes: number) => Math.round(bytes / MB);

const heldByUser = new Map<number, number>();
let heldByServer = 0;

export type UnpackBudget = ReturnType<typeof unpackBudget>;

/** One import request's share of the disk, for user `userId`. `release` must always run. */
export function unpackBudget(userId: number, limits: UnpackLimits) {
  let bytes = 0;
  let entries = 0;
  let released = false;

  /** Holds `more` bytes unless the user's imports in flight, or the server's, would pass a cap. */
  const reserve = (more: number) => {
    const byUser = (heldByUser.get(userId) ?? 0) + more;
    if (byUser > limits.maxBytesPerUser || heldByServer + more > limits.maxBytesPerServer) {
      throw fileProblem(429, 'files.importsBusy', { max: inMb(limits.maxBytesPerUser) });
    }
    bytes += more;
    heldByServer += more;
    heldByUser.set(userId, byUser);
  };

  return {
    limits,

    /** Counts an uploaded file's bytes as they land on disk. */
    upload: reserve,

    /** Reserves an archive's members before any is unpacked; refuses what would pass a limit. */
    unpack(file: string, members: { name: string; size: number }[]) {
      const big = members.find((m) => m.size > limits.maxMemberBytes);
      if (big) {
        throw fileProblem(413, 'files.zipMemberTooLarge', {
          file,
          entry: big.name,
          max: inMb(limits.maxMemberBytes),
        });
      }
      if (entries + members.length > limits.maxEntries) {
        throw fileProblem(413, 'files.zipTooManyEntries', { file, max: limits.maxEntries });
      }
      const more = members.reduce((sum, m) => sum + m.size, 0);
      if (bytes + more > limits.maxBytesPerUser) {
        throw fileProblem(413, 'files.zipTooLarge', { file, max: inMb(limits.maxBytesPerUser) });
      }
      reserve(more);
      entries += members.length;
    },

    release() {
      if (released) return;
      released = true;
      heldByServer -= bytes;
      const left = (heldByUser.get(userId) ?? 0) - bytes;
      if (left > 0) heldByUser.set(userId, left);
      else heldByUser.delete(userId);
    },
  };
}

/** Bytes held by imports in flight (for tests and the health of the temp folder). */
export const heldImportBytes = () => heldByServer;
