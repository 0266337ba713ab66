import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { zipOf } from './test-uploads.ts';
import { heldImportBytes, unpackBudget } from './unpack-budget.ts';
import { collectSources } from './upload-sources.ts';

const MB = 1024 * 1024;
const work = await mkdtemp(path.join(os.tmpdir(), 'upload-sources-test-'));
afterAll(() => rm(work, { recursive: true, force: true }));

it('refuses a request over its budget before unpacking any of its archives (finding 3)', async () => {
  const bomb = await zipOf([{ name: 'zeros.shp', data: Buffer.alloc(1.9 * MB) }]);
  const uploads = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const abs = path.join(work, `bomb-${i}.zip`);
      await writeFile(abs, bomb);
      return { abs, name: `bomb-${i}.zip` };
    }),
  );
  const workDir = path.join(work, 'src');
  const budget = unpackBudget(1, {
    maxBytesPerUser: 10 * MB,
    maxBytesPerServer: 40 * MB,
    maxEntries: 100,
    maxMemberBytes: 2 * MB,
  });
  try {
    await expect(
      collectSources(uploads, { workDir, root: work, budget, epsg: null, t: (key) => key }),
    ).rejects.toThrow('files.zipTooLarge');
    // The first five archives fit the budget, the sixth does not: none was unpacked.
    expect(await readdir(workDir).catch(() => [])).toEqual([]);
  } finally {
    budget.release();
  }
  expect(heldImportBytes()).toBe(0);
});
