import type {
  OfdsNetwork,
  OfdsNode,
  OfdsOrganisation,
  OfdsPackage,
  OfdsPhase,
  OfdsSpan,
} from './ofds-model.ts';
import { MAX_ITEMS } from './ofds-validator.ts';

/**
 * OFDS GeoJSON read back into a network package: the inverse of the GeoJSON transformation
 * specification. Features are grouped by `properties.network.id`; a Point (or a feature without
 * `start`/`end`) is a node, a LineString (or one with them) a span; the objects the
 * transformation put in place of references (phase, organisations, end nodes) become references
 * again, and the phases and organisations they were are collected into the network.
 */

type Props = Record<string, unknown>;
const isObject = (v: unknown): v is Props =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A FeatureCollection whose features say which OFDS network they belong to. */
export function isOfdsFeatureCollection(doc: unknown): doc is { features: unknown[] } {
  return (
    isObject(doc) &&
    doc.type === 'FeatureCollection' &&
    Array.isArray(doc.features) &&
    doc.features.some(
      (f) => isObject(f) && isObject(f.properties) && isObject(f.properties.network),
    )
  );
}

/** Too many features to read (what a package would also refuse). */
export const tooManyFeatures = (doc: { features: unknown[] }) =>
  doc.features.length > 2 * MAX_ITEMS;

function reference(value: unknown, into?: Map<string, Props>): unknown {
  if (!isObject(value) || typeof value.id !== 'string') return value;
  if (into && !into.has(value.id)) into.set(value.id, value);
  return typeof value.name === 'string' ? { id: value.id, name: value.name } : { id: value.id };
}

export function packageFromGeoJson(collections: { features: unknown[] }[]): OfdsPackage {
  const networks = new Map<
    string,
    { network: OfdsNetwork; phases: Map<string, Props>; organisations: Map<string, Props> }
  >();
  for (const collection of collections) {
    for (const feature of collection.features) {
      if (!isObject(feature) || !isObject(feature.properties)) continue;
      const { network: own, ...properties } = feature.properties;
      if (!isObject(own) || typeof own.id !== 'string') continue;
      let entry = networks.get(own.id);
      if (!entry) {
        entry = {
          network: { ...(own as unknown as OfdsNetwork), nodes: [], spans: [] },
          phases: new Map(),
          organisations: new Map(),
        };
        networks.set(own.id, entry);
      }
      const item: Props = { ...properties };
      if ('phase' in item) item.phase = reference(item.phase, entry.phases);
      if ('physicalInfrastructureProvider' in item)
        item.physicalInfrastructureProvider = reference(
          item.physicalInfrastructureProvider,
          entry.organisations,
        );
      for (const key of ['networkProviders', 'supplier'] as const) {
        const value = item[key];
        if (Array.isArray(value)) item[key] = value.map((r) => reference(r, entry.organisations));
        else if (key in item) item[key] = reference(value, entry.organisations);
      }
      const geometry = isObject(feature.geometry) ? feature.geometry : null;
      const isSpan =
        geometry?.type === 'LineString' ||
        (geometry === null && ('start' in item || 'end' in item));
      if (isSpan) {
        for (const end of ['start', 'end'] as const) {
          const value = item[end];
          if (isObject(value)) item[end] = value.id;
        }
        if (geometry) item.route = geometry;
        entry.network.spans?.push(item as OfdsSpan);
      } else {
        if (geometry) item.location = geometry;
        entry.network.nodes?.push(item as OfdsNode);
      }
    }
  }
  return {
    networks: [...networks.values()].map(({ network, phases, organisations }) => {
      const out: OfdsNetwork = { ...network };
      if (!out.nodes?.length) delete out.nodes;
      if (!out.spans?.length) delete out.spans;
      if (phases.size) out.phases = [...phases.values()] as OfdsPhase[];
      if (organisations.size) out.organisations = [...organisations.values()] as OfdsOrganisation[];
      return out;
    }),
  };
}
