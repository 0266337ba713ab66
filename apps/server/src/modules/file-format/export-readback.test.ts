import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EXPORT_FORMATS, type ExportFormat, type ImportResult } from '@integration/contracts';
import { liveElementCounts } from '../../test/seeded.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { hasOgr, multipart } from './test-uploads.ts';

/**
 * Every export format read back by GDAL's own command-line tools (Debian gdal-bin), as other GIS
 * software would read it: feature counts, geometry types, UTF-8 text, coordinate system.
 */
if (!hasOgr)
  console.log(
    'ogrinfo is not installed (apt-get install gdal-bin): export read-back tests skipped',
  );

let t: TestApp;
let admin: string;
let cbd01: number;
let work: string;
const POLE_NAME = 'Poteau Été – Ngara ü';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com', 'admin1234');
  cbd01 =
    (await t.db.one<{ id: number }>(sql`SELECT id FROM clusters WHERE name = 'CBD-01'`))?.id ?? 0;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/networkelements/pole/create',
    payload: { clusterId: cbd01, name: POLE_NAME, coordinates: { lat: -1.2833, lng: 36.8172 } },
    headers: bearer(admin),
  });
  expect(created.statusCode, created.body).toBe(200);
  work = await mkdtemp(path.join(os.tmpdir(), 'export-readback-'));
});
afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
});

const exportFile = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/file-format/export', payload, headers: bearer(admin) });

interface LayerInfo {
  name: string;
  geometry: string;
  count: number;
  srs: string;
}

/** Layers as ogrinfo -so lists them. */
function ogrLayers(file: string): LayerInfo[] {
  const text = execFileSync('ogrinfo', ['-ro', '-so', '-al', file], { encoding: 'utf8' });
  return text
    .split(/\nLayer name: /)
    .slice(1)
    .map((block) => ({
      name: block.split('\n')[0]?.trim() ?? '',
      geometry: /\nGeometry: (.*)/.exec(block)?.[1]?.trim() ?? '',
      count: Number(/\nFeature Count: (\d+)/.exec(block)?.[1] ?? -1),
      srs:
        /ID\["EPSG",(\d+)\]\]\s*\n(Data axis|[A-Za-z])/.exec(block)?.[1] ??
        (/WGS 84|WGS84/.test(block) ? 'WGS 84' : ''),
    }));
}

/** Every feature's properties of every layer, through ogr2ogr to GeoJSON. */
function ogrProperties(file: string, layers: string[]): Record<string, unknown>[] {
  return layers.flatMap((layer) => {
    const text = execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, layer], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    return (
      JSON.parse(text) as { features: { properties: Record<string, unknown> }[] }
    ).features.map((f) => f.properties);
  });
}

const EXPECTED_GEOMETRY: Record<string, RegExp> = {
  'PBO-FAT': /Point/,
  Pole: /Point/,
  Cable: /Line String/,
  'Zone NRO': /Polygon/,
};

describe.skipIf(!hasOgr)('exports read back by ogrinfo', () => {
  for (const format of EXPORT_FORMATS) {
    it(format, async () => {
      const response = await exportFile({ clusterId: cbd01, format });
      expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      const extension = format === 'shp' ? 'zip' : format;
      expect(response.headers['content-disposition']).toContain(
        `filename="CBD-01-${today}.${extension}"`,
      );
      const file = path.join(work, `export.${extension}`);
      await writeFile(file, response.rawPayload);
      const source = format === 'shp' ? `/vsizip/${file}` : file;

      const layers = ogrLayers(source);
      const counts = await liveElementCounts(t.db, 'cluster', cbd01);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      expect(layers.reduce((sum, l) => sum + l.count, 0)).toBe(total);
      if (['shp', 'gpkg', 'kml'].includes(format)) {
        // One layer per element type, named after it (KML folder names are made XML-safe).
        const byName = new Map(layers.map((l) => [l.name.replace(/_/g, '-'), l]));
        for (const [name, pattern] of Object.entries(EXPECTED_GEOMETRY)) {
          const layer = byName.get(name) ?? byName.get(name.replace(/ /g, '-'));
          if (format !== 'kml') expect(layer?.geometry, `${format} ${name}`).toMatch(pattern);
          expect(layer?.count, `${format} ${name}`).toBeGreaterThan(0);
        }
      }
      if (format !== 'csv') {
        for (const layer of layers)
          expect(layer.srs, `${format} ${layer.name}`).toMatch(/4326|WGS 84/);
      }
      // The pole is in the Pole layer, or in the only layer.
      const poleLayers = layers.length === 1 ? layers : layers.filter((l) => /pole/i.test(l.name));
      const properties = ogrProperties(
        source,
        poleLayers.map((l) => l.name),
      );
      const pole = properties.find((p) => p.Name === POLE_NAME || p.name === POLE_NAME);
      expect(pole, `${format}: the pole named in UTF-8`).toBeDefined();

      // And our own import reads every format we write, to the same count.
      const body = multipart([{ name: `export.${extension}`, data: response.rawPayload }]);
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/file-format/import',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin) },
      });
      expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
      const layersBack = imported.json<{ data: ImportResult }>().data.layers;
      expect(layersBack.reduce((n, l) => n + l.featureCount, 0)).toBe(total);
    });
  }

  it('exports the selection, or the visible types only', async () => {
    const ids = (
      await t.db.rows<{ id: number }>(sql`
      SELECT id FROM network_elements WHERE cluster_id = ${cbd01} AND type = 'Cable' AND deleted_at IS NULL ORDER BY id LIMIT 3`)
    ).map((r) => r.id);
    const selection = await exportFile({ clusterId: cbd01, format: 'geojson', elementIds: ids });
    expect(selection.statusCode).toBe(200);
    const collection = selection.json<{ features: { properties: { id: number } }[] }>();
    expect(collection.features.map((f) => f.properties.id).sort()).toEqual([...ids].sort());

    const visible = await exportFile({ clusterId: cbd01, format: 'gpkg', types: ['pole', 'zone'] });
    const file = path.join(work, 'visible.gpkg');
    await writeFile(file, visible.rawPayload);
    expect(
      ogrLayers(file)
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Pole', 'Zone NRO']);

    const none = await exportFile({ clusterId: cbd01, format: 'kml', elementIds: [2_000_000_000] });
    expect(none.statusCode).toBe(422);
    expect(none.json<{ message: string }>().message).toMatch(/no elements to export/);
  });

  it('gives KML placemarks their template styles: icons for points, colours for lines', async () => {
    const response = await exportFile({
      clusterId: cbd01,
      format: 'kml',
      types: ['pole', 'cable'],
    });
    const kml = response.body;
    expect(kml).toMatch(
      /<IconStyle><Icon><href>http:\/\/localhost:3000\/api\/icons\/pole\.svg\?width=30<\/href>/,
    );
    expect(kml).toMatch(/<LineStyle><color>[0-9A-Fa-f]{8}<\/color>/);
    expect(kml).not.toContain('OGR_STYLE');
    expect(kml).toContain('<SimpleData name="id">');
  });

  it('lists shortened shapefile field names', async () => {
    const response = await exportFile({ clusterId: cbd01, format: 'shp', types: ['pbofat'] });
    const renames = JSON.parse(String(response.headers['x-field-renames'])) as Record<
      string,
      string
    >;
    expect(renames['Creation Date']).toBe('Creation_D');
    expect(renames['Last Modification Date']).toBe('Last_Modif');
    const file = path.join(work, 'renames.zip');
    await writeFile(file, response.rawPayload);
    const sidecar = execFileSync('unzip', ['-p', file, 'fields.json'], { encoding: 'utf8' });
    expect(JSON.parse(sidecar).fields).toContainEqual({
      name: 'Creation Date',
      shortName: 'Creation_D',
    });
  });
});

export type { ExportFormat };
