import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Who holds a data directory's embedded database. PGlite is one process owning its files: a
 * second server, or a backup opening them while a server runs, would corrupt them. The owner
 * writes DATA_DIR/owner.json (readable by its user only); a serving server adds where it
 * listens and a token, so that `npm run backup` can ask it for a copy instead.
 */
export interface DataDirOwner {
  pid: number;
  role: 'server' | 'backup' | 'restore';
  /** A server's: where it listens, once it does, and the token its operator routes take. */
  serving?: { host: string; port: number; token: string };
}

export class DataDirBusyError extends Error {}

const ownerFile = (dataDir: string) => path.join(dataDir, 'owner.json');

/** A fresh token for a server's operator routes (256 random bits). */
export const operatorToken = () => randomBytes(32).toString('base64url');

/**
 * A live process that could be the owner: after a restart (a container's, say) the number may
 * have gone to another program, so a process that is not Node does not count.
 */
function isLiveOwner(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc here: a live pid is all we can know
  }
}

/** The current owner, or nothing when none is recorded or its process is gone. */
export async function readOwner(dataDir: string): Promise<DataDirOwner | undefined> {
  const text = await readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (!text) return undefined;
  try {
    const owner = JSON.parse(text) as DataDirOwner;
    return Number.isInteger(owner.pid) && isLiveOwner(owner.pid) ? owner : undefined;
  } catch {
    return undefined;
  }
}

const describe = (owner: DataDirOwner) =>
  owner.role === 'server'
    ? `an Integration server (process ${owner.pid}) is using it`
    : `a ${owner.role} (process ${owner.pid}) is using it`;

/**
 * Takes the data directory for this process, or throws DataDirBusyError naming who holds it.
 * Answers the release. The file is created exclusively, so two claimants never both win.
 */
export async function claimDataDir(
  dataDir: string,
  role: DataDirOwner['role'],
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = ownerFile(dataDir);
  const mine: DataDirOwner = { pid: process.pid, role };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify(mine));
      await handle.close();
      return () => releaseDataDir(dataDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = await readOwner(dataDir);
      if (owner) {
        throw new DataDirBusyError(`${dataDir} is busy: ${describe(owner)}.`);
      }
      await rm(file, { force: true }); // left by a process that is gone
    }
  }
  throw new DataDirBusyError(`${dataDir} is busy: another process claimed it at the same time.`);
}

/** A server that listens records where, and its operator token (written whole, then renamed). */
export async function recordServing(dataDir: string, serving: DataDirOwner['serving']) {
  const owner: DataDirOwner = { pid: process.pid, role: 'server', serving };
  const temporary = `${ownerFile(dataDir)}.${process.pid}`;
  await writeFile(temporary, JSON.stringify(owner), { mode: 0o600 });
  await rename(temporary, ownerFile(dataDir));
}

async function releaseDataDir(dataDir: string): Promise<void> {
  const text = await readFile(ownerFile(dataDir), 'utf8').catch(() => undefined);
  if (text && (JSON.parse(text) as DataDirOwner).pid === process.pid) {
    await rm(ownerFile(dataDir), { force: true });
  }
}
