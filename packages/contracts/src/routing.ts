import { z } from 'zod';
import { bodyId, paramId } from './primitives.ts';
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
  /** The cable being routed: its own path is not existing infrastructure to follow. */
  excludeElementId: bodyId.optional(),
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
  /** Infrastructure profile only: estimated cost, in the answer's `currency`. */
  cost?: number;
  /** Infrastructure profile only: metres per kind. */
  lengths?: Record<InfrastructureKind, number>;
}

export interface ComputeRouteResult {
  routes: ComputedRoute[];
  /** ISO 4217 code of the costs (the project's country's), null when it is not known. */
  currency: string | null;
}

/** Metres-per-second speeds by OSM highway class, and the classes a two-wheeler may use. */
export interface RoutingRules {
  speedsKmh: Record<string, number>;
  excludedClasses: string[];
  /** Cost per metre per infrastructure kind. */
  costPerMetre: Record<InfrastructureKind, number>;
}

/** A project's routing rules as the settings call answers them, with their costs' currency. */
export interface RoutingSettings extends RoutingRules {
  /** ISO 4217 code the costs are in (the project's country's), null when it is not known. */
  currency: string | null;
}

/**
 * The most road segments (a road's vertices less one) a project's network may hold: a city's
 * worth. An import past it is refused whole (413), so that no graph outgrows the routing worker.
 */
export const ROAD_NETWORK_MAX_SEGMENTS = 300_000;

export const ROAD_IMPORT_MODES = ['replace', 'add'] as const;
export type RoadImportMode = (typeof ROAD_IMPORT_MODES)[number];

export interface RoadImportReport {
  edges: number;
  kilometres: number;
  /** Edges per highway class. */
  classes: Record<string, number>;
  /** Features not loaded, by reason (not a line, class not routable, ...). */
  skipped: { reason: string; count: number; message?: string }[];
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

/** POST/GET/DELETE /routes/network/{projectId}, GET/POST /routes/settings/{projectId}. */
export const routeProjectParams = z.object({ projectId: paramId });

/**
 * The multipart fields of POST /routes/network/{projectId} beside `file` (one or more files, as
 * the GIS import takes them): `mode` (replace by default, or add) and `layer` (a line layer of
 * the files; by default every line layer, and of an OpenStreetMap file its 'lines').
 */
export const roadImportFields = z.object({
  mode: z.enum(ROAD_IMPORT_MODES).default('replace'),
  layer: z.string().trim().min(1).max(200).optional(),
});
export type RoadImportFields = z.input<typeof roadImportFields>;

/**
 * The OSM highway classes the two-wheeler rules know (a speed each; the server's road-rules.ts
 * holds the table): the only classes a project's settings may name. Roads of other classes go
 * the fallback speed.
 */
export const ROAD_SPEED_CLASSES = [
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'road',
  'living_street',
  'service',
  'track',
] as const;
export type RoadSpeedClass = (typeof ROAD_SPEED_CLASSES)[number];
/** A speed a project may give a class, km/h: walking pace to a motorway's. */
export const ROAD_SPEED_MIN_KMH = 1;
export const ROAD_SPEED_MAX_KMH = 200;

const roadClass = z.enum(ROAD_SPEED_CLASSES);
const cost = z.number().nonnegative().max(1_000_000).optional();
/**
 * A project's routing settings as sent: every field optional, merged over the defaults. Known
 * classes only, each once at most: a body naming another class is refused (400), whatever its size.
 */
export const routingSettingsBody = z.object({
  speedsKmh: z
    .partialRecord(roadClass, z.number().min(ROAD_SPEED_MIN_KMH).max(ROAD_SPEED_MAX_KMH))
    .optional(),
  excludedClasses: z.array(roadClass).max(ROAD_SPEED_CLASSES.length).optional(),
  costPerMetre: z.object({ aerial: cost, duct: cost, cable: cost, trench: cost }).optional(),
});
export type RoutingSettingsBody = z.input<typeof routingSettingsBody>;

/** `details` of a 422 from POST /routes/compute, so a client can point at the failing point. */
export type RouteErrorDetails =
  | {
      reason: 'tooFar';
      point: 'origin' | 'destination' | 'waypoint';
      index?: number;
      maxMetres: number;
    }
  | { reason: 'noPath'; leg: number; legs: number }
  | { reason: 'noRoadNetwork'; importPath: string };
