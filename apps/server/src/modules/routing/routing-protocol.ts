import type { ComputedRoute, LatLng, RoutingRules } from '@integration/contracts';
import type { SkipReason } from './road-features.ts';
import type { PlanProblem } from './route-planner.ts';
import type { RoadPage } from './road-ways.ts';

/** Messages between the main thread (routing-host.ts) and the routing worker (routing.worker.ts). */

/** A cached graph's identity: what it is of, and when that last changed. */
export interface GraphKey {
  key: string;
  stamp: string;
}

export type RoutingProfileName = 'two-wheeler' | 'infrastructure';

/** The elements of the infrastructure overlay, one page: ids, types, geometries in WKB. */
export interface ElementPage {
  ids: number[];
  types: ('Pole' | 'Manhole' | 'Cable')[];
  wkb: Uint8Array;
}

export type RoutingTask =
  | {
      op: 'plan';
      profile: RoutingProfileName;
      road: GraphKey;
      overlay?: GraphKey;
      points: LatLng[];
      alternatives: number;
      excludeElementId?: number;
    }
  /** A page of roads or elements for the build that follows (answered by nothing). */
  | { op: 'page'; load: number; roads?: RoadPage; elements?: ElementPage }
  | {
      op: 'buildRoads';
      load: number;
      profile: RoutingProfileName;
      road: GraphKey;
      settings: RoutingRules;
    }
  | {
      op: 'buildOverlay';
      load: number;
      road: GraphKey;
      overlay: GraphKey;
      settings: RoutingRules;
    }
  | { op: 'drop'; load: number }
  | { op: 'forget'; prefix: string }
  | { op: 'stats' }
  | { op: 'parseRoads'; file: string; batchRows: number; batchBytes: number; maxSegments: number };

export type PlanAnswer =
  { need: 'roads' | 'overlay' } | { routes: ComputedRoute[] } | { problem: PlanProblem };

export interface RoutingStats {
  /** Road graphs built (two-wheeler graphs and infrastructure bases) since the worker started. */
  roadBuilds: number;
  /** Infrastructure overlays built over a road base. */
  overlayBuilds: number;
  bytes: number;
  budgetBytes: number;
  keys: string[];
}

/** What the worker read of a GIS import's answer (road-import.service.ts). */
export interface ParsedRoads {
  layers: { name: string; geometryKind: string }[];
  /** Features read in every layer. */
  count: number;
  skipped: [SkipReason, number][];
  rows: number;
  segments: number;
  metres: number;
  classes: Record<string, number>;
  /** The rows as JSON arrays, a batch each (roads.repository.ts's insertPending). */
  batches: string[];
}

export interface RoutingRequest {
  id: number;
  task: RoutingTask;
}

export type RoutingResponse =
  { id: number; ok: true; result: unknown } | { id: number; ok: false; crash: string };
