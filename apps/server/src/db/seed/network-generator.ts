import type { AttributeValue, ElementTypeName, LatLng } from '@integration/contracts';

/**
 * Generates a plausible FTTH network along streets: an FDT-SRO cabinet, poles every ~40 m,
 * feeder and distribution cables of 12 to 144 fibres, PBO-FATs with existing users, splice
 * closures, manholes, loops, SFUs, buildings and a Zone NRO around it all. Deterministic:
 * the same streets give the same network.
 */
export interface GeneratedElement {
  type: ElementTypeName;
  coordinates: LatLng | LatLng[];
  attributes: Record<string, AttributeValue>;
}

const METRES_PER_DEGREE = 111_320;

function offset(p: LatLng, northM: number, eastM: number): LatLng {
  return {
    lat: round7(p.lat + northM / METRES_PER_DEGREE),
    lng: round7(p.lng + eastM / (METRES_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180))),
  };
}
const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

function distanceM(a: LatLng, b: LatLng): number {
  const north = (b.lat - a.lat) * METRES_PER_DEGREE;
  const east = (b.lng - a.lng) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(north, east);
}

/**
 * Points every `spacing` metres along a polyline, with the unit direction of travel there
 * as [north, east].
 */
function along(line: LatLng[], spacing: number): { at: LatLng; dir: [number, number] }[] {
  const out: { at: LatLng; dir: [number, number] }[] = [];
  let carried = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    if (!a || !b) continue;
    const length = distanceM(a, b);
    if (length === 0) continue;
    const north = (b.lat - a.lat) * METRES_PER_DEGREE;
    const east = (b.lng - a.lng) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
    const dir: [number, number] = [north / length, east / length];
    for (let d = spacing - carried; d <= length; d += spacing) {
      const f = d / length;
      out.push({
        at: { lat: round7(a.lat + (b.lat - a.lat) * f), lng: round7(a.lng + (b.lng - a.lng) * f) },
        dir,
      });
    }
    carried = (carried + length) % spacing;
  }
  return out;
}

/** A small deterministic random source (LCG), so seeds and benchmarks are repeatable. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A street grid around a centre: `count` streets each way, `blockM` apart. */
export function streetGrid(centre: LatLng, count: number, blockM: number): LatLng[][] {
  const half = ((count - 1) * blockM) / 2;
  const streets: LatLng[][] = [];
  for (let i = 0; i < count; i++) {
    const shift = i * blockM - half;
    streets.push([
      offset(centre, shift, -half),
      offset(centre, shift, 0),
      offset(centre, shift, half),
    ]);
    streets.push([
      offset(centre, -half, shift),
      offset(centre, 0, shift),
      offset(centre, half, shift),
    ]);
  }
  return streets;
}

const pick = <T>(next: () => number, items: readonly T[]): T =>
  items[Math.floor(next() * items.length)] as T;

export function generateNetwork(streets: LatLng[][], seed = 42): GeneratedElement[] {
  const next = random(seed);
  const elements: GeneratedElement[] = [];
  const all = streets.flat();
  const lats = all.map((p) => p.lat);
  const lngs = all.map((p) => p.lng);
  const centre = {
    lat: round7((Math.min(...lats) + Math.max(...lats)) / 2),
    lng: round7((Math.min(...lngs) + Math.max(...lngs)) / 2),
  };

  elements.push({
    type: 'FDTSRO',
    coordinates: centre,
    attributes: { Capacity: '576', Type: 'Outdoor' },
  });
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lngs);
  const east = Math.max(...lngs);
  const margin = 0.0005;
  elements.push({
    type: 'Zone',
    coordinates: [
      { lat: south - margin, lng: west - margin },
      { lat: south - margin, lng: east + margin },
      { lat: north + margin, lng: east + margin },
      { lat: north + margin, lng: west - margin },
    ],
    attributes: { Type: 'NRO' },
  });

  let workOrder = 10_000;
  streets.forEach((street, index) => {
    // The first streets carry feeders from the cabinet; the rest distribute.
    const feeder = index < Math.max(2, streets.length / 6);
    elements.push({
      type: 'Cable',
      coordinates: street,
      attributes: {
        Capacity: feeder ? pick(next, ['96', '144']) : pick(next, ['12', '24', '48']),
        Type: feeder ? 'Feeder' : 'Distribution',
      },
    });
    const start = street[0];
    if (start) {
      elements.push({
        type: 'SpliceClosure',
        coordinates: offset(start, 2, 2),
        attributes: {
          Capacity: feeder ? '144' : '48',
          Type: 'Dome',
          'Place of Installation': '{"kind":"Manhole"}',
        },
      });
    }
    along(street, 40).forEach(({ at, dir }, i) => {
      // Sideways from the street: `m` metres to the left of the direction of travel.
      const side = (m: number) => offset(at, dir[1] * m, -dir[0] * m);
      elements.push({
        type: 'Pole',
        coordinates: at,
        attributes: {
          Type: pick(next, ['Wood', 'Concrete', 'Steel']),
          Height: pick(next, [7, 9, 11]),
          Owner: 'Safaricom',
        },
      });
      if (i % 3 === 1) {
        const users = Array.from({ length: 2 + Math.floor(next() * 3) }, (_, k) => ({
          coordinates: side(18 + 6 * k),
          mainId: `WO-${workOrder++}`,
        }));
        elements.push({
          type: 'PboFat',
          coordinates: side(3),
          attributes: {
            Capacity: pick(next, ['8', '16']),
            Type: 'Aerial',
            'FAT Existing Users ID': JSON.stringify(users),
          },
        });
        elements.push({
          type: 'SFU',
          coordinates: side(-20),
          attributes: { Type: 'Single family', Capacity: 1 },
        });
      }
      if (i % 4 === 2)
        elements.push({ type: 'Manhole', coordinates: side(-4), attributes: { Type: 'Standard' } });
      if (i % 10 === 9)
        elements.push({
          type: 'Loop',
          coordinates: side(1.5),
          attributes: { Length: 20, Capacity: '48' },
        });
      if (i % 3 !== 1) {
        elements.push({
          type: 'Building',
          coordinates: side(i % 2 ? 15 : -15),
          attributes: {
            Type: pick(next, ['Residential', 'Commercial', 'Mixed']),
            Floors: 1 + Math.floor(next() * 8),
          },
        });
      }
    });
  });
  return elements;
}
