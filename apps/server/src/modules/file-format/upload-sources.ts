import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_EXTENSIONS } from '@integration/contracts';
import type { MessageKey, MessageVars } from '../../i18n/translate.ts';
import { chooseDbfEncoding } from './dbf-encoding.ts';
import { fileProblem } from './file-errors.ts';
import type { ImportSource, SourceKind } from './gdal-protocol.ts';
import { checkPrj, checkShpHeader, readHead } from './shapefile-checks.ts';
import { checkKmlCoordinates } from './kml-checks.ts';
import type { UnpackBudget } from './unpack-budget.ts';
import { extractZip, inspectZip, type ZipEntryInfo } from './zip-archive.ts';

type Translate = (key: MessageKey, vars?: MessageVars) => string;

/** A file as received: where it is on disk and the name the user gave it. */
export interface UploadedFile {
  abs: string;
  name: string;
}

/** CSV: a WKT column or longitude/latitude columns, under their usual names. */
export const CSV_OPEN_OPTIONS = [
  // *location, *route: the Open Fibre Data Standard's CSV columns (nodes/0/location…).
  'GEOM_POSSIBLE_NAMES=WKT,wkt,geometry,Geometry,geom,the_geom,wkt_geom,shape,*location,*route',
  'X_POSSIBLE_NAMES=lon,Lon,lng,Lng,long,longitude,Longitude,x,X',
  'Y_POSSIBLE_NAMES=lat,Lat,latitude,Latitude,y,Y',
  'KEEP_GEOM_COLUMNS=NO',
  'AUTODETECT_TYPE=YES',
];

const SINGLE_FILE: Record<string, SourceKind> = {
  geojson: 'geojson',
  json: 'geojson',
  kml: 'kml',
  gpkg: 'gpkg',
  fgb: 'fgb',
  csv: 'csv',
  osm: 'osm',
  pbf: 'osm',
};

const extension = (file: string) => path.extname(file).slice(1).toLowerCase();

/** The members of an archive that hold a layer, and those the import reads at all. */
const LAYER_EXTENSIONS = new Set(['shp', ...Object.keys(SINGLE_FILE)]);
const READ_EXTENSIONS = new Set([...LAYER_EXTENSIONS, 'shx', 'dbf', 'prj', 'cpg', 'dbt']);

/**
 * An archive without any layer. SPEC §5's 'no layers founds' is for a shapefile archive: one that
 * holds a shapefile's other parts but no .shp; an archive of anything else says so in its words.
 */
function noLayer(file: string, members: { name: string }[]) {
  const parts = [...new Set(members.map((m) => extension(m.name)))].sort();
  return parts.length
    ? fileProblem(422, 'files.zipNoShp', { file, parts: parts.map((p) => `.${p}`).join(', ') })
    : fileProblem(422, 'files.zipNoShapefile', { file });
}

interface Candidate {
  abs: string;
  label: string;
  inArchive: boolean;
}

/** A shapefile's parts by extension; its checks; the open options that read it right. */
async function shapefileSource(
  parts: Map<string, Candidate>,
  shp: Candidate,
  rel: (abs: string) => string,
  epsg: number | null,
  t: Translate,
): Promise<ImportSource> {
  await checkShpHeader(shp.abs, shp.label);
  const warnings: string[] = [];
  const options: string[] = [];
  if (!parts.has('shx')) warnings.push(t('files.warn.noShx', { file: shp.label }));
  const prj = parts.get('prj');
  if (prj) {
    const check = await checkPrj(prj.abs);
    if (!check.ok) {
      if (!epsg) {
        throw fileProblem(
          422,
          'files.prjInvalid',
          { file: prj.label, reason: t(check.reason) },
          {
            crsRequired: true,
            layers: [{ file: shp.label, layer: path.basename(shp.label, '.shp'), extent: null }],
          },
        );
      }
      await rm(prj.abs); // GDAL must not read it: the user's EPSG code stands in for it.
    }
  }
  const dbf = parts.get('dbf');
  if (!dbf) warnings.push(t('files.warn.noDbf', { file: shp.label }));
  else {
    const cpg = parts.get('cpg');
    const cpgText = cpg ? await readHead(cpg.abs, 100) : null;
    const choice = await chooseDbfEncoding(dbf.abs, cpgText);
    if (choice.encoding) options.push(`ENCODING=${choice.encoding}`);
    if (choice.warning) warnings.push(t(choice.warning.key, choice.warning.vars));
  }
  return {
    restoreShx: !parts.has('shx'),
    path: rel(shp.abs),
    label: shp.label,
    kind: 'shapefile',
    openOptions: options,
    optional: false,
    warnings,
  };
}

/**
 * Turns what was uploaded into datasets for GDAL: archives are checked and their GIS members
 * unpacked (KMZ too) within the request's budget, shapefile parts are grouped by folder and base
 * name, and each shapefile is checked before GDAL reads it. Refuses, with a 4xx, what cannot be
 * read.
 */
export async function collectSources(
  uploads: UploadedFile[],
  options: {
    workDir: string;
    root: string;
    budget: UnpackBudget;
    epsg: number | null;
    t: Translate;
  },
): Promise<{ sources: ImportSource[]; warnings: string[] }> {
  const { workDir, root, budget, epsg, t } = options;
  const rel = (abs: string) => path.relative(root, abs).split(path.sep).join('/');
  const warnings: string[] = [];
  const sources: ImportSource[] = [];

  for (const upload of uploads) {
    if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extension(upload.name))) {
      throw fileProblem(400, 'files.unsupportedFile', { file: upload.name });
    }
  }

  // Loose files sit together in one folder; each archive gets its own.
  const groups: { candidates: Candidate[]; archive: string | null }[] = [];
  const loose = uploads.filter((u) => !['zip', 'kmz'].includes(extension(u.name)));
  if (loose.length) {
    groups.push({
      candidates: loose.map((u) => ({ abs: u.abs, label: u.name, inArchive: false })),
      archive: null,
    });
  }
  // Every archive's directory is read before any is unpacked, then all are reserved at once (no
  // await between): a request over its budget is refused with nothing written, and of a user's
  // concurrent requests the first to get there goes through whole instead of all failing half-way.
  const archives: { upload: UploadedFile; members: ZipEntryInfo[] }[] = [];
  for (const upload of uploads.filter((u) => ['zip', 'kmz'].includes(extension(u.name)))) {
    const entries = await inspectZip(upload.abs, upload.name, budget.limits.maxEntries);
    const members = entries.filter((e) => READ_EXTENSIONS.has(extension(e.name)));
    // Refused from its directory alone: nothing of an archive without a layer is written.
    if (!members.some((e) => LAYER_EXTENSIONS.has(extension(e.name))))
      throw noLayer(upload.name, members);
    archives.push({ upload, members });
  }
  for (const { upload, members } of archives) budget.unpack(upload.name, members);
  for (const [index, { upload, members }] of archives.entries()) {
    const dir = path.join(workDir, `archive-${index}`);
    const wanted = new Set(members.map((e) => e.name));
    const files = await extractZip(upload.abs, upload.name, dir, wanted);
    await rm(upload.abs, { force: true });
    groups.push({
      candidates: files.map((abs) => ({
        abs,
        label: `${upload.name}/${path.relative(dir, abs).split(path.sep).join('/')}`,
        inArchive: true,
      })),
      archive: upload.name,
    });
  }

  for (const group of groups) {
    const before = sources.length;
    // Shapefile parts: same folder, same base name, extension in any case.
    const byBase = new Map<string, Map<string, Candidate>>();
    for (const c of group.candidates) {
      const key = path.join(
        path.dirname(c.abs),
        path.basename(c.abs, path.extname(c.abs)).toLowerCase(),
      );
      const parts = byBase.get(key) ?? new Map<string, Candidate>();
      parts.set(extension(c.abs), c);
      byBase.set(key, parts);
    }
    for (const parts of byBase.values()) {
      const shp = parts.get('shp');
      const dbf = parts.get('dbf');
      if (shp) sources.push(await shapefileSource(parts, shp, rel, epsg, t));
      else if (dbf) warnings.push(t('files.warn.noShp', { file: dbf.label }));
      for (const [ext, c] of parts) {
        const kind = SINGLE_FILE[ext];
        if (!kind) continue;
        if (kind === 'kml') await checkKmlCoordinates(c.abs, c.label);
        sources.push({
          path: rel(c.abs),
          label: c.label,
          kind,
          openOptions: kind === 'csv' ? CSV_OPEN_OPTIONS : [],
          optional: false,
          warnings: [],
        });
      }
    }
    const found = sources.slice(before);
    if (group.archive && found.length === 0) {
      throw fileProblem(422, 'files.zipNoShapefile', { file: group.archive });
    }
    // A stray .json beside other layers of an archive (metadata…) only earns a warning.
    if (group.archive && found.some((s) => s.kind !== 'geojson')) {
      for (const s of found) if (s.kind === 'geojson') s.optional = true;
    }
  }
  return { sources, warnings };
}
