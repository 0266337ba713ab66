import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError } from '../../../http/app-error.ts';
import { today, type FileAnswer } from '../../file-format/file-format.service.ts';
import { fileProblem } from '../../file-format/file-errors.ts';
import { cleanAfter, safeName } from '../../file-format/job-files.ts';
import { zipStream } from '../../file-format/zip-writer.ts';
import type { ExportContext } from '../exchange-context.ts';
import { countryCode, networkId } from './ofds-ids.ts';
import {
  DEPLOYMENT_OF_PLACEMENT,
  NODE_CODES,
  NODE_TYPE_OF,
  OFDS_CRS,
  OFDS_NETWORK_SCHEMA_ID,
  OFFICE_CODE,
  STATUS_OF_PHASE,
  type OfdsNetwork,
  type OfdsNode,
  type OfdsReference,
} from './ofds-model.ts';
import type { Queryable } from '../../../db/database.ts';
import { PlaceGrid } from '../place-grid.ts';
import {
  END_TOLERANCE_M,
  ofdsNetworkRepository as repo,
  type ClusterPhase,
  type NetworkFacts,
  type OfdsScope,
  type SpanRow,
} from './ofds-network.repository.ts';
import { OfdsWriter, type SpanOut } from './ofds-writer.ts';

/** Rows per page read from the database and written at once. */
const PAGE = 5_000;

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
const named = (name: string | null | undefined) => (name?.trim() ? { name } : {});

/** The network's own fields: everything but its nodes and spans. */
function networkHead(
  context: ExportContext,
  facts: NetworkFacts,
  clusters: ClusterPhase[],
): OfdsNetwork {
  const country = countryCode(facts.country);
  return {
    id: networkId(context.config.publicUrl, facts.projectId),
    ...named(facts.projectName),
    links: [{ rel: 'describedby', href: OFDS_NETWORK_SCHEMA_ID }],
    crs: { ...OFDS_CRS },
    publicationDate: today(),
    language: context.locale,
    ...(facts.subsidiaryName.trim() ? { publisher: { name: facts.subsidiaryName } } : {}),
    organisations: [
      {
        id: `C${facts.clientId}`,
        ...named(facts.clientName),
        ...(country ? { country } : {}),
        roles: ['networkProvider', 'physicalInfrastructureProvider'],
      },
    ],
    phases: clusters.map((c) => ({ id: `CL${c.id}`, ...named(c.name) })),
  };
}

/**
 * POST /file-format/export, format `ofds`: the project's (or office's, or cluster's) network as
 * an Open Fibre Data Standard network package. Nodes: the central offices that have a place,
 * the FDT-SROs, splice closures and PBO-FATs; spans: the cables between two of them (the others,
 * drops to homes above all, are left out and counted in `x-skipped-features`). Clusters are the
 * phases, their project phase the status; Cancelled clusters are left out. With `ofdsGeojson`,
 * a zip of the package and its GeoJSON nodes and spans.
 */
export async function exportOfds(context: ExportContext): Promise<FileAnswer> {
  const { db, body, scope } = context;
  if (body.crs !== undefined && body.crs !== 4326)
    throw new AppError(400, 'VALIDATION_ERROR', 'exchange.ofdsCrs');
  const started = performance.now();
  const facts = await repo.facts(db, scope.projectId);
  const all = await repo.clusters(db, scope.clusterIds);
  const clusters = all.filter((c) => c.phase !== 'Cancelled');
  const nothing = () => fileProblem(422, 'exchange.nothingToExport', { scope: scope.name });
  if (!facts || !clusters.length) throw nothing();

  // An office is published when it has a place and is not only Cancelled clusters' office.
  const exported = new Set(clusters.map((c) => c.officeId));
  const cancelledOnly = new Set(all.map((c) => c.officeId).filter((id) => !exported.has(id)));
  const officeIds = scope.centralOfficeIds.filter((id) => !cancelledOnly.has(id));
  const ofdsScope: OfdsScope = { clusterIds: clusters.map((c) => c.id), officeIds };

  const network = networkHead(context, facts, clusters);
  const provider: OfdsReference[] = [{ id: `C${facts.clientId}`, ...named(facts.clientName) }];
  const phaseOf = new Map(
    clusters.map((c) => [
      c.id,
      {
        phase: { id: `CL${c.id}`, ...named(c.name) },
        status: STATUS_OF_PHASE[c.phase] ?? 'planned',
      },
    ]),
  );

  const job = await context.gdal.newJob();
  const base = safeName(`${scope.name}-${today()}`);
  const files = {
    package: path.join(job.abs, `${base}.json`),
    ...(body.ofdsGeojson
      ? {
          nodes: path.join(job.abs, `${base}-nodes.geojson`),
          spans: path.join(job.abs, `${base}-spans.geojson`),
        }
      : {}),
  };
  const writer = new OfdsWriter(files, network);
  let skipped = 0;
  try {
    await writer.start(network);

    const grid = new PlaceGrid();
    const offices = await repo.offices(db, officeIds);
    for (const o of offices) grid.add(`${OFFICE_CODE}${o.id}`, o.lng, o.lat);
    await writer.nodePage(
      offices.map((o): OfdsNode => ({
        id: `${OFFICE_CODE}${o.id}`,
        ...named(o.name),
        status: clusters.some((c) => c.officeId === o.id && c.phase === 'Completed')
          ? 'operational'
          : 'planned',
        location: { type: 'Point', coordinates: [round7(o.lng), round7(o.lat)] },
        type: [NODE_TYPE_OF.office],
        accessPoint: false,
        networkProviders: provider,
      })),
    );

    for (let after = 0; ;) {
      const rows = await repo.nodePage(db, ofdsScope, after, PAGE);
      for (const n of rows) grid.add(`${NODE_CODES[n.type]}${n.id}`, n.lng, n.lat);
      await writer.nodePage(
        rows.map((n): OfdsNode => ({
          id: `${NODE_CODES[n.type]}${n.id}`,
          ...named(n.name),
          ...phaseOf.get(n.clusterId),
          location: { type: 'Point', coordinates: [round7(n.lng), round7(n.lat)] },
          type: [NODE_TYPE_OF[n.type]],
          accessPoint: n.type === 'PboFat',
          networkProviders: provider,
        })),
      );
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
    const nodesDone = performance.now();
    if (!writer.counts.nodes) throw nothing();

    const slack = new Map((await repo.loopsByCable(db, ofdsScope)).map((l) => [l.id, l.metres]));
    for (let after = 0; ;) {
      const rows = await repo.spanPage(db, ofdsScope, after, PAGE);
      const spans = await spansBetweenNodes(db, ofdsScope, rows, grid, slack);
      skipped += rows.length - spans.length;
      await writer.spanPage(spans.map((span) => spanOf(span, phaseOf, provider)));
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]?.id ?? after;
    }
    await writer.finish();
    const written = performance.now();

    const ms = (from: number, to: number) => (to - from).toFixed(0);
    const headers: Record<string, string> = {
      'server-timing': `nodes;dur=${ms(started, nodesDone)}, spans;dur=${ms(nodesDone, written)}`,
      // Cables whose two ends are not both published nodes (drops to homes, cables ending on
      // poles): OFDS spans join two nodes, so these are not in the package.
      'x-skipped-features': String(skipped),
    };
    let stream: Readable;
    if (files.nodes && files.spans) {
      stream = zipStream([
        { name: path.basename(files.package), file: files.package },
        { name: path.basename(files.nodes), file: files.nodes },
        { name: path.basename(files.spans), file: files.spans },
      ]);
    } else {
      stream = createReadStream(files.package, { highWaterMark: 1024 * 1024 });
    }
    return {
      stream: cleanAfter(stream, job.done),
      mediaType: files.nodes ? 'application/zip' : 'application/json',
      filename: `${base}.${files.nodes ? 'zip' : 'json'}`,
      headers,
    };
  } catch (error) {
    writer.abort();
    await job.done();
    throw error;
  }
}

/**
 * The cables of a page whose two ends are published nodes, with them and their slack loops: an end
 * lies on the nearest node within END_TOLERANCE_M, else (one query for the page) on the nearest
 * node where the fibres of that end are joined. Cables with an end on neither are left out.
 */
async function spansBetweenNodes(
  db: Queryable,
  scope: OfdsScope,
  rows: SpanRow[],
  grid: PlaceGrid,
  slack: Map<number, number>,
) {
  const ends = rows.map((row) => ({
    a: grid.nearest(row.startLng, row.startLat, END_TOLERANCE_M),
    b: grid.nearest(row.endLng, row.endLat, END_TOLERANCE_M),
  }));
  const loose = rows.flatMap((row, i) => [
    ...(ends[i]?.a
      ? []
      : [{ id: row.id, end: 'a' as const, lng: row.startLng, lat: row.startLat }]),
    ...(ends[i]?.b ? [] : [{ id: row.id, end: 'b' as const, lng: row.endLng, lat: row.endLat }]),
  ]);
  const joined = new Map(
    (await repo.jointEnds(db, scope, loose)).map((j) => [`${j.id}:${j.end}`, j.node]),
  );
  const spans = rows.flatMap((row, i) => {
    const start = ends[i]?.a ?? joined.get(`${row.id}:a`);
    const end = ends[i]?.b ?? joined.get(`${row.id}:b`);
    return start && end ? [{ ...row, start, end, loopsM: slack.get(row.id) ?? 0 }] : [];
  });
  return spans;
}

/** A cable as a span between the nodes at its ends. */
function spanOf(
  row: SpanRow & { start: string; end: string; loopsM: number },
  phaseOf: Map<number, { phase: OfdsReference; status: string }>,
  provider: OfdsReference[],
): SpanOut {
  const deployment = row.placement ? DEPLOYMENT_OF_PLACEMENT[row.placement] : undefined;
  const metres = row.lengthM === null ? null : row.lengthM + row.loopsM;
  return {
    span: {
      id: `CBL${row.id}`,
      ...named(row.name),
      ...phaseOf.get(row.clusterId),
      start: row.start,
      end: row.end,
      directed: false,
      transmissionMedium: ['fibre'],
      ...(row.fibreCount !== null ? { fibreCount: row.fibreCount } : {}),
      ...(metres !== null ? { fibreLength: Math.round(metres) / 1000 } : {}),
      ...(deployment ? { deployment: [deployment] } : {}),
      networkProviders: provider,
    },
    route: row.route,
  };
}
