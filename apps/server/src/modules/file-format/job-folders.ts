import { mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The temporary folders of GIS jobs. Each server process has one, named with this prefix and
 * holding the process id that owns it; a process that was killed (SIGKILL, a crash, power) never
 * removes its own, so the next start removes those whose owner is gone.
 */
const PREFIX = 'integration-gdal-';
const OWNER_FILE = 'owner.pid';
/** A folder without an owner file is being created right now, or is older than this feature. */
const UNOWNED_GRACE_MS = 60 * 60 * 1000;

/** The folders this process made: another folder under its pid is a previous run's. */
const ownRoots = new Set<string>();

export function newJobsRoot(tmp = os.tmpdir()): string {
  const root = mkdtempSync(path.join(tmp, PREFIX));
  writeFileSync(path.join(root, OWNER_FILE), String(process.pid));
  ownRoots.add(root);
  return root;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as { code?: string }).code === 'EPERM';
  }
};

async function isStale(folder: string): Promise<boolean> {
  const owner = await readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => null);
  if (owner === null) {
    const { mtimeMs } = await stat(folder);
    return Date.now() - mtimeMs > UNOWNED_GRACE_MS;
  }
  const pid = Number(owner);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  // Note: a server in a container gets the same pid at every start (often 1), so its pid
  // alone does not tell its folders from those of the run that was killed before it.
  if (pid === process.pid) return !ownRoots.has(folder);
  return !isAlive(pid);
}

/** Removes the job folders left by server processes that are no longer running; their names. */
export async function sweepStaleJobFolders(tmp = os.tmpdir()): Promise<string[]> {
  const names = (await readdir(tmp).catch(() => [])).filter((n) => n.startsWith(PREFIX));
  const removed: string[] = [];
  for (const name of names) {
    const folder = path.join(tmp, name);
    const stale = await isStale(folder).catch(() => false);
    if (!stale) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
