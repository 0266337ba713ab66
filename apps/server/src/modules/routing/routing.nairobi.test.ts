import { describe, expect, it } from 'vitest';
import { haversineM } from './geodesy.ts';
import { decodePolyline } from './polyline.ts';
import { DEFAULT_SPEEDS_KMH, FALLBACK_SPEED_KMH, NEVER_TWO_WHEELER } from './road-rules.ts';
import { planRoutes } from './route-planner.ts';
import {
  defined,
  demoOsmPresent,
  handMade,
  nairobiGraph,
  nairobiNamedWays,
  nairobiRoads,
} from './routing.fixtures.ts';

const handMadeEmpty = () => handMade([]);

/**
 * The real Nairobi CBD roads (../shared/data/demo-osm): routes between street corners found
 * in the data, against a plain Dijkstra written here from the file alone (every vertex a node,
 * the same speeds and one-way rules), and alternatives that differ.
 */
const present = demoOsmPresent();
if (!present)
  console.warn('Skipped: ../shared/data/demo-osm/roads.geojson is not on this machine.');

type Corner = { lng: number; lat: number };

/** A vertex shared by a way of each name. */
function corner(a: string, b: string): Corner {
  const ways = nairobiNamedWays().filter((w) => !NEVER_TWO_WHEELER.has(w.highway));
  const ofA = new Set(
    ways.filter((w) => w.name === a).flatMap((w) => w.coords.map((c) => c.join())),
  );
  const shared = ways
    .filter((w) => w.name === b)
    .flatMap((w) => w.coords)
    .find((c) => ofA.has(c.join()));
  if (!shared) throw new Error(`no corner of ${a} and ${b}`);
  return { lng: shared[0], lat: shared[1] };
}

/** The independent reference: Dijkstra over every vertex, seconds, a plain sorted list. */
function referenceSeconds(from: Corner, to: Corner): { seconds: number; metres: number } {
  const key = (c: readonly number[]) => `${c[0]},${c[1]}`;
  const adjacency = new Map<string, { to: string; s: number; m: number }[]>();
  const link = (a: string, b: string, s: number, m: number) => {
    const list = adjacency.get(a) ?? [];
    list.push({ to: b, s, m });
    adjacency.set(a, list);
  };
  for (const road of nairobiRoads()) {
    if (NEVER_TWO_WHEELER.has(road.highway)) continue;
    if (road.access === 'no' || road.access === 'private') continue;
    const speed = (DEFAULT_SPEEDS_KMH[road.highway] ?? FALLBACK_SPEED_KMH) / 3.6;
    road.coordinates.forEach((b, i) => {
      const a = road.coordinates[i - 1];
      if (!a) return;
      const m = haversineM(a[0], a[1], b[0], b[1]);
      if (road.oneway >= 0) link(key(a), key(b), m / speed, m);
      if (road.oneway <= 0) link(key(b), key(a), m / speed, m);
    });
  }
  const goal = key([to.lng, to.lat]);
  const best = new Map<string, { s: number; m: number }>();
  const done = new Set<string>();
  const open: { node: string; s: number; m: number }[] = [
    { node: key([from.lng, from.lat]), s: 0, m: 0 },
  ];
  for (let next = open.pop(); next; next = open.pop()) {
    if (done.has(next.node)) continue;
    done.add(next.node);
    if (next.node === goal) return { seconds: next.s, metres: next.m };
    for (const e of adjacency.get(next.node) ?? []) {
      const s = next.s + e.s;
      if (s < (best.get(e.to)?.s ?? Infinity)) {
        best.set(e.to, { s, m: next.m + e.m });
        open.push({ node: e.to, s, m: next.m + e.m });
      }
    }
    open.sort((x, y) => y.s - x.s);
  }
  return { seconds: Infinity, metres: Infinity };
}

describe.skipIf(!present)('routes on the real Nairobi CBD roads', () => {
  const graph = present ? nairobiGraph() : handMadeEmpty();
  const pairs: [string, string, string, string][] = [
    ['University Way', 'Moi Avenue', 'Moi Avenue', 'Haile Selassie Avenue'],
    ['River Road', 'Tom Mboya Street', 'Moi Avenue', 'Kenyatta Avenue'],
    ['Moi Avenue', 'Haile Selassie Avenue', 'University Way', 'Moi Avenue'],
  ];

  it.each(pairs)('%s × %s to %s × %s: within 2 % of a plain Dijkstra', (a, b, c, d) => {
    const from = corner(a, b);
    const to = corner(c, d);
    const route = defined(planRoutes(graph, [from, to], 0)[0]);
    const reference = referenceSeconds(from, to);
    expect(Number.isFinite(reference.seconds)).toBe(true);
    expect(Math.abs(route?.duration - reference.seconds) / reference.seconds).toBeLessThan(0.02);
    expect(Math.abs(route?.distance - reference.metres) / reference.metres).toBeLessThan(0.02);
  });

  it('offers alternatives that differ from the best route', () => {
    const from = corner('University Way', 'Moi Avenue');
    const to = corner('Moi Avenue', 'Haile Selassie Avenue');
    const routes = planRoutes(graph, [from, to], 2);
    expect(routes.length).toBeGreaterThan(1);
    const lines = routes.map((r) => new Set(decodePolyline(r.polyline).map((p) => p.join())));
    for (const other of lines.slice(1)) {
      const common = [...other].filter((p) => defined(lines[0]).has(p)).length;
      expect(common / other.size).toBeLessThan(0.9);
    }
    for (const r of routes.slice(1))
      expect(r.duration).toBeLessThanOrEqual(defined(routes[0]).duration * 1.4 + 1);
  });
});
