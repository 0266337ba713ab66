import {
  ROAD_SPEED_CLASSES,
  ROAD_SPEED_MAX_KMH,
  ROAD_SPEED_MIN_KMH,
  type InfrastructureKind,
  type RoadSpeedClass,
  type RoutingRules,
} from '@integration/contracts';

/**
 * The two-wheeler rules (issue "Create Route"): which OSM highway classes a motorbike may use,
 * how fast it goes on each (traffic-unaware, km/h), and how one-way tags read. The table is
 * documented in docs/decisions.md ("Create Route"); a project overrides speeds and adds
 * excluded classes in its routing settings.
 */
export const DEFAULT_SPEEDS_KMH: Readonly<Record<string, number>> = {
  motorway: 80,
  motorway_link: 50,
  trunk: 60,
  trunk_link: 40,
  primary: 50,
  primary_link: 35,
  secondary: 40,
  secondary_link: 30,
  tertiary: 35,
  tertiary_link: 25,
  unclassified: 25,
  residential: 25,
  road: 20,
  living_street: 10,
  service: 15,
  track: 15,
} satisfies Record<RoadSpeedClass, number>;
/** A class missing from the table (or a file's roads without any class) goes this fast. */
export const FALLBACK_SPEED_KMH = 20;

/** Never for a motorbike, whatever the project says. */
export const NEVER_TWO_WHEELER = new Set([
  'footway',
  'path',
  'steps',
  'pedestrian',
  'cycleway',
  'bridleway',
  'corridor',
  'elevator',
]);

/** Not roads at all: an import skips them ("not a road"). */
export const NOT_ROADS = new Set([
  'proposed',
  'construction',
  'abandoned',
  'razed',
  'platform',
  'bus_stop',
  'rest_area',
  'services',
  'raceway',
]);

/** Access tags that keep a motorbike out. */
export const NO_ACCESS = new Set(['no', 'private']);

export const DEFAULT_COST_PER_METRE: Readonly<Record<InfrastructureKind, number>> = {
  aerial: 4,
  duct: 6,
  cable: 3,
  trench: 25,
};

export const DEFAULT_ROUTING_SETTINGS: RoutingRules = {
  speedsKmh: { ...DEFAULT_SPEEDS_KMH },
  excludedClasses: [],
  costPerMetre: { ...DEFAULT_COST_PER_METRE },
};

const KNOWN_CLASSES: ReadonlySet<string> = new Set(ROAD_SPEED_CLASSES);
const knownSpeed = ([highway, kmh]: [string, unknown]) =>
  KNOWN_CLASSES.has(highway) &&
  typeof kmh === 'number' &&
  kmh >= ROAD_SPEED_MIN_KMH &&
  kmh <= ROAD_SPEED_MAX_KMH;

/**
 * A project's settings: its overrides over the defaults. Only known classes at sane speeds count
 * (settings stored before the body was bounded may hold others: they are dropped, not answered).
 */
export function effectiveSettings(overrides: Partial<RoutingRules> | null): RoutingRules {
  const speeds = Object.entries(overrides?.speedsKmh ?? {}).filter(knownSpeed);
  const excluded = (overrides?.excludedClasses ?? []).filter((c) => KNOWN_CLASSES.has(c));
  return {
    speedsKmh: { ...DEFAULT_SPEEDS_KMH, ...Object.fromEntries(speeds) },
    excludedClasses: [...new Set(excluded)],
    costPerMetre: { ...DEFAULT_COST_PER_METRE, ...overrides?.costPerMetre },
  };
}

/** The overrides worth keeping of a stored row (the same filter as effectiveSettings). */
export function knownOverrides(overrides: Partial<RoutingRules> | null | undefined) {
  return {
    speedsKmh: Object.fromEntries(Object.entries(overrides?.speedsKmh ?? {}).filter(knownSpeed)),
    excludedClasses: [
      ...new Set((overrides?.excludedClasses ?? []).filter((c) => KNOWN_CLASSES.has(c))),
    ],
  };
}

/** 1 = one-way along the drawing, -1 = against it, 0 = both ways. */
export type OneWay = -1 | 0 | 1;

/**
 * OSM's oneway (yes/true/1, -1/reverse, no) and junction=roundabout (implies one-way), and
 * Geofabrik shapefiles' F (forward) / T (backward) / B (both).
 */
export function readOneWay(oneway: unknown, junction: unknown): OneWay {
  const value = String(oneway ?? '')
    .trim()
    .toLowerCase();
  if (['yes', 'true', '1', 'f'].includes(value)) return 1;
  if (['-1', 'reverse', 't'].includes(value)) return -1;
  if (['no', 'false', '0', 'b'].includes(value)) return 0;
  const j = String(junction ?? '').toLowerCase();
  return j === 'roundabout' || j === 'circular' ? 1 : 0;
}

/** Whether a motorbike may use a road of this class and access under these settings. */
export function twoWheelerAllowed(
  highway: string,
  access: string | null,
  settings: RoutingRules,
): boolean {
  if (NEVER_TWO_WHEELER.has(highway)) return false;
  if (settings.excludedClasses.includes(highway)) return false;
  return !(access && NO_ACCESS.has(access.toLowerCase()));
}

export function speedKmh(highway: string, override: number | null, settings: RoutingRules) {
  return override ?? settings.speedsKmh[highway] ?? FALLBACK_SPEED_KMH;
}
