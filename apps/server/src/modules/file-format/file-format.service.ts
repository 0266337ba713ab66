import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline as streamPipeline, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  elementTypeByName,
  EXPORT_EXTENSIONS,
  EXPORT_MEDIA_TYPES,
  elementTypeBySegment,
  type FileExportBody,
  type GeoJsonToShpBody,
  type Locale,
} from '@integration/contracts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate, type MessageKey, type MessageVars } from '../../i18n/translate.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { FIRST_PAGES_AT_ONCE, layerPages, layerPlan } from './export-layers.ts';
import { exportRepository, type ExportScope } from './export.repository.ts';
import { fileProblem } from './file-errors.ts';
import { exchangeScope } from '../exchange/exchange-scope.ts';
import { convertFed } from './feed-files.ts';
import { GdalHost } from './gdal-host.ts';
import type { ConvertLayer, ConvertOutcome, ImportOutcome, ImportTask } from './gdal-protocol.ts';
import { splitGeoJson } from './geojson-to-shp.ts';
import { kmlIconStyles } from './kml-styles.ts';
import { asciiJson, changedNames, shortFieldNames, type FieldRename } from './field-names.ts';
import { cleanAfter, closeStream, countingBytes, freeName, safeName, write } from './job-files.ts';
import { unpackBudget, type UnpackLimits } from './unpack-budget.ts';
import { collectSources, type UploadedFile } from './upload-sources.ts';
import { zipStream } from './zip-writer.ts';

/** A file part of a multipart request, as @fastify/multipart gives it. */
export interface UploadPart {
  type: 'file' | 'field';
  fieldname: string;
  filename?: string;
  file?: NodeJS.ReadableStream & { truncated?: boolean };
  value?: unknown;
}

/** What a route sends: a stream of the file, and what to remove once it has gone. */
export interface FileAnswer {
  stream: Readable;
  mediaType: string;
  filename?: string;
  headers?: Record<string, string>;
}

/**
 * Exports up to this many elements are written in GDAL's memory and copied out at the end (the
 * fastest); larger ones are written to disk as GDAL goes, so that the server's memory does not
 * grow with the file (a million elements make GeoJSON of about a GB).
 */
const OUTPUT_IN_MEMORY_MAX_ROWS = 200_000;
const MAX_FILES = 200;

/**
 * What one import may unpack: bytes on disk (a multiple of the upload limit, shared by a user's
 * imports in flight; the server's all together hold at most four users' worth), entries, and a
 * member no larger than the same file sent on its own.
 */
const unpackLimits = (config: Config): UnpackLimits => ({
  maxBytesPerUser: config.importMaxBytes * 5,
  maxBytesPerServer: config.importMaxBytes * 20,
  maxEntries: 5_000,
  maxMemberBytes: config.importMaxBytes,
});

export const today = () => new Date().toISOString().slice(0, 10);

/** Imports of exchange deliveries (GraceTHD, OFDS): recognised among the uploads and written. */
export interface DeliveryImporter {
  importIfDelivery(
    uploads: UploadedFile[],
    fields: Map<string, string>,
    user: UserRecord,
    locale: Locale,
    job: { dir: string; abs: string },
  ): Promise<unknown>;
}

export function createFileFormatService(
  db: Database,
  config: Config,
  options: { gdal?: GdalHost; deliveries?: DeliveryImporter } = {},
) {
  const gdal = options.gdal ?? new GdalHost();
  const tr = (locale: Locale) => (key: MessageKey, vars?: MessageVars) =>
    translate(locale, key, vars);

  /** The fields.json sidecar: every field with its name in the DBF. */
  const fieldsSidecar = (renames: FieldRename[], layers: string[]) =>
    Buffer.from(JSON.stringify({ layers, fields: renames }, null, 2) + '\n', 'utf8');

  async function shapefileZip(outcome: ConvertOutcome, renames: FieldRename[], layers: string[]) {
    const inputs = outcome.files.map((file) => ({ name: path.basename(file), file }));
    inputs.push({ name: 'fields.json', data: fieldsSidecar(renames, layers) } as never);
    return zipStream(inputs);
  }

  return {
    gdal,

    /** Reads uploaded GIS files (POST /file-format/import): the answer's JSON, as a file stream. */
    async importFiles(
      parts: AsyncIterable<UploadPart>,
      user: UserRecord,
      locale: Locale,
    ): Promise<Readable> {
      const fields = new Map<string, string>();
      const read = await this.readUploads(parts, user, locale, {
        onField: (name, value) => fields.set(name, value),
        delivery: options.deliveries
          ? (uploads, job) =>
              options.deliveries?.importIfDelivery(uploads, fields, user, locale, job)
          : undefined,
      });
      return cleanAfter(createReadStream(read.responseFile), read.done);
    },

    /**
     * Receives the uploaded files of a request and has GDAL read them, with the import's limits
     * and errors: the answer of POST /file-format/import in a file, and what removes it. Fields
     * other than `epsg` go to `onField`; `layers` chooses, once every part is in, the layers read.
     */
    async readUploads(
      parts: AsyncIterable<UploadPart>,
      user: UserRecord,
      locale: Locale,
      options: {
        onField?: (name: string, value: string) => void;
        layers?: () => Pick<ImportTask, 'onlyLayers' | 'osmLayers'>;
        /** An exchange delivery's import: its answer, or undefined/null to read GIS layers. */
        delivery?: (
          uploads: UploadedFile[],
          job: { dir: string; abs: string },
        ) => Promise<unknown> | undefined;
      } = {},
    ): Promise<{ responseFile: string; done: () => Promise<void> }> {
      const budget = unpackBudget(user.id, unpackLimits(config));
      const job = await gdal.newJob();
      const done = () => job.done().finally(budget.release);
      try {
        // Loose parts of one shapefile must sit side by side: every upload goes in one folder.
        const uploadDir = path.join(job.abs, 'upload');
        await mkdir(uploadDir);
        const uploads: UploadedFile[] = [];
        const taken = new Set<string>();
        let epsg: number | null = null;
        let total = 0;
        const tooLarge = () =>
          fileProblem(413, 'files.tooLarge', {
            max: Math.round(config.importMaxBytes / 1024 / 1024),
          });
        try {
          for await (const part of parts) {
            if (part.type === 'field') {
              if (part.fieldname === 'epsg' && String(part.value ?? '').trim() !== '') {
                const code = Number(String(part.value).replace(/^EPSG:/i, ''));
                if (!Number.isInteger(code) || code <= 0) {
                  throw new AppError(400, 'VALIDATION_ERROR', 'validation.invalidType', {
                    field: 'epsg',
                    expected: 'EPSG code',
                  });
                }
                epsg = code;
              } else if (part.fieldname !== 'epsg') {
                options.onField?.(part.fieldname, String(part.value ?? ''));
              }
              continue;
            }
            const file = part.file;
            if (!file) continue;
            if (uploads.length >= MAX_FILES)
              throw fileProblem(413, 'files.tooManyFiles', { max: MAX_FILES });
            // Note: nothing is awaited before the stream is piped: an 'error' it emitted meanwhile
            // (a client that went away) would have no listener and end the process.
            const name = safeName(part.filename ?? 'file');
            const abs = path.join(uploadDir, freeName(name, taken));
            // Counted as it lands: concurrent uploads of a user share the budget from their first byte.
            await pipeline(file, countingBytes(budget.upload), createWriteStream(abs));
            if (file.truncated) throw tooLarge();
            total += (await stat(abs)).size;
            if (total > config.importMaxBytes) throw tooLarge();
            uploads.push({ abs, name });
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
            throw fileProblem(413, 'files.tooManyFiles', { max: MAX_FILES });
          }
          if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
            throw fileProblem(400, 'files.noFiles');
          throw error;
        }
        if (!uploads.length) throw fileProblem(400, 'files.noFiles');
        const delivered = await options.delivery?.(uploads, job);
        if (delivered) {
          const responseFile = path.join(job.abs, 'delivery.json');
          await writeFile(responseFile, JSON.stringify({ status: true, data: delivered }));
          return { responseFile, done };
        }
        const { sources, warnings } = await collectSources(uploads, {
          workDir: path.join(job.abs, 'src'),
          root: gdal.root,
          budget,
          epsg,
          t: tr(locale),
        });
        if (!sources.length) {
          const files = uploads.map((u) => `'${u.name}'`).join(', ');
          throw fileProblem(422, 'files.noGisLayer', { files });
        }
        const outcome = await gdal.run<ImportOutcome>({
          op: 'import',
          locale,
          sources,
          epsg,
          warnings,
          dir: job.dir,
          ...options.layers?.(),
        });
        return { responseFile: outcome.responseFile, done };
      } catch (error) {
        await done();
        throw error;
      }
    },

    /** POST /file-format/geoJSONToSHP: a zip of one shapefile per geometry kind. */
    async geoJsonToShp(body: GeoJsonToShpBody): Promise<FileAnswer> {
      const job = await gdal.newJob();
      try {
        const split = splitGeoJson(body);
        if (!split.layers.length) throw fileProblem(422, 'files.geoJsonNoGeometry');
        const renames = shortFieldNames(split.fieldNames);
        const byName = Object.fromEntries(renames.map((r) => [r.name, r.shortName]));
        const layers: ConvertLayer[] = [];
        for (const layer of split.layers) {
          const file = `${job.dir}/${layer.name}.geojson`;
          const out = createWriteStream(path.join(gdal.root, file));
          await write(out, '{"type":"FeatureCollection","features":[');
          let first = true;
          for (const feature of layer.features) {
            const properties = Object.fromEntries(
              Object.entries(feature.properties ?? {}).map(([k, v]) => [byName[k] ?? k, v]),
            );
            await write(
              out,
              (first ? '' : ',') +
                JSON.stringify({ type: 'Feature', geometry: feature.geometry, properties }),
            );
            first = false;
          }
          await write(out, ']}');
          await closeStream(out);
          layers.push({ name: layer.name, path: file });
        }
        const outcome = await gdal.run<ConvertOutcome>({
          op: 'convert',
          format: 'shp',
          layers,
          dir: job.dir,
          output: 'shp',
        });
        const stream = await shapefileZip(
          outcome,
          renames,
          layers.map((l) => l.name),
        );
        const headers: Record<string, string> = {
          'x-field-renames': asciiJson(changedNames(renames)),
        };
        if (split.skipped) headers['x-skipped-features'] = String(split.skipped);
        return {
          stream: cleanAfter(stream, job.done),
          mediaType: 'application/zip',
          filename: 'shp.zip',
          headers,
        };
      } catch (error) {
        await job.done();
        throw error;
      }
    },

    /**
     * POST /file-format/export in a GIS format: the elements (all, a selection, some types) of a
     * cluster, a central office or a whole project, as a file. The rows go from the database to
     * GDAL page by page as FlatGeobuf (see layerPages): memory holds a few pages, whatever the
     * project's size. `signal`: the client went away; the conversion stops.
     */
    async exportFile(
      user: UserRecord,
      body: FileExportBody,
      locale: Locale,
      signal?: AbortSignal,
    ): Promise<FileAnswer> {
      const started = performance.now();
      const covered = await exchangeScope(db, user, body);
      const scope: ExportScope = {
        clusterIds: covered.clusterIds,
        types: body.types?.flatMap((s) => elementTypeBySegment(s)?.internalName ?? []) ?? null,
        ids: body.elementIds ?? null,
      };
      if (!scope.clusterIds.length) throw fileProblem(422, 'files.exportEmpty');
      // Three reads of the scope, side by side on PostgreSQL's pool (one after the other on PGlite).
      const [columns, templates, kinds] = await Promise.all([
        exportRepository.typeColumns(db, scope),
        exportRepository.templates(db, scope),
        exportRepository.valueKinds(db, scope),
      ]);
      if (!columns.length) throw fileProblem(422, 'files.exportEmpty');
      void locale;

      const allNames = ['id', ...new Set(columns.flatMap((c) => c.names))];
      const renames =
        body.format === 'shp'
          ? shortFieldNames(allNames)
          : allNames.map((name) => ({ name, shortName: name }));
      const renameMap =
        body.format === 'shp' ? Object.fromEntries(renames.map((r) => [r.name, r.shortName])) : {};

      const typed = performance.now();
      const total = columns.reduce((n, c) => n + c.count, 0);

      const job = await gdal.newJob();
      try {
        const plans = columns.flatMap((typeColumns) => {
          const type = elementTypeByName(typeColumns.type);
          if (!type) return [];
          const plan = layerPlan(typeColumns, {
            templates,
            kinds,
            // A CSV's header is a row of cells too: a name starting like a formula gets a '.
            fieldName: (name) =>
              body.format === 'csv' && /^[-=+@\t\r]/.test(name)
                ? `'${name}`
                : (renameMap[name] ?? name),
            style: body.format === 'kml',
            formulasInert: body.format === 'csv',
          });
          return [{ ...plan, name: type.displayName, file: `${type.segment}.fgb` }];
        });
        if (!plans.length) throw fileProblem(422, 'files.exportEmpty');
        // The pages go to GDAL as the database writes them: both work at once.
        let fed: Awaited<ReturnType<typeof convertFed>>;
        try {
          fed = await convertFed(
            gdal,
            {
              op: 'convert',
              format: body.format,
              dir: job.dir,
              output: 'elements',
              // A large file is written to disk as GDAL goes, not held in memory (gdal-export.ts).
              outputOnDisk: total > OUTPUT_IN_MEMORY_MAX_ROWS,
              layers: plans.map((p) => ({
                name: p.name,
                path: p.file,
                source: p.source,
                streamed: true,
              })),
            },
            plans.map((plan) => ({ name: plan.file, pages: layerPages(db, scope, plan) })),
            { firstAtOnce: FIRST_PAGES_AT_ONCE, signal },
          );
        } catch (error) {
          if (signal?.aborted) throw fileProblem(499, 'files.exportCancelled');
          throw error;
        }
        const { outcome, pages, fedAt: paged } = fed;
        if (signal?.aborted) throw fileProblem(499, 'files.exportCancelled');
        if (!pages) throw fileProblem(422, 'files.exportEmpty');
        const layerNames = plans.map((p) => p.name);
        const file = outcome.files[0] ?? '';
        let stream: Readable;
        if (body.format === 'shp') stream = await shapefileZip(outcome, renames, layerNames);
        else if (body.format === 'kml')
          // pipeline, not pipe: a read error must reach the answer, not end the process.
          stream = streamPipeline(
            createReadStream(file, { highWaterMark: 1024 * 1024 }),
            kmlIconStyles(config.publicUrl),
            () => {},
          );
        else stream = createReadStream(file);
        const done = performance.now();
        // Where the time went before the answer (the database pages and GDAL overlap).
        const ms = (from: number, to: number) => (to - from).toFixed(0);
        const headers: Record<string, string> = {
          'server-timing': `types;dur=${ms(started, typed)}, pages;dur=${ms(typed, paged)}, gdal;dur=${ms(typed, done)}`,
        };
        if (body.format === 'shp') headers['x-field-renames'] = asciiJson(changedNames(renames));
        return {
          stream: cleanAfter(stream, job.done),
          mediaType: EXPORT_MEDIA_TYPES[body.format],
          filename: `${covered.name}-${today()}.${EXPORT_EXTENSIONS[body.format]}`,
          headers,
        };
      } catch (error) {
        await job.done();
        throw error;
      }
    },

    close: () => gdal.close(),
  };
}

export type FileFormatService = ReturnType<typeof createFileFormatService>;
