import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { corruptZip, sizeLyingZip, unclosedCoordinatesKml } from './hostile-archives.ts';
import {
  collection,
  point,
  shpParts,
  t,
  upload,
  useFileFormatApp,
  viewer,
} from './file-format.fixtures.ts';
import { zipOf, type UploadInput } from './test-uploads.ts';
import { heldImportBytes, unpackBudget } from './unpack-budget.ts';

useFileFormatApp();

const MB = 1024 * 1024;
/** The fixtures' upload limit (2 MB): a request unpacks at most five times that. */
const REQUEST_CAP = 10 * MB;

/** Bytes in the GIS job folders of this process, as `du` would add them up. */
async function jobFolderBytes(): Promise<number> {
  const tmp = os.tmpdir();
  let total = 0;
  const sizeOf = async (dir: string): Promise<number> => {
    let sum = 0;
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const at = path.join(dir, entry.name);
      sum += entry.isDirectory()
        ? await sizeOf(at)
        : await stat(at).then(
            (s) => s.size,
            () => 0,
          );
    }
    return sum;
  };
  for (const name of await readdir(tmp)) {
    if (!name.startsWith('integration-gdal-')) continue;
    const owner = await readFile(path.join(tmp, name, 'owner.pid'), 'utf8').catch(() => '');
    if (owner === String(process.pid)) total += await sizeOf(path.join(tmp, name));
  }
  return total;
}

const elementCount = async () =>
  Number((await t.db.one<{ n: number }>(sql`SELECT count(*) AS n FROM network_elements`))?.n);

/** Sends hostile files and checks what every one of them must do: refused, nothing kept, alive. */
async function expectRefused(files: UploadInput[], status: number, message: RegExp) {
  const before = await elementCount();
  const answer = await upload(files);
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json<{ message: string }>().message).toMatch(message);
  const started = performance.now();
  expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect(await elementCount()).toBe(before);
  expect(await jobFolderBytes()).toBeLessThan(64 * 1024); // the job's folder is gone
  expect(heldImportBytes()).toBe(0);
}

describe('hostile uploads are refused with a 4xx, and the server stays up', () => {
  it('an entry that inflates to more than it declares (finding 1)', async () => {
    await expectRefused(
      [{ name: 'lying.zip', data: await sizeLyingZip('poles.geojson', 20_000) }],
      400,
      /'lying\.zip' is damaged: 'poles\.geojson' cannot be unpacked/,
    );
  });

  it('an entry whose deflate data is damaged (finding 1), also in a KMZ', async () => {
    const kml = Buffer.from(`<kml>${' '.repeat(5_000)}</kml>`);
    await expectRefused(
      [{ name: 'broken.zip', data: await corruptZip('poles.geojson', Buffer.alloc(5_000, 'x')) }],
      400,
      /'broken\.zip' is damaged/,
    );
    await expectRefused(
      [{ name: 'broken.kmz', data: await corruptZip('doc.kml', kml) }],
      400,
      /'broken\.kmz' is damaged: 'doc\.kml' cannot be unpacked/,
    );
  });

  it('a KMZ of 160,000 unclosed <coordinates> tags is read in linear time (finding 2)', async () => {
    const kmz = await zipOf([
      { name: 'doc.kml', data: Buffer.from(unclosedCoordinatesKml(160_000)) },
    ]);
    expect(kmz.length).toBeLessThan(16 * 1024);
    // GDAL's worker starts on first use (about two seconds): started here, it is not timed.
    const warm = await upload([{ name: 'warm.geojson', data: JSON.stringify(point(36.8, -1.2)) }]);
    expect(warm.statusCode, warm.body).toBe(200);
    const started = performance.now();
    // The health check goes out at the same time: it must not wait behind the KML.
    const [answer, health] = await Promise.all([
      upload([{ name: 'unclosed.kmz', data: kmz }]),
      (async () => {
        await new Promise((r) => setTimeout(r, 50));
        const sent = performance.now();
        const reply = await t.app.inject({ url: '/api/health' });
        return { status: reply.statusCode, ms: performance.now() - sent };
      })(),
    ]);
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(health).toMatchObject({ status: 200 });
    expect(health.ms).toBeLessThan(1_000);
  });

  it('a KML entity bomb is refused at its first entity: nothing is expanded', async () => {
    const entities = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY e${i + 1} "${`&e${i};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY e0 "lol">${entities}]><kml><Document><name>&e9;</name></Document></kml>`;
    await expectRefused(
      [{ name: 'lol.kml', data: bomb }],
      422,
      /^'lol\.kml' could not be read: not valid XML: .*undefined entity/,
    );
  });

  it('a KML nested 100,000 folders deep, and one of 120,000 empty placemarks', async () => {
    await expectRefused(
      [{ name: 'deep.kml', data: `<kml>${'<Folder>'.repeat(100_000)}` }],
      422,
      /^'deep\.kml' nests its elements more than 100 levels deep/,
    );
    const empty = `<kml><Document>${'<Placemark/>'.repeat(120_000)}</Document></kml>`;
    expect(empty.length).toBeGreaterThan(1.3 * MB);
    await expectRefused(
      [{ name: 'empty.kml', data: empty }],
      422,
      /^'empty\.kml' holds no features/,
    );
  });

  it('placemarks spread over more folders than layers a file may give', async () => {
    const placemark = '<Placemark><Point><coordinates>36.8,-1.2</coordinates></Point></Placemark>';
    const kml = `<kml><Document>${`<Folder>${placemark}</Folder>`.repeat(1_001)}</Document></kml>`;
    await expectRefused(
      [{ name: 'folders.kml', data: kml }],
      422,
      /^'folders\.kml' has placemarks in more than 1000 folders/,
    );
  });

  it('archives that unpack past the request’s budget together (finding 3)', async () => {
    const bomb = await zipOf([{ name: 'zeros.shp', data: Buffer.alloc(1.9 * MB) }]);
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `bomb-${i}.zip`, data: bomb }));
    await expectRefused(files, 413, /'bomb-5\.zip' would unpack to more than 10 MB/);
  });

  it('one member larger than a file sent on its own (findings 3 and 6)', async () => {
    const kmz = await zipOf([{ name: 'doc.kml', data: Buffer.alloc(3 * MB, ' ') }]);
    expect(kmz.length).toBeLessThan(64 * 1024);
    await expectRefused(
      [{ name: 'huge.kmz', data: kmz }],
      413,
      /'doc\.kml' in 'huge\.kmz' would unpack to more than 2 MB, the limit for one file/,
    );
  });

  it('an archive without any GIS layer, refused from its directory (finding 3)', async () => {
    const zip = await zipOf([{ name: 'notes.txt', data: Buffer.alloc(1.5 * MB) }]);
    await expectRefused(
      [{ name: 'notes.zip', data: zip }],
      422,
      /^'notes\.zip' holds no shapefile/,
    );
  });

  it('members that no GIS reader wants are not unpacked, so they cost nothing', async () => {
    const geojson = JSON.stringify(collection(point(36.82, -1.28, { name: 'P1' })));
    const zip = await zipOf([
      ...Array.from({ length: 8 }, (_, i) => ({
        name: `scan-${i}.tif`,
        data: Buffer.alloc(1.9 * MB),
      })),
      { name: 'poles.geojson', data: Buffer.from(geojson) },
    ]);
    const answer = await upload([{ name: 'survey.zip', data: zip }]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('poles');
  });

  it('a .prj larger than any projection file, read no further than 64 KB (finding 6)', async () => {
    const parts = await shpParts(collection(point(36.8, -1.28)));
    await expectRefused(
      [...parts, { name: 'points.prj', data: Buffer.alloc(200_000, 'G') }],
      422,
      /'points\.prj' is not a projection file \(it is larger than 64 KB/,
    );
  });

  it('a viewer gets the same refusals (they may import to read files)', async () => {
    const answer = await upload(
      [{ name: 'lying.zip', data: await sizeLyingZip('poles.geojson', 20_000) }],
      {},
      viewer,
    );
    expect(answer.statusCode).toBe(400);
  });
});

describe('the unpack budget', () => {
  const limits = {
    maxBytesPerUser: 10 * MB,
    maxBytesPerServer: 25 * MB,
    maxEntries: 100,
    maxMemberBytes: 2 * MB,
  };
  const members = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `m${i}`, size: MB }));

  it('is shared by a user’s imports in flight, and given back when one ends', () => {
    const first = unpackBudget(7, limits);
    first.unpack('a.zip', members(8));
    const second = unpackBudget(7, limits);
    expect(() => second.unpack('b.zip', members(3))).toThrow('files.importsBusy');
    // Another user is not held back by user 7.
    const other = unpackBudget(8, limits);
    expect(() => other.unpack('c.zip', members(3))).not.toThrow();
    first.release();
    first.release(); // twice is harmless
    expect(() => second.unpack('b.zip', members(3))).not.toThrow();
    second.release();
    other.release();
    expect(heldImportBytes()).toBe(0);
  });

  it('caps the whole server, whoever imports', () => {
    const budgets = [1, 2, 3].map((user) => unpackBudget(user, limits));
    budgets[0]?.unpack('a.zip', members(9));
    budgets[1]?.unpack('b.zip', members(9));
    expect(() => budgets[2]?.unpack('c.zip', members(9))).toThrow('files.importsBusy');
    budgets.forEach((b) => b.release());
  });

  it('counts entries across the archives of one request', () => {
    const budget = unpackBudget(9, { ...limits, maxBytesPerUser: 1e12, maxBytesPerServer: 1e12 });
    const tiny = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `e${i}`, size: 1 }));
    budget.unpack('a.zip', tiny(60));
    expect(() => budget.unpack('b.zip', tiny(41))).toThrow('files.zipTooManyEntries');
    budget.release();
  });
});

describe('disk and memory during hostile uploads', () => {
  /** Documented caps (docs/decisions.md): the request's budget on disk, and RSS growth. */
  const DISK_CAP = REQUEST_CAP + 2 * MB;
  const RSS_GROWTH_CAP = 300 * MB;

  it('ten concurrent bombs keep the temp folder under the budget and memory in check', async () => {
    const kml = Buffer.alloc(1.9 * MB, ' ');
    kml.write('<kml><Document>', 0);
    kml.write('</Document></kml>', kml.length - 20);
    const kmz = await zipOf([{ name: 'doc.kml', data: kml }]);
    const rssBefore = process.memoryUsage().rss;
    let maxDisk = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        maxDisk = Math.max(maxDisk, await jobFolderBytes());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        upload(Array.from({ length: 5 }, (_, i) => ({ name: `doc-${i}.kmz`, data: kmz }))),
      ),
    );
    sampling = false;
    await sampler;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    // One user's budget: the first request to reserve it goes through whole, the others wait.
    const busy = answers.filter((a) => a.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length).toBeLessThan(answers.length);
    expect(busy[0]?.json<{ message: string }>().message).toMatch(
      /imports in progress already hold close to 10 MB: wait until they finish/,
    );
    console.log(
      `hostile imports: temp folder peaked at ${(maxDisk / MB).toFixed(1)} MB (cap ${DISK_CAP / MB}), RSS grew ${(rssGrowth / MB).toFixed(0)} MB (cap ${RSS_GROWTH_CAP / MB})`,
    );
    expect(maxDisk).toBeLessThan(DISK_CAP);
    expect(rssGrowth).toBeLessThan(RSS_GROWTH_CAP);
    expect(heldImportBytes()).toBe(0);
  });
});
