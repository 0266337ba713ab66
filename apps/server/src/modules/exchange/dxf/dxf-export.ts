import { createReadStream, createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ELEMENT_TYPES, EXCHANGE_MEDIA_TYPES, type ElementTypeName } from '@integration/contracts';
import { AppError } from '../../../http/app-error.ts';
import { translate } from '../../../i18n/translate.ts';
import { today, type FileAnswer } from '../../file-format/file-format.service.ts';
import type { ConvertOutcome, LayerSource } from '../../file-format/gdal-protocol.ts';
import { asciiJson } from '../../file-format/field-names.ts';
import { cleanAfter, closeStream, write } from '../../file-format/job-files.ts';
import type { ExportContext } from '../exchange-context.ts';
import { defaultCrs, drawingUnits, knownCrs, labelSizes, type DxfCrs } from './dxf-crs.ts';
import { dxfHeader, type DxfLayer } from './dxf-header.ts';
import { dxfRepository, type DxfSources } from './dxf.repository.ts';

/** Elements per page: PostgreSQL builds each page's CSV text (two lines per element) in memory. */
const PAGE = 20_000;

/** The CAD layer of central offices, and their colour (no element type has it). */
const OFFICE_LAYER = 'Central office';
const OFFICE_COLOUR = '#1a237e';

/** The CSV GDAL reads: DXF layer, OGR style, hex WKB in EPSG:4326 (see dxf.repository.ts). */
const CSV_HEADER = 'c1,c2,geom\n';
const SOURCE: LayerSource = {
  geometry: { src: 'geom', type: 'wkbUnknown' },
  fields: [
    { name: 'Layer', src: 'c1', type: 'String' },
    { name: 'OGR_STYLE', src: 'c2', type: 'String' },
  ],
};

/**
 * A cluster, a central office or a project as a DXF drawing for drafting offices (issue 29,
 * docs/exchange-standards.md §4): one CAD layer per element type (its display name) with markers
 * as POINTs, cables as LWPOLYLINEs and zones as closed LWPOLYLINEs in their template's colour, and
 * each name as MTEXT on `<layer> text`; central offices on "Central office". DXF has no CRS: the
 * drawing is in the CRS asked for, else Lambert-93 in France or the scope's UTM zone, which the
 * file's name, its first line (a DXF comment) and the x-crs header say; its units are set in the
 * header. An office's or project's Cancelled clusters are left out.
 */
export async function exportDxf(context: ExportContext): Promise<FileAnswer> {
  const { db, gdal, body, scope } = context;
  const started = performance.now();
  // A CRS asked for is checked before anything else is read.
  const asked = body.crs === undefined ? null : await knownCrs(db, body.crs);
  const sources: DxfSources = {
    clusterIds:
      body.clusterId !== undefined
        ? scope.clusterIds
        : await dxfRepository.activeClusters(db, scope.clusterIds),
    centralOfficeIds: scope.centralOfficeIds,
  };
  const facts = await dxfRepository.scopeFacts(db, sources);
  // Offices alone make no drawing: an empty cluster has nothing to export.
  if (!facts.extent || !facts.counts.length)
    throw new AppError(422, 'VALIDATION_ERROR', 'exchange.nothingToExport', { scope: scope.name });
  const crs = asked ?? (await knownCrs(db, defaultCrs(facts.extent)));
  const sizes = labelSizes(crs);

  const job = await gdal.newJob();
  try {
    const header = dxfHeader(drawingUnits(crs), cadLayers(facts.counts.map((c) => c.type)));
    await writeFile(path.join(job.abs, 'header.dxf'), header, 'latin1');
    const csv = `${job.dir}/entities.csv`;
    const out = createWriteStream(path.join(gdal.root, csv));
    try {
      await write(out, CSV_HEADER);
      for (const type of ELEMENT_TYPES) {
        if (!facts.counts.some((c) => c.type === type.internalName)) continue;
        for (let after = 0; ;) {
          const page = await dxfRepository.page(db, sources, {
            type: type.internalName,
            geometry: type.geometry,
            layer: type.displayName,
            colour: type.color,
            srid: crs.code,
            sizes,
            afterId: after,
            limit: PAGE,
          });
          if (page.csv === null || page.last === null) break;
          await write(out, page.csv + '\n');
          if (page.rows < PAGE) break;
          after = page.last;
        }
      }
      const offices = await dxfRepository.offices(db, sources, {
        layer: OFFICE_LAYER,
        sizes,
      });
      if (offices) await write(out, offices + '\n');
    } finally {
      await closeStream(out);
    }
    const paged = performance.now();
    const outcome = await gdal.run<ConvertOutcome>({
      op: 'convert',
      format: 'dxf',
      targetSrs: crs.code,
      extraArgs: [
        // Zones as outlines (closed polylines), not filled hatches. Note: GDAL 3.8 reads this
        // only as a configuration option, which `--config` sets for the whole worker: every DXF
        // export sets it, and no other format reads it.
        '--config',
        'DXF_WRITE_HATCH',
        'NO',
        '-dsco',
        `HEADER=/output/${job.dir}/header.dxf`,
      ],
      layers: [{ name: 'entities', path: csv, source: SOURCE }],
      dir: job.dir,
      output: 'drawing',
    });
    const file = outcome.files[0] ?? '';
    const converted = performance.now();
    const ms = (from: number, to: number) => (to - from).toFixed(0);
    const headers: Record<string, string> = {
      'x-crs': `EPSG:${crs.code}`,
      'server-timing': `pages;dur=${ms(started, paged)}, gdal;dur=${ms(paged, converted)}`,
    };
    if (crs.unit === 'degree')
      headers['x-export-warnings'] = asciiJson([
        translate(context.locale, 'exchange.dxfDegrees', { crs: crs.code }),
      ]);
    return {
      stream: cleanAfter(Readable.from(withComment(crsComment(crs), file)), job.done),
      mediaType: EXCHANGE_MEDIA_TYPES.dxf,
      filename: `${scope.name}-EPSG${crs.code}-${today()}.dxf`,
      headers,
    };
  } catch (error) {
    await job.done();
    throw error;
  }
}

/**
 * The drawing's CAD layers, defined in the header in their type's colour (GDAL would copy layer
 * "0", white): markers, drawn "by layer", show in their type's colour, labels beside them too.
 */
function cadLayers(types: ElementTypeName[]): DxfLayer[] {
  const drawn = ELEMENT_TYPES.filter((type) => types.includes(type.internalName));
  return [
    ...drawn.map((type) => ({ name: type.displayName, colour: type.color })),
    { name: OFFICE_LAYER, colour: OFFICE_COLOUR },
  ].flatMap((layer) => [layer, { ...layer, name: `${layer.name} text` }]);
}

/** A DXF comment (group 999, which readers skip) naming the drawing's CRS. */
const crsComment = (crs: DxfCrs) =>
  `999\nCoordinates in EPSG:${crs.code} (${crs.unit === 'degree' ? 'degrees' : crs.unit === 'metre' ? 'metres' : crs.unit})\n`;

/** GDAL's file, after the comment line. */
async function* withComment(comment: string, file: string): AsyncGenerator<Buffer> {
  yield Buffer.from(comment, 'latin1');
  yield* createReadStream(file, { highWaterMark: 1024 * 1024 });
}
