import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { roadsOfFeatures } from '../../modules/routing/road-features.ts';
import { roadsRepository, type RoadRow } from '../../modules/routing/roads.repository.ts';
import { lineLengthM } from '../../modules/routing/geodesy.ts';
import type { Database } from '../database.ts';
import { DEMO_NETWORK_CLUSTER } from './demo-network.seed.ts';

/** Real Nairobi CBD streets from OpenStreetMap, beside the project (read-only, maybe absent). */
export const DEMO_OSM_ROADS = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/demo-osm/roads.geojson',
);
const NAIROBI_CBD = { lat: -1.2864, lng: 36.8172 };
const METRES_PER_DEGREE = 111_320;

/**
 * CBD-01's generated street grid (network-generator.ts's streetGrid: 12 streets each way,
 * 120 m apart) as roads split at every crossing: the outer ring and the middle streets
 * secondary, the others residential.
 */
export function demoGridRoads(count = 12, blockM = 120): RoadRow[] {
  const half = ((count - 1) * blockM) / 2;
  const cos = Math.cos((NAIROBI_CBD.lat * Math.PI) / 180);
  const point = (i: number, j: number): [number, number] => [
    Math.round((NAIROBI_CBD.lng + (j * blockM - half) / (METRES_PER_DEGREE * cos)) * 1e7) / 1e7,
    Math.round((NAIROBI_CBD.lat + (i * blockM - half) / METRES_PER_DEGREE) * 1e7) / 1e7,
  ];
  const major = (k: number) => k === 0 || k === count - 1 || k === Math.floor(count / 2);
  const rows: RoadRow[] = [];
  const road = (a: [number, number], b: [number, number], line: number): RoadRow => ({
    wkt: `LINESTRING(${a[0]} ${a[1]},${b[0]} ${b[1]})`,
    highway: major(line) ? 'secondary' : 'residential',
    name: `Grid ${line + 1}`,
    oneway: 0,
    access: null,
    osmId: null,
    lengthM: lineLengthM([...a, ...b]),
  });
  for (let i = 0; i < count; i++) {
    for (let j = 0; j + 1 < count; j++) {
      rows.push(road(point(i, j), point(i, j + 1), i));
      rows.push(road(point(j, i), point(j + 1, i), i));
    }
  }
  return rows;
}

/**
 * The demo project whose cluster CBD-01 lies in Nairobi's CBD gets a road network: the real
 * OpenStreetMap streets when ../shared/data/demo-osm is there (they cover the grid), else the
 * generated grid its elements were drawn on. Other demo projects start without one (the map
 * then says how to import it). Skipped once the project has roads.
 */
export async function seedDemoRoads(db: Database, osmFile = DEMO_OSM_ROADS): Promise<void> {
  const project = await db.one<{ id: number }>(sql`
    SELECT co.project_id AS id FROM clusters c
    JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.name = ${DEMO_NETWORK_CLUSTER} ORDER BY c.id LIMIT 1`);
  if (!project || (await roadsRepository.count(db, project.id)) > 0) return;
  let rows = demoGridRoads();
  if (existsSync(osmFile)) {
    const features = (JSON.parse(readFileSync(osmFile, 'utf8')) as { features: never[] }).features;
    rows = roadsOfFeatures(features).rows;
  }
  await db.transaction(async (tx) => {
    await roadsRepository.insert(tx, project.id, rows);
    await roadsRepository.touchRoads(tx, project.id);
  });
}
