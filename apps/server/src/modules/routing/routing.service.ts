import { sql } from 'drizzle-orm';
import {
  ROAD_NETWORK_MAX_SEGMENTS,
  ROUTE_ALTERNATIVES_MAX,
  ROUTE_SNAP_MAX_M,
  type ComputeRouteResult,
  type LatLng,
  type RoadNetworkSummary,
  type RouteErrorDetails,
  type RoutingRules,
  type RoutingSettings,
  type RoutingSettingsBody,
  type computeRouteBody,
} from '@integration/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { PerUserLimit } from '../../http/per-user-limit.ts';
import { assertAdmin, assertProjectReadable, canEditProject } from '../access/access.ts';
import { forbidden } from '../../http/app-error.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { pricesRepository as prices } from '../costs/prices.repository.ts';
import { distinctRoutes } from './distinct-routes.ts';
import { externalRoutes, type RoutingEngine } from './external-routing.ts';
import { effectiveSettings, knownOverrides } from './road-rules.ts';
import { roadsRepository as roads } from './roads.repository.ts';
import { RoutePlanError } from './route-planner.ts';
import { RoutingHost } from './routing-host.ts';
import type { GraphKey, ParsedRoads, PlanAnswer, RoutingStats } from './routing-protocol.ts';

type ComputeBody = z.output<typeof computeRouteBody>;

const projectNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'routing.projectNotFound', { id });

/** Route computations one user may run at once (issue 25); more are refused with 429. */
export const COMPUTES_PER_USER = 2;
/** Roads (or elements) per page read for a graph build: each query stays short on PGlite. */
const PAGE_ROWS = 4_000;

/** Create Route's rules: who may route and load roads, graphs per project, errors. */
export function createRoutingService(
  db: Database,
  options: { routingUrl?: string; routingEngine?: RoutingEngine; graphBudgetBytes?: number } = {},
) {
  /** Graphs are built, kept and searched in a worker thread (routing.worker.ts). */
  const host = new RoutingHost(options.graphBudgetBytes);
  const computes = new PerUserLimit(COMPUTES_PER_USER);
  /** Data being sent to the worker, by graph key and stamp: concurrent first uses share one. */
  const sending = new Map<string, Promise<void>>();
  let nextLoad = 1;

  async function noRoadNetwork(projectId: number): Promise<AppError> {
    const project = await db.one<{ name: string }>(
      sql`SELECT name FROM projects WHERE id = ${projectId}`,
    );
    const details: RouteErrorDetails = {
      reason: 'noRoadNetwork',
      importPath: `/api/routes/network/${projectId}`,
    };
    return new AppError(
      409,
      'CONFLICT',
      'routing.noRoadNetwork',
      { project: project?.name ?? String(projectId), projectId },
      details,
    );
  }

  function once(graph: GraphKey, send: () => Promise<void>): Promise<void> {
    const id = `${graph.key}|${graph.stamp}`;
    let running = sending.get(id);
    if (!running) {
      running = send().finally(() => sending.delete(id));
      sending.set(id, running);
    }
    return running;
  }

  /** A standalone copy of bytes the database answered (a view into its buffer), to transfer. */
  const own = (bytes: Uint8Array) => new Uint8Array(bytes);

  /**
   * Pages of rows to the worker under one load number, then the build that uses them; the
   * worker drops the pages when anything fails.
   */
  async function sendPages(
    read: (
      after: number,
    ) => ReturnType<typeof roads.wayPage> | ReturnType<typeof roads.elementPage>,
    kind: 'roads' | 'elements',
    build: (load: number, sent: boolean) => Promise<unknown>,
  ): Promise<void> {
    const load = nextLoad++;
    let after = 0;
    try {
      for (;;) {
        const got = await read(after);
        if (!got) break;
        after = got.last;
        const wkb = own(got.page.wkb);
        await host.post({ op: 'page', load, [kind]: { ...got.page, wkb } }, [wkb.buffer]);
      }
      await build(load, after !== 0);
    } catch (error) {
      await host.post({ op: 'drop', load }).catch(() => {});
      throw error;
    }
  }

  /** The project's roads, page by page, to the worker, which builds the profile's road graph. */
  const sendRoads = (
    projectId: number,
    profile: ComputeBody['profile'],
    road: GraphKey,
    settings: RoutingRules,
  ) =>
    sendPages(
      (after) => roads.wayPage(db, projectId, after, PAGE_ROWS),
      'roads',
      async (load, sent) => {
        if (!sent) throw await noRoadNetwork(projectId);
        await host.run({ op: 'buildRoads', load, profile, road, settings });
      },
    );

  /** The clusters' poles, manholes and cables to the worker, which lays them over the roads. */
  const sendOverlay = (
    clusters: readonly number[],
    road: GraphKey,
    overlay: GraphKey,
    settings: RoutingRules,
  ) =>
    sendPages(
      (after) => roads.elementPage(db, clusters, after, PAGE_ROWS),
      'elements',
      (load) => host.run({ op: 'buildOverlay', load, road, overlay, settings }),
    );

  /**
   * Asks the worker for the routes; when it lacks the project's road graph or the overlay of the
   * clusters' elements at their current stamps, sends what it needs and asks again. An element
   * edited changes only the overlay's stamp: the roads are not read or built again.
   */
  async function planned(body: ComputeBody, points: LatLng[]) {
    const projectId = body.projectId;
    const stamp = await roads.stamp(db, projectId);
    const settings = effectiveSettings(stamp.overrides);
    const base = `${stamp.roadsChangedAt}|${stamp.settingsChangedAt}`;
    const road: GraphKey = { key: `${projectId}:${body.profile}`, stamp: base };
    let overlay: GraphKey | undefined;
    let clusters: number[] = [];
    if (body.profile === 'infrastructure') {
      const projectClusters = await roads.clusterIdsOfProject(db, projectId);
      if (body.clusterId !== undefined && !projectClusters.includes(body.clusterId)) {
        throw new AppError(422, 'VALIDATION_ERROR', 'routing.clusterNotInProject', {
          clusterId: body.clusterId,
          projectId,
        });
      }
      clusters = body.clusterId !== undefined ? [body.clusterId] : projectClusters;
      const elementsStamp = await roads.infrastructureStamp(db, clusters);
      overlay = {
        key: `${projectId}:infrastructure:${clusters.join(',')}`,
        stamp: `${base}|${elementsStamp}`,
      };
    }
    // Each round sends what was missing; a graph evicted meanwhile is sent again, a few times.
    for (let round = 0; round < 4; round++) {
      const answer = await host.run<PlanAnswer>({
        op: 'plan',
        profile: body.profile,
        road,
        overlay,
        points,
        alternatives: body.alternatives ? ROUTE_ALTERNATIVES_MAX - 1 : 0,
        excludeElementId: body.profile === 'infrastructure' ? body.excludeElementId : undefined,
      });
      if ('routes' in answer) return answer.routes;
      if ('problem' in answer) throw planProblem(new RoutePlanError(answer.problem));
      if (answer.need === 'roads') {
        await once(road, () => sendRoads(projectId, body.profile, road, settings));
      } else if (overlay) {
        const layer = overlay;
        await once(layer, () => sendOverlay(clusters, road, layer, settings));
      }
    }
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'routing.workerFailed', {
      reason: 'graph evicted',
    });
  }

  function planProblem(error: RoutePlanError): AppError {
    const d = error.detail;
    if (d.problem === 'noPath') {
      const details: RouteErrorDetails = { reason: 'noPath', leg: d.leg, legs: d.legs };
      return d.legs > 1
        ? new AppError(
            422,
            'VALIDATION_ERROR',
            'routing.noPathLeg',
            { from: d.leg, to: d.leg + 1, leg: d.leg, legs: d.legs },
            details,
          )
        : new AppError(422, 'VALIDATION_ERROR', 'routing.noPath', {}, details);
    }
    const details: RouteErrorDetails = {
      reason: 'tooFar',
      point: d.point,
      ...(d.point === 'waypoint' ? { index: d.index } : {}),
      maxMetres: ROUTE_SNAP_MAX_M,
    };
    const key =
      d.point === 'origin'
        ? 'routing.originTooFar'
        : d.point === 'destination'
          ? 'routing.destinationTooFar'
          : 'routing.waypointTooFar';
    return new AppError(
      422,
      'VALIDATION_ERROR',
      key,
      {
        max: ROUTE_SNAP_MAX_M,
        index: d.point === 'waypoint' ? d.index : 0,
      },
      details,
    );
  }

  /** The routes through the body's points, best first, each path once. */
  async function routesOf(body: ComputeBody): Promise<Pick<ComputeRouteResult, 'routes'>> {
    const points: LatLng[] = [body.origin, ...(body.waypoints ?? []), body.destination];
    if (body.profile === 'two-wheeler' && options.routingUrl) {
      const engine = options.routingEngine ?? 'osrm';
      return {
        routes: distinctRoutes(
          await externalRoutes(engine, options.routingUrl, points, body.alternatives),
        ),
      };
    }
    return { routes: await planned(body, points) };
  }

  async function assertCanEdit(user: UserRecord, projectId: number) {
    await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
    if (!(await canEditProject(db, user, projectId))) throw forbidden();
  }

  /** Frees the worker's graphs of a project (its roads or settings changed here). */
  function forget(projectId: number): void {
    host.post({ op: 'forget', prefix: `${projectId}:` }).catch(() => {});
  }

  return {
    forget,

    /** What the worker holds and has built (tests: an element edit builds no road graph). */
    stats: () => host.run<RoutingStats>({ op: 'stats' }),

    /** A GIS import's answer read into road rows by the worker (road-import.service.ts). */
    parseRoads: (file: string, batch: { rows: number; bytes: number }) =>
      host.run<ParsedRoads>({
        op: 'parseRoads',
        file,
        batchRows: batch.rows,
        batchBytes: batch.bytes,
        maxSegments: ROAD_NETWORK_MAX_SEGMENTS,
      }),

    /** Stops the worker (the server is closing). */
    close: () => host.close(),

    /** POST /routes/compute: routes best first (SPEC §7's routes service, issue 18). */
    async compute(user: UserRecord, body: ComputeBody): Promise<ComputeRouteResult> {
      await assertProjectReadable(db, user, body.projectId, () => projectNotFound(body.projectId));
      return computes.run(user.id, async () => {
        const currency = await prices.currency(db, body.projectId);
        return { ...(await routesOf(body)), currency };
      });
    },

    /** GET /routes/network/{projectId}: readers of the project. */
    async network(user: UserRecord, projectId: number): Promise<RoadNetworkSummary> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return roads.summary(db, projectId);
    },

    /** DELETE /routes/network/{projectId}: admins. */
    async clearNetwork(user: UserRecord, projectId: number): Promise<{ edges: number }> {
      assertAdmin(user);
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      const edges = await db.transaction(async (tx) => {
        const removed = await roads.clear(tx, projectId);
        await roads.touchRoads(tx, projectId);
        return removed;
      });
      forget(projectId);
      return { edges };
    },

    /** Planners of the project and admins may load roads and change settings. */
    assertCanEdit,

    async settings(user: UserRecord, projectId: number): Promise<RoutingSettings> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return {
        ...effectiveSettings((await roads.stamp(db, projectId)).overrides),
        currency: await prices.currency(db, projectId),
      };
    },

    async saveSettings(
      user: UserRecord,
      projectId: number,
      body: RoutingSettingsBody,
    ): Promise<RoutingSettings> {
      await assertCanEdit(user, projectId);
      const current = (await roads.stamp(db, projectId)).overrides;
      const kept = knownOverrides(current);
      const next = {
        speedsKmh: (body.speedsKmh ?? kept.speedsKmh) as Record<string, number>,
        excludedClasses: body.excludedClasses ?? kept.excludedClasses,
        costPerMetre: {
          ...current?.costPerMetre,
          ...Object.fromEntries(
            Object.entries(body.costPerMetre ?? {}).filter(([, v]) => v !== undefined),
          ),
        } as RoutingRules['costPerMetre'],
      };
      await roads.saveSettings(db, projectId, next);
      forget(projectId);
      return {
        ...effectiveSettings(next),
        currency: await prices.currency(db, projectId),
      };
    },
  };
}

export type RoutingService = ReturnType<typeof createRoutingService>;
