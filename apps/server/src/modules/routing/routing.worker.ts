import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { distinctRoutes } from './distinct-routes.ts';
import { GraphCache } from './graph-cache.ts';
import {
  infrastructureBase,
  withInfrastructure,
  type InfrastructureBase,
  type InfrastructureElement,
} from './infrastructure-graph.ts';
import { roadsOfFeatures, type SkipReason } from './road-features.ts';
import { graphBytes, withoutSource } from './road-graph.ts';
import { FloatList, readWkbMembers, roadWaysOfPages, type RoadPage } from './road-ways.ts';
import { planRoutes, profileGraph, RoutePlanError, type ProfileGraph } from './route-planner.ts';
import type {
  ElementPage,
  ParsedRoads,
  PlanAnswer,
  RoutingRequest,
  RoutingResponse,
  RoutingStats,
  RoutingTask,
} from './routing-protocol.ts';
import { EdgeIndex, mergedIndex } from './snapping.ts';
import { twoWheelerGraph } from './two-wheeler-graph.ts';

/**
 * The routing worker thread (issue 25): builds and searches every graph, and reads imported road
 * files, so that none of it holds the server's event loop. The main thread reads the database and
 * sends what a build needs in compact pages; the graphs stay here, in a cache bounded by bytes.
 * Requests run one after another, in order.
 */
const port = parentPort;
if (!port) throw new Error('routing.worker.ts runs in a worker thread');
const { budgetBytes } = workerData as { budgetBytes: number };

type Entry = { pg: ProfileGraph } | { base: InfrastructureBase; index: EdgeIndex };
const cache = new GraphCache<Entry>(budgetBytes);
const loads = new Map<number, { roads: RoadPage[]; elements: ElementPage[] }>();
let roadBuilds = 0;
let overlayBuilds = 0;

const loadOf = (load: number) => {
  let pages = loads.get(load);
  if (!pages) {
    pages = { roads: [], elements: [] };
    loads.set(load, pages);
  }
  return pages;
};
const take = (load: number) => {
  const pages = loadOf(load);
  loads.delete(load);
  return pages;
};

function plan(task: Extract<RoutingTask, { op: 'plan' }>): PlanAnswer {
  let pg: ProfileGraph;
  if (task.profile === 'two-wheeler' || !task.overlay) {
    const entry = cache.get(task.road.key, task.road.stamp);
    if (!entry || !('pg' in entry)) return { need: 'roads' };
    pg = entry.pg;
  } else {
    // The base first: used with its overlay, it stays among the recently used.
    const base = cache.get(task.road.key, task.road.stamp);
    const entry = cache.get(task.overlay.key, task.overlay.stamp);
    if (!entry || !('pg' in entry)) return { need: base ? 'overlay' : 'roads' };
    pg = entry.pg;
  }
  if (task.excludeElementId !== undefined) {
    pg = { ...pg, graph: withoutSource(pg.graph, task.excludeElementId) };
  }
  try {
    return { routes: distinctRoutes(planRoutes(pg, task.points, task.alternatives)) };
  } catch (error) {
    if (error instanceof RoutePlanError) return { problem: error.detail };
    throw error;
  }
}

function buildRoads(task: Extract<RoutingTask, { op: 'buildRoads' }>) {
  const ways = roadWaysOfPages(take(task.load).roads);
  let bytes: number;
  let edges: number;
  if (task.profile === 'two-wheeler') {
    const pg = profileGraph('two-wheeler', twoWheelerGraph(ways, task.settings).graph);
    bytes = graphBytes(pg.graph) + pg.index.bytes;
    edges = pg.graph.edgeCount;
    cache.set(task.road.key, task.road.stamp, { pg }, bytes);
  } else {
    const base = infrastructureBase(ways, task.settings);
    const index = new EdgeIndex(base.graph);
    bytes = graphBytes(base.graph) + base.nodes.bytes + index.bytes;
    edges = base.graph.edgeCount;
    cache.set(task.road.key, task.road.stamp, { base, index }, bytes);
  }
  roadBuilds++;
  return { edges, bytes };
}

function buildOverlay(task: Extract<RoutingTask, { op: 'buildOverlay' }>) {
  const pages = take(task.load);
  const entry = cache.get(task.road.key, task.road.stamp);
  if (!entry || !('base' in entry)) return { need: 'roads' as const };
  const graph = withInfrastructure(entry.base, elementsOfPages(pages.elements), task.settings);
  const index = mergedIndex(entry.index, new EdgeIndex(graph, entry.base.graph.edgeCount));
  const pg = profileGraph('infrastructure', graph, task.settings.costPerMetre, index);
  cache.set(task.overlay.key, task.overlay.stamp, { pg }, graphBytes(graph) + index.bytes);
  overlayBuilds++;
  return { edges: graph.edgeCount };
}

/** Elements as the overlay reads them, from their pages' ids, types and WKB. */
function elementsOfPages(pages: readonly ElementPage[]): InfrastructureElement[] {
  const elements: InfrastructureElement[] = [];
  for (const page of pages) {
    const coords = new FloatList();
    const counts = readWkbMembers(page.wkb, coords);
    let v = 0;
    counts.forEach((n, i) => {
      const type = page.types[i];
      const id = page.ids[i];
      const points: [number, number][] = [];
      for (let k = 0; k < n; k++, v++) {
        points.push([coords.data[2 * v] ?? 0, coords.data[2 * v + 1] ?? 0]);
      }
      if (type === undefined || id === undefined) return;
      if (type === 'Cable') elements.push({ id, type, coordinates: points });
      else if (n === 1) elements.push({ id, type, coordinates: points[0] });
    });
  }
  return elements;
}

interface ImportedLayerJson {
  name: string;
  file: string;
  geometryKind: string;
  features: { features: unknown[] };
}

/** A GIS import's answer (file-format's readUploads) read into road rows, in JSON batches. */
function parseRoads(task: Extract<RoutingTask, { op: 'parseRoads' }>): ParsedRoads {
  const answer = JSON.parse(readFileSync(task.file, 'utf8')) as {
    data: { layers: ImportedLayerJson[] };
  };
  const layers = answer.data.layers;
  const skipped = new Map<SkipReason, number>();
  const add = (reason: SkipReason, n: number) =>
    skipped.set(reason, (skipped.get(reason) ?? 0) + n);
  let count = 0;
  let segments = 0;
  let metres = 0;
  const classes: Record<string, number> = {};
  const batches: string[] = [];
  let rows = 0;
  // Points and polygons read beside the lines are not roads.
  for (const l of layers) {
    if (l.geometryKind === 'line') continue;
    count += l.features.features.length;
    add('notLine', l.features.features.length);
  }
  for (const l of layers) {
    if (l.geometryKind !== 'line') continue;
    count += l.features.features.length;
    const got = roadsOfFeatures(l.features.features as never, /\.(osm|pbf)$/i.test(l.file));
    for (const [reason, n] of got.skipped) add(reason, n);
    segments += got.segments;
    rows += got.rows.length;
    for (const row of got.rows) {
      classes[row.highway] = (classes[row.highway] ?? 0) + 1;
      metres += row.lengthM;
    }
    // Over the cap, nothing will be written: no batches to hold.
    if (segments > task.maxSegments) continue;
    // Batches of at most batchRows rows and about batchBytes of JSON: one INSERT each, short.
    let batch: string[] = [];
    let bytes = 0;
    const flush = () => {
      if (batch.length) batches.push(`[${batch.join(',')}]`);
      batch = [];
      bytes = 0;
    };
    for (const row of got.rows) {
      const json = JSON.stringify(row);
      if (batch.length >= task.batchRows || bytes + json.length > task.batchBytes) flush();
      batch.push(json);
      bytes += json.length;
    }
    flush();
  }
  return {
    layers: layers.map((l) => ({ name: l.name, geometryKind: l.geometryKind })),
    count,
    skipped: [...skipped],
    rows,
    segments,
    metres,
    classes,
    batches: segments > task.maxSegments ? [] : batches,
  };
}

function stats(): RoutingStats {
  return { roadBuilds, overlayBuilds, bytes: cache.bytes, budgetBytes, keys: cache.keys() };
}

function handle(task: RoutingTask): unknown {
  switch (task.op) {
    case 'page': {
      const pages = loadOf(task.load);
      if (task.roads) pages.roads.push(task.roads);
      if (task.elements) pages.elements.push(task.elements);
      return undefined;
    }
    case 'plan':
      return plan(task);
    case 'buildRoads':
      return buildRoads(task);
    case 'buildOverlay':
      return buildOverlay(task);
    case 'drop':
      loads.delete(task.load);
      return undefined;
    case 'forget':
      cache.forget(task.prefix);
      return undefined;
    case 'stats':
      return stats();
    case 'parseRoads':
      return parseRoads(task);
  }
}

const describe = (error: unknown) =>
  error instanceof Error ? error.message || error.name : String(error);

port.on('message', ({ id, task }: RoutingRequest) => {
  let response: RoutingResponse;
  try {
    response = { id, ok: true, result: handle(task) };
  } catch (error) {
    response = { id, ok: false, crash: describe(error) };
  }
  if (id > 0) port.postMessage(response);
});
port.postMessage({ ready: true });
