import { describe, expect, it } from 'vitest';
import { zipOf, type UploadInput } from './test-uploads.ts';
import {
  admin,
  collection,
  point,
  shpParts,
  upload,
  useFileFormatApp,
} from './file-format.fixtures.ts';

useFileFormatApp();

describe('POST /file-format/import', () => {
  describe('bad input: a clear 4xx in the user’s language, never a 500', () => {
    const cases: [string, () => Promise<UploadInput[]>, number, RegExp, RegExp][] = [
      [
        'not a zip',
        async () => [{ name: 'network.zip', data: 'this is not a zip' }],
        400,
        /not a valid zip/,
        /pas une archive zip/,
      ],
      [
        'a zip with no shapefile',
        async () => [
          {
            name: 'docs.zip',
            data: await zipOf([{ name: 'readme.txt', data: Buffer.from('hi') }]),
          },
        ],
        422,
        /holds no shapefile/,
        /aucun shapefile/,
      ],
      [
        'a shapefile archive without its .shp (SPEC §5: no layers founds)',
        async () => [
          {
            name: 'poles.zip',
            data: await zipOf([
              { name: 'poles.dbf', data: Buffer.alloc(100) },
              { name: 'poles.shx', data: Buffer.alloc(100) },
            ]),
          },
        ],
        422,
        /^no layers founds: 'poles\.zip' holds parts of a shapefile \(\.dbf, \.shx\) but no \.shp\.$/,
        /^aucune couche trouvée : « poles\.zip » contient des parties de shapefile/,
      ],
      [
        'a zip inside a zip',
        async () => [
          {
            name: 'outer.zip',
            data: await zipOf([
              { name: 'inner.zip', data: await zipOf([{ name: 'a.txt', data: Buffer.from('a') }]) },
            ]),
          },
        ],
        400,
        /holds another archive \(inner\.zip\)/,
        /contient une autre archive/,
      ],
      [
        'a zip bomb (too many bytes once unpacked)',
        async () => [
          {
            name: 'bomb.zip',
            data: await zipOf([{ name: 'a.shp', data: Buffer.alloc(11 * 1024 * 1024) }]),
          },
        ],
        413,
        /'a\.shp' in 'bomb\.zip' would unpack to more than 2 MB, the limit for one file/,
        /plus de 2 Mo une fois décompressé, la limite pour un fichier/,
      ],
      [
        'a zip bomb (too many entries)',
        async () => [
          {
            name: 'many.zip',
            data: await zipOf(
              Array.from({ length: 5001 }, (_, i) => ({
                name: `f${i}.txt`,
                data: Buffer.from(''),
              })),
            ),
          },
        ],
        413,
        /more than 5000 files/,
        /plus de 5000 fichiers/,
      ],
      [
        'an HTML page as .prj',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28)));
          return [
            ...parts,
            { name: 'points.prj', data: '<!DOCTYPE html><html><body>Not found</body></html>' },
          ];
        },
        422,
        /points\.prj' is not a projection file \(it is a web page\)/,
        /c’est une page web/,
      ],
      [
        'a truncated .shp',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28), point(36.9, -1.3)));
          return parts.map((p) =>
            p.name.endsWith('.shp') ? { ...p, data: (p.data as Buffer).subarray(0, 120) } : p,
          );
        },
        422,
        /truncated: its header announces 156 bytes but it holds 120/,
        /est tronqué/,
      ],
      [
        'an unknown shape type',
        async () => {
          const parts = await shpParts(collection(point(36.8, -1.28)));
          return parts.map((p) => {
            if (!p.name.endsWith('.shp')) return p;
            const data = Buffer.from(p.data as Buffer);
            data.writeInt32LE(42, 32);
            return { ...p, data };
          });
        },
        422,
        /unknown shape type \(42\)/,
        /type de forme inconnu/,
      ],
      [
        'an empty layer',
        async () => [{ name: 'empty.geojson', data: JSON.stringify(collection()) }],
        422,
        /'empty.geojson' holds no features/,
        /ne contient aucune entité/,
      ],
      [
        'invalid KML coordinates',
        async () => [
          {
            name: 'bad.kml',
            data: `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>x</name><Point><coordinates>1e999,nan</coordinates></Point></Placemark></Document></kml>`,
          },
        ],
        422,
        /not finite numbers/,
        /pas des nombres finis/,
      ],
      [
        'a GeoJSON that is not GeoJSON',
        async () => [{ name: 'data.geojson', data: JSON.stringify({ hello: 'world' }) }],
        422,
        /'data.geojson' is not GeoJSON/,
        /n’est pas du GeoJSON/,
      ],
      ['no file at all', async () => [], 400, /at least one file/, /au moins un fichier/],
      [
        'a file of another kind',
        async () => [{ name: 'photo.png', data: 'png' }],
        400,
        /cannot be imported/,
        /ne peut pas être importé/,
      ],
      [
        'more than the upload limit',
        async () => [{ name: 'big.geojson', data: Buffer.alloc(3 * 1024 * 1024, 32) }],
        413,
        /larger than the import limit of 2 MB/,
        /limite d’import de 2 Mo/,
      ],
    ];

    for (const [what, files, status, english, french] of cases) {
      it(what, async () => {
        const parts = await files();
        const en = await upload(parts);
        expect(en.statusCode, en.body).toBe(status);
        expect(en.json()).toMatchObject({ status: false, statusCode: status });
        expect(en.json<{ message: string }>().message).toMatch(english);
        const fr = await upload(parts, {}, admin, 'fr');
        expect(fr.json<{ message: string }>().message).toMatch(french);
      });
    }
  });
});

/** The parts of a one-layer point shapefile made by geoJSONToSHP, named points.*. */
