import { sql } from 'drizzle-orm';
import {
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
import { assertAdmin, assertProjectReadable, canEditProject } from '../access/access.ts';
import { forbidden } from '../../http/app-error.ts';
import type { UserRecord } from '../users/users.repository.ts';
import { GraphCache } from './graph-cache.ts';
import { infrastructureGraph } from './infrastructure-graph.ts';
import { currencyOfCountry } from './currency.ts';
import { distinctRoutes } from './distinct-routes.ts';
import { externalRoutes, type RoutingEngine } from './external-routing.ts';
import { withoutSource } from './road-graph.ts';
import { effectiveSettings } from './road-rules.ts';
import { roadsRepository as roads } from './roads.repository.ts';
import { planRoutes, profileGraph, RoutePlanError, type ProfileGraph } from './route-planner.ts';
import { twoWheelerGraph } from './two-wheeler-graph.ts';

type ComputeBody = z.output<typeof computeRouteBody>;

const projectNotFound = (id: number) =>
  new AppError(404, 'NOT_FOUND', 'routing.projectNotFound', { id });

/** Create Route's rules: who may route and load roads, graphs per project, errors. */
export function createRoutingService(
  db: Database,
  options: { routingUrl?: string; routingEngine?: RoutingEngine } = {},
) {
  const graphs = new GraphCache();

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

  /** The project's graph for a profile, built on first use and after every change. */
  async function graphOf(projectId: number, body: ComputeBody): Promise<ProfileGraph> {
    const stamp = await roads.stamp(db, projectId);
    const settings = effectiveSettings(stamp.overrides);
    const base = `${stamp.roadsChangedAt}|${stamp.settingsChangedAt}`;
    const load = async () => {
      const rows = await roads.edges(db, projectId);
      if (!rows.length) throw await noRoadNetwork(projectId);
      return rows;
    };
    if (body.profile === 'two-wheeler') {
      return graphs.get(`${projectId}:two-wheeler`, base, async () => {
        const { graph } = twoWheelerGraph(await load(), settings);
        return profileGraph('two-wheeler', graph);
      });
    }
    const projectClusters = await roads.clusterIdsOfProject(db, projectId);
    if (body.clusterId !== undefined && !projectClusters.includes(body.clusterId)) {
      throw new AppError(422, 'VALIDATION_ERROR', 'routing.clusterNotInProject', {
        clusterId: body.clusterId,
        projectId,
      });
    }
    const clusters = body.clusterId !== undefined ? [body.clusterId] : projectClusters;
    const elementsStamp = await roads.infrastructureStamp(db, clusters);
    return graphs.get(
      `${projectId}:infrastructure:${clusters.join(',')}`,
      `${base}|${elementsStamp}`,
      async () => {
        const rows = await load();
        const elements = await roads.infrastructure(db, clusters);
        return profileGraph(
          'infrastructure',
          infrastructureGraph(rows, elements, settings),
          settings.costPerMetre,
        );
      },
    );
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
    const cached = await graphOf(body.projectId, body);
    const graph =
      body.profile === 'infrastructure' && body.excludeElementId !== undefined
        ? { ...cached, graph: withoutSource(cached.graph, body.excludeElementId) }
        : cached;
    try {
      return {
        routes: distinctRoutes(
          planRoutes(graph, points, body.alternatives ? ROUTE_ALTERNATIVES_MAX - 1 : 0),
        ),
      };
    } catch (error) {
      if (error instanceof RoutePlanError) throw planProblem(error);
      throw error;
    }
  }

  async function assertCanEdit(user: UserRecord, projectId: number) {
    await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
    if (!(await canEditProject(db, user, projectId))) throw forbidden();
  }

  return {
    graphs,

    /** POST /routes/compute: routes best first (SPEC §7's routes service, issue 18). */
    async compute(user: UserRecord, body: ComputeBody): Promise<ComputeRouteResult> {
      await assertProjectReadable(db, user, body.projectId, () => projectNotFound(body.projectId));
      const currency = currencyOfCountry(await roads.countryOfProject(db, body.projectId));
      return { ...(await routesOf(body)), currency };
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
      graphs.forget(projectId);
      return { edges };
    },

    /** Planners of the project and admins may load roads and change settings. */
    assertCanEdit,

    async settings(user: UserRecord, projectId: number): Promise<RoutingSettings> {
      await assertProjectReadable(db, user, projectId, () => projectNotFound(projectId));
      return {
        ...effectiveSettings((await roads.stamp(db, projectId)).overrides),
        currency: currencyOfCountry(await roads.countryOfProject(db, projectId)),
      };
    },

    async saveSettings(
      user: UserRecord,
      projectId: number,
      body: RoutingSettingsBody,
    ): Promise<RoutingSettings> {
      await assertCanEdit(user, projectId);
      const current = (await roads.stamp(db, projectId)).overrides;
      const next = {
        speedsKmh: body.speedsKmh ?? current?.speedsKmh ?? {},
        excludedClasses: body.excludedClasses ?? current?.excludedClasses ?? [],
        costPerMetre: {
          ...current?.costPerMetre,
          ...Object.fromEntries(
            Object.entries(body.costPerMetre ?? {}).filter(([, v]) => v !== undefined),
          ),
        } as RoutingRules['costPerMetre'],
      };
      await roads.saveSettings(db, projectId, next);
      graphs.forget(projectId);
      return {
        ...effectiveSettings(next),
        currency: currencyOfCountry(await roads.countryOfProject(db, projectId)),
      };
    },
  };
}

export type RoutingService = ReturnType<typeof createRoutingService>;
