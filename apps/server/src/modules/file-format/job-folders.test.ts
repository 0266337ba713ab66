import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { newJobsRoot, sweepStaleJobFolders } from './job-folders.ts';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'job-folders-test-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function folder(name: string, owner: string | null, ageMs = 0) {
  const dir = path.join(tmp, name);
  await mkdir(path.join(dir, 'job-1'), { recursive: true });
  await writeFile(path.join(dir, 'job-1', 'upload.zip'), Buffer.alloc(1024));
  if (owner !== null) await writeFile(path.join(dir, 'owner.pid'), owner);
  const when = new Date(Date.now() - ageMs);
  await utimes(dir, when, when);
}

it('removes at start-up the job folders of servers that stopped without cleaning up', async () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
  const mine = newJobsRoot(tmp);
  await folder('integration-gdal-killed', String(dead));
  await folder('integration-gdal-running', String(process.ppid));
  // A server in a container has the same pid at each start: a folder under it is the last run's.
  await folder('integration-gdal-previous-run', String(process.pid));
  await folder('integration-gdal-old', null, 2 * 60 * 60 * 1000);
  await folder('integration-gdal-starting', null);
  await folder('someone-elses', String(dead));

  const removed = await sweepStaleJobFolders(tmp);

  expect(removed.sort()).toEqual([
    'integration-gdal-killed',
    'integration-gdal-old',
    'integration-gdal-previous-run',
  ]);
  expect((await readdir(tmp)).sort()).toEqual(
    [
      path.basename(mine),
      'integration-gdal-running',
      'integration-gdal-starting',
      'someone-elses',
    ].sort(),
  );
});
