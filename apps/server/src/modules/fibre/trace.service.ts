import { sql } from 'drizzle-orm';
import {
  DEFAULT_COLOUR_SCHEME,
  DEFAULT_LOSSES,
  HOME_TYPES,
  type ColourScheme,
  type LossConstants,
  type CableFibres,
  type DbByWavelength,
  type ElementTypeName,
  type FibreSettings,
  type FibreSettingsBody,
  type HomeBudget,
  type Locale,
  type Trace,
  type TraceHop,
} from '@integration/contracts';
import type { Database } from '../../db/database.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { translate } from '../../i18n/translate.ts';
import { assertProjectReadable, canEditProject, visibleProject } from '../access/access.ts';
import { assertReadableVia } from '../access/readable-via.ts';
import { projectNotFound } from '../hierarchy/hierarchy.service.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { cablesRepository as cables } from './cables.repository.ts';
import { describeCables } from './fibre-plan.ts';
import { colourIn } from './fibre-labels.ts';
import { fibreSettingsRepository as settings } from './settings.repository.ts';
import {
  homesAStatement,
  traceRepository as traces,
  type HomeTotals,
  type HopRow,
} from './trace.repository.ts';

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const db2 = (a: number, b: number): DbByWavelength => ({
  '1310': round(a, 3),
  '1550': round(b, 3),
});

/** Each home's totals in the API's shape, with its margin under the budget. */
const budgets = (homes: HomeTotals[], budgetDb: number): HomeBudget[] =>
  homes.map((h) => ({
    elementId: h.elementId,
    name: h.name,
    end: h.end,
    totalLengthM: round(h.totalLengthM, 1),
    totalLossDb: db2(h.loss1310, h.loss1550),
    marginDb: round(budgetDb - Math.max(h.loss1310, h.loss1550), 3),
  }));

/** The project of an element (cable, home, cluster member), if it exists and is not deleted. */
async function elementFacts(db: Database, id: number) {
  return db.one<{ projectId: number; type: ElementTypeName; name: string; clusterId: number }>(sql`
    SELECT co.project_id AS "projectId", e.type, e.name, e.cluster_id AS "clusterId"
    FROM network_elements e
    JOIN clusters c ON c.id = e.cluster_id
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE e.id = ${id} AND e.deleted_at IS NULL`);
}

/** Fibres of a cable, traces and budgets (issue 26): the rules; SQL in the repositories. */
export function createTraceService(db: Database) {
  const notFound = (key: 'fibre.cableNotFound' | 'fibre.fibreNotFound', id: number) => () =>
    new AppError(404, 'NOT_FOUND', key, { id });

  /** Hops of one walk in the API's shape, cumulated. */
  function toHops(rows: HopRow[], locale: Locale): TraceHop[] {
    let length = 0;
    let l1310 = 0;
    let l1550 = 0;
    const hops: TraceHop[] = [];
    for (const r of rows) {
      if (r.kind === 'start' || r.kind === 'port') continue;
      length += r.lengthM;
      l1310 += r.loss1310;
      l1550 += r.loss1550;
      const place = r.placeName ?? '';
      const common = {
        lengthM: round(r.lengthM, 1),
        lossDb: db2(r.loss1310, r.loss1550),
        cumulativeLengthM: round(length, 1),
        cumulativeLossDb: db2(l1310, l1550),
      };
      if (r.kind === 'fibre') {
        hops.push({
          kind: 'fibre',
          elementId: r.cableId,
          elementType: 'Cable',
          name: r.cableName ?? '',
          cableId: r.cableId ?? undefined,
          fibreNumber: r.fibreNumber ?? undefined,
          colour: r.colourHex
            ? colourIn(locale, r.colourEn, r.colourFr, r.colourHex, r.colourStripe)
            : undefined,
          ...common,
        });
      } else if (r.kind === 'splitter') {
        hops.push({
          kind: 'splitter',
          elementId: r.elementId,
          elementType: r.elementId !== null ? r.elementType : 'CentralOffice',
          name: translate(locale, 'fibre.hop.splitter', {
            place,
            name: r.splitterName ?? '',
            ratio: r.ratio ?? '',
          }),
          ...common,
        });
      } else {
        hops.push({
          kind: r.kind,
          elementId: r.elementId,
          elementType: r.elementId !== null ? r.elementType : 'CentralOffice',
          name: place,
          ...common,
        });
      }
    }
    const last = rows.at(-1);
    const total = { lengthM: 0, lossDb: db2(0, 0) };
    const end = last?.terminalKind === 'olt-port' ? 'olt-port' : 'open';
    hops.push({
      kind: end,
      elementId: last?.elementId ?? null,
      elementType:
        end === 'olt-port'
          ? last?.elementId !== null
            ? (last?.elementType ?? null)
            : 'CentralOffice'
          : null,
      name:
        end === 'olt-port'
          ? translate(locale, 'fibre.hop.oltPort', {
              place: last?.placeName ?? '',
              panel: last?.portPanel ?? '',
              number: last?.portNumber ?? '',
            })
          : translate(locale, 'fibre.hop.open'),
      ...total,
      cumulativeLengthM: round(length, 1),
      cumulativeLossDb: db2(l1310, l1550),
    });
    return hops;
  }

  function summarise(hops: TraceHop[], budgetDb: number): Trace {
    const last = hops.at(-1);
    const totalLossDb = last?.cumulativeLossDb ?? db2(0, 0);
    const ids = new Set<number>();
    for (const h of hops) if (h.elementId !== null) ids.add(h.elementId);
    return {
      hops,
      totalLengthM: last?.cumulativeLengthM ?? 0,
      totalLossDb,
      end: last?.kind === 'olt-port' ? 'olt-port' : 'open',
      marginDb: round(budgetDb - Math.max(totalLossDb['1310'], totalLossDb['1550']), 3),
      elementIds: [...ids],
    };
  }

  return {
    async cableFibres(user: UserRecord, cableId: number, locale: Locale): Promise<CableFibres> {
      const cable = await elementFacts(db, cableId);
      await assertReadableVia(db, user, cable?.projectId, notFound('fibre.cableNotFound', cableId));
      if (!cable || cable.type !== 'Cable') throw notFound('fibre.cableNotFound', cableId)();
      await db.transaction((tx) => cables.materialise(tx, cableId));
      const { colourScheme } = await settings.get(db, cable.projectId);
      const [described] = await describeCables(
        db,
        [{ id: cableId, name: cable.name }],
        colourScheme,
        locale,
      );
      if (!described) throw notFound('fibre.cableNotFound', cableId)();
      const { end: _end, ...rest } = described;
      return rest;
    },

    async setFibreStatus(
      user: UserRecord,
      fibreId: number,
      status: 'free' | 'reserved' | 'faulty',
    ) {
      const cableId = await cables.cableOfFibre(db, fibreId);
      const cable = cableId !== undefined ? await elementFacts(db, cableId) : undefined;
      await assertReadableVia(db, user, cable?.projectId, notFound('fibre.fibreNotFound', fibreId));
      if (!cable) throw notFound('fibre.fibreNotFound', fibreId)();
      if (!(await canEditProject(db, user, cable.projectId))) throw forbidden();
      await cables.setStatus(db, fibreId, status);
    },

    async trace(
      user: UserRecord,
      query: { fibreId?: number; elementId?: number },
      locale: Locale,
    ): Promise<Trace> {
      if (query.elementId !== undefined) {
        // The home, whether the user may read it, and its project's settings: one query, as a
        // trace is a planner's most frequent question (each round trip ~0.4 ms of ~5).
        const home = await db.one<{
          type: ElementTypeName;
          name: string;
          visible: boolean;
          scheme: ColourScheme | null;
          losses: LossConstants | null;
        }>(sql`
          SELECT e.type, e.name, ${visibleProject(user, sql`co.project_id`)} AS visible,
                 fs.colour_scheme AS scheme, fs.losses
          FROM network_elements e
          JOIN clusters c ON c.id = e.cluster_id
          JOIN central_offices co ON co.id = c.central_office_id
          LEFT JOIN fibre_settings fs ON fs.project_id = co.project_id
          WHERE e.id = ${query.elementId} AND e.deleted_at IS NULL`);
        if (!home || !home.visible) {
          if (user.role !== 'admin') throw forbidden();
          throw new AppError(404, 'NOT_FOUND', 'fibre.elementNotFound', { id: query.elementId });
        }
        const colourScheme = home.scheme ?? DEFAULT_COLOUR_SCHEME;
        const losses = home.losses ?? DEFAULT_LOSSES;
        if (!HOME_TYPES.includes(home.type)) {
          throw new AppError(422, 'VALIDATION_ERROR', 'fibre.noDrop', { name: home.name });
        }
        const rows = await traces.hops(db, { homeId: query.elementId }, losses, colourScheme);
        if (!rows.length) {
          throw new AppError(422, 'VALIDATION_ERROR', 'fibre.noDrop', { name: home.name });
        }
        return summarise(toHops(rows, locale), losses.budgetDb);
      }
      const fibreId = query.fibreId ?? 0;
      const cableId = await cables.cableOfFibre(db, fibreId);
      const cable = cableId !== undefined ? await elementFacts(db, cableId) : undefined;
      await assertReadableVia(db, user, cable?.projectId, notFound('fibre.fibreNotFound', fibreId));
      if (!cable) throw notFound('fibre.fibreNotFound', fibreId)();
      const { losses, colourScheme } = await settings.get(db, cable.projectId);
      const ends = await traces.fibreEnds(db, fibreId);
      if (!ends) throw notFound('fibre.fibreNotFound', fibreId)();
      // Through the fibre both ways; the way that reaches an OLT port is the path, and what lies
      // beyond the fibre's other end is read before it, reversed, so that the hops run from the
      // far end towards the OLT as a home's do.
      const walk = (terminal: number, viaJoint: boolean) =>
        traces.hops(db, [{ seed: 1, terminal, viaJoint }], losses, colourScheme);
      const [towardsB, towardsA] = await Promise.all([walk(ends.a, true), walk(ends.b, true)]);
      const oltBeyondA = towardsA.at(-1)?.terminalKind === 'olt-port';
      const main = oltBeyondA ? towardsA : towardsB;
      const beyond = await walk(oltBeyondA ? ends.b : ends.a, false);
      const rows = [...beyond.slice(1).reverse(), ...main];
      return summarise(toHops(rows, locale), losses.budgetDb);
    },

    /**
     * What a trace is of, for its document's title: the home's name, or the cable's with the
     * fibre's number. Called after `trace`, which checked access and existence.
     */
    async traceTitle(query: { fibreId?: number; elementId?: number }) {
      if (query.elementId !== undefined)
        return (await elementFacts(db, query.elementId))?.name ?? '';
      const row = await db.one<{ name: string; number: number }>(sql`
        SELECT e.name, f.number FROM fibres f JOIN network_elements e ON e.id = f.cable_id
        WHERE f.id = ${query.fibreId ?? 0}`);
      return row ? `${row.name} #${row.number}` : '';
    },

    /** Downstream from an OLT port: every home it serves. */
    async homesServed(user: UserRecord, portId: number): Promise<{ homes: HomeBudget[] }> {
      const port = await db.one<{ projectId: number }>(sql`
        SELECT coalesce(eco.project_id, co.project_id) AS "projectId"
        FROM fibre_ports p
        LEFT JOIN central_offices co ON co.id = p.central_office_id
        LEFT JOIN network_elements e ON e.id = p.element_id
        LEFT JOIN clusters c ON c.id = e.cluster_id
        LEFT JOIN central_offices eco ON eco.id = c.central_office_id
        WHERE p.id = ${portId}`);
      const missing = () => new AppError(404, 'NOT_FOUND', 'fibre.portNotFound', { id: portId });
      await assertReadableVia(db, user, port?.projectId, missing);
      const terminal = await traces.oltTerminal(db, portId);
      if (!port || terminal === undefined) throw missing();
      const { losses } = await settings.get(db, port.projectId);
      const served = await traces.homesServed(db, terminal, losses);
      return {
        homes: budgets(
          await traces.homeTotals(db, served, losses, homesAStatement(db.kind)),
          losses.budgetDb,
        ),
      };
    },

    async budget(
      user: UserRecord,
      clusterId: number,
    ): Promise<{ homes: HomeBudget[]; clusterName: string }> {
      const cluster = await db.one<{ projectId: number; name: string }>(sql`
        SELECT co.project_id AS "projectId", c.name FROM clusters c
        JOIN central_offices co ON co.id = c.central_office_id WHERE c.id = ${clusterId}`);
      await assertReadableVia(
        db,
        user,
        cluster?.projectId,
        () => new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId }),
      );
      if (!cluster) throw new AppError(404, 'NOT_FOUND', 'clusters.notFound', { id: clusterId });
      const { losses } = await settings.get(db, cluster.projectId);
      const homes = await traces.clusterHomes(db, clusterId);
      return {
        homes: budgets(
          await traces.homeTotals(db, homes, losses, homesAStatement(db.kind)),
          losses.budgetDb,
        ),
        clusterName: cluster.name,
      };
    },

    async settings(user: UserRecord, projectId: number): Promise<FibreSettings> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return settings.get(db, projectId);
    },

    async saveSettings(user: UserRecord, projectId: number, body: FibreSettingsBody) {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      if (!(await canEditProject(db, user, projectId))) throw forbidden();
      const current = await settings.get(db, projectId);
      const next = {
        projectId,
        colourScheme: body.colourScheme ?? current.colourScheme,
        losses: body.losses ?? current.losses,
      };
      await settings.save(db, next);
      return next;
    },
  };
}

export type TraceService = ReturnType<typeof createTraceService>;
