import { z } from 'zod';
import { bodyId } from './primitives.ts';
import { latLngSchema } from './elements.ts';

/** Create Route (SPEC §4, §7 "External services"; issue "Create Route"). */

export const ROUTING_PROFILES = ['two-wheeler', 'infrastructure'] as const;
export type RoutingProfile = (typeof ROUTING_PROFILES)[number];

/** A point farther than this from every road is refused (422 naming the point). */
export const ROUTE_SNAP_MAX_M = 500;
export const ROUTE_WAYPOINTS_MAX = 25;
export const ROUTE_ALTERNATIVES_MAX = 3;

export const computeRouteBody = z.object({
  origin: latLngSchema,
  destination: latLngSchema,
  waypoints: z.array(latLngSchema).max(ROUTE_WAYPOINTS_MAX).optional(),
  profile: z.enum(ROUTING_PROFILES).default('two-wheeler'),
  projectId: bodyId,
  /** Cluster whose poles, manholes and cables the infrastructure profile follows. */
  clusterId: bodyId.optional(),
  alternatives: z.boolean().default(true),
});
export type ComputeRouteBody = z.input<typeof computeRouteBody>;

/**
 * How a length of an infrastructure route is laid: along existing poles (aerial), through
 * existing manholes/ducts, beside an existing cable, or in a new trench along a road.
 */
export const INFRASTRUCTURE_KINDS = ['aerial', 'duct', 'cable', 'trench'] as const;
export type InfrastructureKind = (typeof INFRASTRUCTURE_KINDS)[number];

export interface ComputedRoute {
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  /** Google's encoded polyline algorithm, precision 5. */
  polyline: string;
  /** Infrastructure profile only: estimated cost (the project's currency units). */
  cost?: number;
  /** Infrastructure profile only: metres per kind. */
  lengths?: Record<InfrastructureKind, number>;
}

export interface ComputeRouteResult {
  routes: ComputedRoute[];
}

/** Metres-per-second speeds by OSM highway class, and the classes a two-wheeler may use. */
export interface RoutingSettings {
  speedsKmh: Record<string, number>;
  excludedClasses: string[];
  /** Cost per metre per infrastructure kind. */
  costPerMetre: Record<InfrastructureKind, number>;
}

export const ROAD_IMPORT_MODES = ['replace', 'add'] as const;
export type RoadImportMode = (typeof ROAD_IMPORT_MODES)[number];

export interface RoadImportReport {
  edges: number;
  kilometres: number;
  /** Edges per highway class. */
  classes: Record<string, number>;
  /** Features not loaded, by reason (not a line, class not routable, ...). */
  skipped: { reason: string; count: number }[];
}

export interface RoadNetworkSummary {
  edges: number;
  kilometres: number;
  classes: Record<string, number>;
  /** [west, south, east, north], null when empty. */
  extent: [number, number, number, number] | null;
  /** When the roads last changed (null when none). */
  builtAt: string | null;
}
