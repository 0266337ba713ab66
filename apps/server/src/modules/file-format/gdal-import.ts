import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  CrsRequiredDetails,
  ImportedCrs,
  ImportedLayer,
  LayerGeometryKind,
} from '@integration/contracts';
import { translate, type MessageKey, type MessageVars } from '../../i18n/translate.ts';
import type { FileProblem } from './file-errors.ts';
import { partGeometryType, splitFeatureLines, withinLonLat } from './feature-checks.ts';
import { gdalLog, gdalMessage, type GdalApi, type GdalDataset, type OgrLayer } from './gdal-api.ts';
import { MemoryFolder } from './gdal-memory.ts';
import { readKmlLayers } from './kml-import.ts';
import type { ImportOutcome, ImportSource, ImportTask } from './gdal-protocol.ts';
import { boundFeatureLine } from './text-bounds/feature-lines.ts';
import { CutValues, cutText, TEXT_CAPS } from './text-bounds/text-caps.ts';

const problem = (
  status: number,
  key: MessageKey,
  vars: MessageVars = {},
  details?: unknown,
): FileProblem => ({
  status,
  key,
  vars,
  details,
});

/** Layers named in the details of an error (each with its file): enough to act on. */
const DETAILS_MAX = 100;

/** The warning for values cut to TEXT_CAPS, naming a few of their fields. */
const cutWarning = (job: Job, file: string, cut: CutValues) =>
  job.t('files.warn.textCut', {
    file,
    count: cut.count,
    fields: [...cut.fields].map((f) => `'${f}'`).join(', '),
    name: TEXT_CAPS.name,
    value: TEXT_CAPS.value,
  });

const PART_SUFFIX: Record<LayerGeometryKind, string> = {
  point: 'points',
  line: 'lines',
  polygon: 'polygons',
  collection: 'collections',
};

/** GDAL warnings worth showing a user (not the chatter of a successful read). */
const gdalWarnings = () =>
  gdalLog.lines
    .filter((l) => /^Warning \d+:/.test(l) && !/No SRS set on layer/.test(l))
    .map((l) => l.replace(/^Warning \d+:\s*/, '').trim())
    .slice(0, 5);

function crsOf(layer: OgrLayer): ImportedCrs | null {
  const system = layer.geometryFields?.[0]?.coordinateSystem;
  if (!system?.wkt) return null;
  const id = system.projjson?.id;
  return {
    epsg: id?.authority === 'EPSG' ? id.code : null,
    name: system.projjson?.name ?? null,
    source: 'file',
  };
}

interface Job {
  task: ImportTask;
  setConfig: (key: string, value: string) => Promise<void>;
  root: string;
  t: (key: MessageKey, vars?: MessageVars) => string;
  responseFile: string;
  written: number;
  features: number;
  crsRequired: CrsRequiredDetails['layers'];
  emptyLayers: { file: string; layer: string }[];
  warnings: string[];
  outputs: number;
}

/** Appends a layer to the answer; its features are GDAL's text, joined, never re-serialised. */
function writeLayer(job: Job, layer: Omit<ImportedLayer, 'features'>, features: string[]) {
  const head = JSON.stringify(layer).slice(0, -1);
  appendFileSync(
    job.responseFile,
    `${job.written++ ? ',' : ''}${head},"features":{"type":"FeatureCollection","features":[${features.join(',')}]}}`,
  );
  job.features += layer.featureCount;
}

async function convertLayer(
  gdal: GdalApi,
  job: Job,
  source: ImportSource,
  ds: GdalDataset,
  layer: OgrLayer,
  /** The name users see, when it is not GDAL's (a KML layer read by kml-reader.ts). */
  name = layer.name,
) {
  const { t, task } = job;
  const shownName = cutText(name, TEXT_CAPS.name);
  const longField = layer.fields.find((f) => f.name.length > TEXT_CAPS.name);
  if (longField) {
    throw problem(422, 'files.fieldNameTooLong', {
      file: source.label,
      layer: shownName,
      field: longField.name,
      max: TEXT_CAPS.name,
    });
  }
  let crs = crsOf(layer);
  const warnings = [...source.warnings];
  const srsArgs: string[] = [];
  if (crs) srsArgs.push('-t_srs', 'EPSG:4326');
  else if (task.epsg) {
    crs = { epsg: task.epsg, name: null, source: 'user' };
    srsArgs.push('-s_srs', `EPSG:${task.epsg}`, '-t_srs', 'EPSG:4326');
    warnings.push(t('files.warn.userCrs', { epsg: task.epsg }));
  } else {
    crs = { epsg: 4326, name: 'WGS 84', source: 'assumed' };
    srsArgs.push('-a_srs', 'EPSG:4326');
    const extent = layer.geometryFields?.[0]?.extent;
    const box = extent?.length === 4 ? (extent as [number, number, number, number]) : null;
    if (!withinLonLat(box)) {
      job.crsRequired.push({ file: source.label, layer: shownName, extent: box });
      return;
    }
  }

  // Written in WebAssembly memory (see gdal-memory.ts), read from there in one go.
  const memory = new MemoryFolder(gdal, task.dir);
  const output = `../${memory.path.slice(1)}/layer-${job.outputs++}`;
  gdalLog.clear();
  let split: ReturnType<typeof splitFeatureLines>;
  try {
    let written: { local: string };
    try {
      written = await gdal.ogr2ogr(
        ds,
        ['-f', 'GeoJSON', ...srsArgs, '-lco', 'RFC7946=YES', '-lco', 'WRITE_NAME=NO', layer.name],
        output,
      );
    } catch (error) {
      const reason = gdalMessage(error);
      if (crs.source === 'user' && /EPSG|crs|srs/i.test(reason)) {
        throw problem(422, 'files.epsgUnknown', { epsg: task.epsg ?? '' });
      }
      throw problem(422, 'files.unreadable', { file: source.label, reason });
    }
    warnings.push(...gdalWarnings());
    split = splitFeatureLines(memory.readText(path.posix.normalize(written.local)));
  } finally {
    memory.remove();
  }
  if (split.notFinite !== null) {
    throw problem(422, 'files.coordinatesNotFinite', {
      file: source.label,
      layer: shownName,
      index: split.notFinite + 1,
    });
  }
  if (crs.source === 'assumed' && split.parts.length) warnings.push(t('files.warn.assumedWgs84'));
  if (split.nullGeometries)
    warnings.push(t('files.warn.nullGeometries', { count: split.nullGeometries }));
  if (!split.parts.length) {
    job.emptyLayers.push({ file: source.label, layer: shownName });
    return;
  }
  const cut = new CutValues();
  for (const part of split.parts) part.lines = part.lines.map((l) => boundFeatureLine(l, cut));
  if (cut.count) warnings.push(cutWarning(job, source.label, cut));
  const fields = layer.fields.map((f) => ({
    name: f.name,
    type: f.subType === 'Boolean' ? 'Boolean' : f.type,
  }));
  for (const part of split.parts) {
    const name = split.parts.length > 1 ? `${shownName} (${PART_SUFFIX[part.kind]})` : shownName;
    writeLayer(
      job,
      {
        name,
        sourceLayer: shownName,
        file: source.label,
        geometryKind: part.kind,
        geometryType: partGeometryType(part),
        featureCount: part.lines.length,
        fields,
        crs,
        warnings,
      },
      part.lines,
    );
  }
}

/**
 * A KML (or a KMZ's) read by our reader as LIBKML lays it out (kml-import.ts): one GeoJSON per
 * folder in GDAL's memory, each then read as any GeoJSON layer.
 */
async function convertKml(gdal: GdalApi, job: Job, source: ImportSource) {
  const { t } = job;
  // Beside the job's own memory folder, which convertLayer removes after each layer.
  const memory = new MemoryFolder(gdal, `${job.task.dir}-kml-${job.outputs++}`);
  try {
    const { layers, topName, cut } = await readKmlLayers(
      gdal.Module.FS,
      path.join(job.root, source.path),
      source.label,
      memory.path,
    );
    if (cut.count) job.warnings.push(cutWarning(job, source.label, cut));
    if (!layers.length) job.emptyLayers.push({ file: source.label, layer: topName });
    for (const layer of layers) {
      if (!layer.features) {
        job.emptyLayers.push({ file: source.label, layer: layer.name });
        continue;
      }
      gdalLog.clear();
      let ds: GdalDataset | undefined;
      try {
        // gdal3.js opens only paths under /input or /output: this one leads back to memory.
        // Text stays text: GDAL would read "2024-03-01 survey" as a date and drop the rest.
        ds = (await gdal.open(`/output/..${layer.path}`, ['DATE_AS_STRING=YES'])).datasets[0];
      } catch (error) {
        throw problem(422, 'files.unreadable', { file: source.label, reason: gdalMessage(error) });
      }
      if (!ds) throw problem(422, 'files.unreadable', { file: source.label, reason: 'no dataset' });
      try {
        const [read] = ds.info.layers ?? [];
        if (!read) continue;
        const warnings = [...source.warnings];
        if (layer.nullGeometries) {
          warnings.push(t('files.warn.nullGeometries', { count: layer.nullGeometries }));
        }
        await convertLayer(gdal, job, { ...source, warnings }, ds, read, layer.name);
      } finally {
        await gdal.close(ds);
        memory.remove(layer.path);
      }
    }
  } finally {
    memory.remove();
  }
}

/** Whether the task reads this layer (a road import reads only the layer chosen). */
function wanted(task: ImportTask, source: ImportSource, layer: string): boolean {
  if (task.onlyLayers && !task.onlyLayers.includes(layer)) return false;
  return !(source.kind === 'osm' && task.osmLayers && !task.osmLayers.includes(layer));
}

async function convertSource(gdal: GdalApi, job: Job, source: ImportSource) {
  if (source.kind === 'kml') return convertKml(gdal, job, source);
  const { t } = job;
  const unreadable = (reason: string) =>
    source.kind === 'geojson'
      ? problem(422, 'files.notGeoJson', { file: source.label, reason })
      : problem(422, 'files.unreadable', { file: source.label, reason });
  await job.setConfig('SHAPE_RESTORE_SHX', source.restoreShx ? 'YES' : 'NO');
  gdalLog.clear();
  let ds: GdalDataset | undefined;
  try {
    ds = (await gdal.open(`/output/${source.path}`, source.openOptions)).datasets[0];
  } catch (error) {
    const failure = unreadable(gdalMessage(error));
    if (!source.optional) throw failure;
    job.warnings.push(
      t('files.warn.skippedFile', { file: source.label, reason: gdalMessage(error) }),
    );
    return;
  }
  if (!ds) throw unreadable('no dataset');
  try {
    const layers = ds.info.layers ?? [];
    if (ds.type !== 'vector') throw unreadable('not a vector dataset');
    for (const layer of layers) {
      if (!wanted(job.task, source, layer.name)) continue;
      if (!layer.geometryFields?.length) {
        job.warnings.push(t('files.warn.noGeometry', { file: source.label, layer: layer.name }));
        continue;
      }
      if (layer.featureCount === 0) {
        job.emptyLayers.push({ file: source.label, layer: layer.name });
        continue;
      }
      await convertLayer(gdal, job, source, ds, layer);
    }
  } finally {
    await gdal.close(ds);
  }
}

/**
 * Reads every source layer by layer into WGS84 GeoJSON and writes the answer of
 * POST /file-format/import to a file, one layer at a time, so that a large import never holds
 * more than one layer in memory.
 */
export async function convertImport(
  gdal: GdalApi,
  task: ImportTask,
  root: string,
  setConfig: (key: string, value: string) => Promise<void>,
): Promise<ImportOutcome> {
  const job: Job = {
    task,
    root,
    setConfig,
    t: (key, vars) => translate(task.locale, key, vars),
    responseFile: path.join(root, task.dir, 'response.json'),
    written: 0,
    features: 0,
    crsRequired: [],
    emptyLayers: [],
    warnings: [...task.warnings],
    outputs: 0,
  };
  writeFileSync(job.responseFile, '{"status":true,"data":{"layers":[');
  for (const source of task.sources) await convertSource(gdal, job, source);

  if (job.crsRequired.length) {
    const details: CrsRequiredDetails = {
      crsRequired: true,
      layers: job.crsRequired.slice(0, DETAILS_MAX),
    };
    const names = details.layers.map((l) => `'${l.layer}' (${l.file})`).join(', ');
    throw problem(422, 'files.crsRequired', { layers: names }, details);
  }
  if (!job.written) {
    const [first] = job.emptyLayers;
    if (first) {
      throw problem(422, 'files.emptyLayer', {
        file: first.file,
        layers: job.emptyLayers
          .slice(0, DETAILS_MAX)
          .map((l) => l.layer)
          .join(', '),
      });
    }
    // SPEC §5's own words where it asks for them (a shapefile without a layer); ours elsewhere.
    if (task.sources.some((s) => s.kind === 'shapefile')) throw problem(422, 'files.noLayers');
    const files = task.sources.map((s) => `'${s.label}'`).join(', ');
    throw problem(422, 'files.noGisLayer', { files });
  }
  for (const empty of job.emptyLayers) job.warnings.push(job.t('files.warn.emptyLayer', empty));
  const warnings = job.warnings.slice(0, DETAILS_MAX);
  const more = job.warnings.length - warnings.length;
  if (more) warnings.push(job.t('files.warn.more', { count: more }));
  appendFileSync(job.responseFile, `],"warnings":${JSON.stringify(warnings)}}}`);
  return { responseFile: job.responseFile, layers: job.written, features: job.features };
}
