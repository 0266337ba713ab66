import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { DeliveryCheck, DeliveryProblem, Locale } from '@integration/contracts';
import { intArray } from '../../../db/sql-arrays.ts';
import { AppError } from '../../../http/app-error.ts';
import { isMessageKey, translate, type MessageVars } from '../../../i18n/translate.ts';
import { fibreSettingsRepository } from '../../fibre/settings.repository.ts';
import type { FileAnswer } from '../../file-format/file-format.service.ts';
import { today } from '../../file-format/file-format.service.ts';
import { cleanAfter } from '../../file-format/job-files.ts';
import type { ExportContext } from '../exchange-context.ts';
import { codes, parseKey, type Tag } from './gracethd-codes.ts';
import { GRACETHD_TABLES } from './model-tables.ts';
import { checkTables } from './gracethd-checks.ts';
import { graceThdNetwork } from './gracethd-network.repository.ts';
import { distanceM } from './gracethd-segments.ts';
import { buildTables, type Found, type NetworkRows, type Row } from './gracethd-tables.ts';
import { readPointWkb } from './wkb.ts';
import { writeDelivery } from './gracethd-writer.ts';
import { GRACETHD_DEFAULT_CRS, knownCrs } from './gracethd-crs.ts';

/** A problem in the user's language; `@key` values are messages too (a cable's "start"). */
export function localise(found: Found, locale: Locale): DeliveryProblem {
  const vars: MessageVars = {};
  for (const [name, value] of Object.entries(found.vars)) {
    const key = typeof value === 'string' && value.startsWith('@') ? value.slice(1) : null;
    vars[name] = key && isMessageKey(key) ? translate(locale, key) : value;
  }
  return {
    code: found.code,
    severity: found.severity,
    message: translate(locale, found.key, vars),
    elementIds: found.elementIds,
    clusterId: found.clusterId,
    ...(found.table ? { table: found.table } : {}),
    ...(found.column ? { column: found.column } : {}),
    ...(found.value ? { value: found.value } : {}),
  };
}

export function deliveryCheck(found: Found[], locale: Locale): DeliveryCheck {
  const problems = found
    .map((f) => localise(f, locale))
    .sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return {
    problems,
    counts: {
      error: problems.filter((p) => p.severity === 'error').length,
      warning: problems.filter((p) => p.severity === 'warning').length,
    },
  };
}

/** A home (t_suf) more than 20 m from its address (t_adresse): GraceTHD-Check refuses it. */
function homesFarFromAddress(tables: Map<string, Row[]>, network: NetworkRows): Found[] {
  const at = (table: string, key: string) =>
    new Map((tables.get(table) ?? []).map((row) => [String(row[key]), readPointWkb(row.geom)]));
  const nodes = at('t_noeud', 'nd_code');
  const addresses = at('t_adresse', 'ad_code');
  const homes = new Map(network.points.map((p) => [p.id, p]));
  const found: Found[] = [];
  for (const suf of tables.get('t_suf') ?? []) {
    const node = nodes.get(String(suf.sf_nd_code));
    const address = addresses.get(String(suf.sf_ad_code));
    if (!node || !address) continue;
    const metres = distanceM(node.lng, node.lat, address.lng, address.lat);
    if (metres <= HOME_ADDRESS_M) continue;
    const key = parseKey(String(suf.sf_code).split('SF-').pop() ?? '');
    const home = key ? homes.get(key.id) : undefined;
    found.push({
      code: 'homeAddress',
      severity: 'error',
      key: 'exchange.check.homeAddress',
      vars: { name: home?.name ?? String(suf.sf_code), metres: metres.toFixed(1) },
      elementIds: home ? [home.id] : [],
      clusterId: home?.clusterId ?? null,
      table: 't_suf',
      column: 'sf_ad_code',
    });
  }
  return found;
}

/** How far a home may lie from its address (GraceTHD-Check's rule). */
const HOME_ADDRESS_M = 20;

/** Reads the scope's network, Cancelled clusters left out (and said). */
async function readNetwork(context: ExportContext, found: Found[]): Promise<NetworkRows> {
  const { db, scope } = context;
  const clusters = await db.rows<{ id: number; name: string; phase: string; office: number }>(sql`
    SELECT id, name, project_phase AS phase, central_office_id AS office FROM clusters
    WHERE id = ANY(${intArray(scope.clusterIds)}::int[]) ORDER BY id`);
  for (const cluster of clusters.filter((c) => c.phase === 'Cancelled'))
    found.push({
      code: 'cancelled',
      severity: 'warning',
      key: 'exchange.check.cancelled',
      vars: { name: cluster.name },
      elementIds: [],
      clusterId: cluster.id,
    });
  const live = clusters.filter((c) => c.phase !== 'Cancelled');
  const ids = live.map((c) => c.id);
  const officeIds = [...new Set(live.map((c) => c.office))];
  const g = graceThdNetwork;
  // Side by side on PostgreSQL's pool, in turns on PGlite; the heaviest two (fibres, joints)
  // first, with the others queued behind them (a few connections, not the whole pool).
  const [fibres, joints, rest] = await Promise.all([
    g.fibres(db, ids),
    g.joints(db, ids, officeIds),
    (async () => ({
      points: await g.points(db, ids),
      offices: await g.offices(db, officeIds),
      zones: await g.zones(db, ids),
      cables: await g.cables(db, ids),
      trays: await g.trays(db, ids, officeIds),
      splitters: await g.splitters(db, ids, officeIds),
      ports: await g.ports(db, ids, officeIds),
      accesses: await g.accesses(db, ids),
      loops: await g.loops(db, ids),
    }))(),
  ]);
  return {
    ...rest,
    fibres,
    joints,
    phases: new Map(live.map((c) => [c.id, c.phase])),
    officeOfCluster: new Map(live.map((c) => [c.id, c.office])),
  };
}

/**
 * The delivery's rows and the pre-export check's problems (issue 29): what POST
 * /file-format/export writes for `gracethd` and `gracethd-shpcsv`, and answers alone for dryRun.
 */
export async function buildDelivery(context: ExportContext) {
  const { db, body, scope } = context;
  const found: Found[] = [];
  const network = await readNetwork(context, found);
  const settings = await fibreSettingsRepository.get(db, scope.projectId);
  const prefix = body.codePrefix ?? '';
  const built = await buildTables(network, {
    prefix,
    statut: body.statut,
    colourScheme: settings.colourScheme,
  });
  found.push(...built.found);
  // The segments' lines, cut from their cables in the database, with their nodes at their ends.
  const c = codes(prefix);
  const lines = new Map(
    (await graceThdNetwork.segmentLines(db, built.lines)).map((l) => [l.code, l]),
  );
  for (const [table, tag] of [
    ['t_cableline', 'CL'],
    ['t_cheminement', 'CM'],
  ] as const) {
    for (const row of built.tables.get(table) ?? []) {
      const key = c.keyOf(String(row[tag === 'CL' ? 'cl_code' : 'cm_code']), tag);
      const line = key ? lines.get(key) : undefined;
      row.geom = line?.wkb ?? null;
      row[tag === 'CL' ? 'cl_long' : 'cm_long'] = line
        ? Math.round(line.lengthM * 100) / 100
        : null;
    }
  }
  for (const row of built.tables.get('t_cable') ?? []) {
    const key = c.keyOf(String(row.cb_code), 'CB');
    const line = key ? lines.get(key) : undefined;
    if (!line) continue;
    row.cb_lgreel = Math.round(line.lengthM * 100) / 100;
    // The nodes' points added at its ends (read back by our import to rebuild the cable's line).
    const trim = `${line.addedStart ? 'a' : ''}${line.addedEnd ? 'b' : ''}`;
    if (trim && row.cb_comment) row.cb_comment = `${String(row.cb_comment)} | trim=${trim}`;
  }
  found.push(...homesFarFromAddress(built.tables, network));
  const clusterOf = new Map<number, number>();
  for (const p of network.points) clusterOf.set(p.id, p.clusterId);
  for (const cable of network.cables) clusterOf.set(cable.id, cable.clusterId);
  const tagOf = new Map(
    GRACETHD_TABLES.map((t) => [t.name, t.primaryKey.slice(0, 2).toUpperCase()]),
  );
  /** The model's checks over the rows, each problem naming our element behind its row. */
  const check = () =>
    checkTables(built.tables, (table, row) => {
      const code = Object.values(row)[0];
      const tag = (tagOf.get(table) ?? '') as Tag;
      const key = typeof code === 'string' ? c.keyOf(code, tag) : null;
      const parsed = key ? parseKey(key.split('-')[0] ?? '') : null;
      const clusterId = parsed ? clusterOf.get(parsed.id) : undefined;
      return parsed && clusterId !== undefined ? { id: parsed.id, clusterId } : null;
    });
  return { tables: built.tables, found, network, check };
}

/** POST /file-format/export, formats `gracethd` (a GeoPackage) and `gracethd-shpcsv` (a zip). */
export async function exportGraceThd(context: ExportContext): Promise<FileAnswer> {
  const { db, body, locale, scope, gdal } = context;
  const crs = body.crs ?? GRACETHD_DEFAULT_CRS;
  if (!(await knownCrs(db, crs)))
    throw new AppError(400, 'VALIDATION_ERROR', 'exchange.crsUnknown', { crs });
  const started = performance.now();
  const { tables, found, check } = await buildDelivery(context);
  const built = performance.now();
  const refuse = (problems: DeliveryCheck) =>
    new AppError(
      422,
      'VALIDATION_ERROR',
      'exchange.checksFailed',
      { count: problems.counts.error },
      problems,
    );
  if (body.dryRun) {
    found.push(...(await check()));
    const answer = JSON.stringify({ status: true, data: deliveryCheck(found, locale) });
    return { stream: Readable.from([answer]), mediaType: 'application/json; charset=utf-8' };
  }
  const early = deliveryCheck(found, locale);
  if (early.counts.error > 0) throw refuse(early);
  const rows = [...tables.values()].reduce((n, r) => n + r.length, 0);
  if (!rows)
    throw new AppError(422, 'VALIDATION_ERROR', 'exchange.nothingToExport', { scope: scope.name });
  const layout = body.format === 'gracethd-shpcsv' ? 'shpcsv' : 'gpkg';
  const job = await gdal.newJob();
  try {
    // The model's checks run while GDAL writes (in its worker): a refused delivery's file is
    // thrown away.
    const [written, checked] = await Promise.all([
      writeDelivery(gdal, job, tables, { layout, crs, found }),
      check(),
    ]);
    found.push(...checked);
    const problems = deliveryCheck(found, locale);
    if (problems.counts.error > 0) {
      written.stream.destroy();
      throw refuse(problems);
    }
    const ms = (from: number, to: number) => (to - from).toFixed(0);
    const headers: Record<string, string> = {
      'server-timing': `build;dur=${ms(started, built)}, write;dur=${ms(built, performance.now())}`,
      'x-delivery-warnings': String(problems.counts.warning),
    };
    return {
      stream: cleanAfter(written.stream, job.done),
      mediaType: layout === 'gpkg' ? 'application/geopackage+sqlite3' : 'application/zip',
      filename: `${scope.name}-GraceTHD-EPSG${crs}-${today()}.${layout === 'gpkg' ? 'gpkg' : 'zip'}`,
      headers,
    };
  } catch (error) {
    await job.done();
    throw error;
  }
}

export type { Row };
