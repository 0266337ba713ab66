import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, MAX_BATCH, type LatLng } from '@integration/contracts';
import type { Database } from '../apps/server/src/db/database.ts';
import {
  ELEMENT_JSON,
  FROM_ELEMENTS,
} from '../apps/server/src/modules/network-elements/element-json.sql.ts';
import { benchDatabase } from './lib/bench-database.ts';
import { startBenchServer } from './lib/bench-server.ts';
import { benchNetwork } from './lib/network-fixture.ts';
import { medianMs, type Figure } from './lib/report.ts';

/** BENCH_ELEMENTS_READ_COUNT makes the read cluster smaller, for quicker runs while working. */
const READ_COUNT = Number(process.env.BENCH_ELEMENTS_READ_COUNT ?? 100_000);
/** The largest batch one request may carry. */
const WRITE_COUNT = MAX_BATCH;

async function newCluster(db: Database, name: string): Promise<{ id: number; templateId: number }> {
  const row = await db.one<{ id: number }>(sql`
    INSERT INTO clusters (central_office_id, name)
    SELECT id, ${name} FROM central_offices WHERE name = 'CO Nairobi Central' RETURNING id`);
  const template = await db.one<{ id: number }>(sql`
    SELECT t.id FROM element_templates t
    JOIN central_offices co ON co.project_id = t.project_id AND co.name = 'CO Nairobi Central'
    WHERE t.type = 'Pole' AND t.is_default`);
  return { id: row?.id ?? 0, templateId: template?.id ?? 0 };
}

/** Samples the process's resident memory while `work` runs; answers the peak in MB. */
async function peakRssMb(work: () => Promise<unknown>): Promise<number> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) / 1024 / 1024;
}

export async function elementsFigures(
  kind: 'pglite' | 'postgres',
): Promise<{ figures: Figure[]; notes: string[] }> {
  const bench = await benchDatabase(kind);
  const { db } = bench;
  const server = await startBenchServer(bench);
  const { app, call } = server;
  const notes: string[] = [];
  try {
    // 100,000 mixed elements in one cluster, loaded through the API in batches.
    const readCluster = await newCluster(db, 'BENCH-100K');
    const { elements, source } = benchNetwork(READ_COUNT);
    notes.push(`${kind}: ${READ_COUNT.toLocaleString('en')} elements laid along ${source}.`);
    const loadStart = performance.now();
    for (const type of ELEMENT_TYPES) {
      const items = elements.filter((e) => e.type === type.internalName);
      for (let i = 0; i < items.length; i += WRITE_COUNT) {
        await call('POST', `/networkelements/${type.segment}/create/multiple`, {
          data: items.slice(i, i + WRITE_COUNT).map((e) => ({
            clusterId: readCluster.id,
            coordinates: e.coordinates,
            attributes: e.attributes,
          })),
        });
      }
    }
    notes.push(
      `${kind}: loading them through create/multiple took ${((performance.now() - loadStart) / 1000).toFixed(1)} s.`,
    );

    const readAll = () =>
      Promise.all(
        ELEMENT_TYPES.map((t) =>
          call('GET', `/networkelements/${t.segment}/cluster/${readCluster.id}`),
        ),
      );
    const rawReadAll = () =>
      Promise.all(
        ELEMENT_TYPES.map((t) =>
          db.one(sql`SELECT coalesce(json_agg(${ELEMENT_JSON} ORDER BY e.id), '[]')::text AS json FROM ${FROM_ELEMENTS}
                     WHERE e.cluster_id = ${readCluster.id} AND e.type = ${t.internalName} AND e.deleted_at IS NULL`),
        ),
      );
    const bytes = (await readAll()).reduce((sum, text) => sum + text.length, 0);
    notes.push(
      `${kind}: the ten GET responses weigh ${(bytes / 1024 / 1024).toFixed(1)} MB together.`,
    );
    const rssBefore = process.memoryUsage().rss / 1024 / 1024;
    const peak = await peakRssMb(readAll);
    const read = await medianMs(3, readAll);
    const rawRead = await medianMs(3, rawReadAll);

    // The largest batch of poles created, then edited, beside raw SQL doing the same rows.
    const writeCluster = await newCluster(db, 'BENCH-WRITE');
    const poles = Array.from({ length: WRITE_COUNT }, (_, i) => ({
      clusterId: writeCluster.id,
      name: `BENCH-POLE-${i}`,
      coordinates: {
        lat: -1.29 + (i % 100) * 0.0001,
        lng: 36.81 + Math.floor(i / 100) * 0.0001,
      } as LatLng,
      attributes: { Type: 'Concrete', Height: 9, Owner: 'Bench' },
    }));
    const createBody = JSON.stringify({ data: poles });
    let created = '';
    const create = await medianMs(3, async () => {
      created = await call('POST', '/networkelements/pole/create/multiple', createBody);
    });
    // The ids of the last run's poles, read outside the timing.
    const createdIds = (JSON.parse(created) as { data: { id: number }[] }).data.map((e) => e.id);
    const rawRows = JSON.stringify(
      poles.map((p) => ({
        cluster_id: p.clusterId,
        name: p.name,
        lat: (p.coordinates as LatLng).lat,
        lng: (p.coordinates as LatLng).lng,
        attributes: { Type: '"Concrete"', Height: 9, Owner: 'Bench' },
      })),
    );
    const rawCreate = await medianMs(3, () =>
      db.rows(sql`
        INSERT INTO network_elements (cluster_id, type, template_id, name, geom, attributes, created_by, updated_by)
        SELECT r.cluster_id, 'Pole', ${writeCluster.templateId}, r.name,
               ST_SetSRID(ST_MakePoint(r.lng, r.lat), 4326), r.attributes, 1, 1
        FROM jsonb_to_recordset(${rawRows}::jsonb) AS r(cluster_id int, name text, lat float8, lng float8, attributes jsonb)`),
    );

    const edits = createdIds.map((id, i) => ({
      id,
      name: `BENCH-POLE-EDITED-${i}`,
      coordinates: {
        lat: -1.2901 + (i % 100) * 0.0001,
        lng: 36.8101 + Math.floor(i / 100) * 0.0001,
      },
      attributes: { Height: 11 },
    }));
    // Bodies are serialised outside the timings, like the raw statements' JSON input.
    const editBody = JSON.stringify({ data: edits });
    const edit = await medianMs(3, () =>
      call('POST', '/networkelements/pole/edit/multiple', editBody),
    );
    const rawEdits = JSON.stringify(
      edits.map((e) => ({
        id: e.id,
        name: e.name,
        lat: e.coordinates.lat,
        lng: e.coordinates.lng,
      })),
    );
    const rawEdit = await medianMs(3, () =>
      db.rows(sql`
        UPDATE network_elements e SET name = r.name, geom = ST_SetSRID(ST_MakePoint(r.lng, r.lat), 4326),
               attributes = e.attributes || '{"Height": 11}'::jsonb, version = e.version + 1, updated_at = now()
        FROM jsonb_to_recordset(${rawEdits}::jsonb) AS r(id int, name text, lat float8, lng float8)
        WHERE e.id = r.id`),
    );

    const label = bench.label;
    return {
      notes,
      figures: [
        {
          name: `${label}: GET all ten types of a 100k cluster`,
          ours: read,
          reference: rawRead,
          referenceName: 'raw SQL building the same JSON',
          unit: 'ms',
          goal: 1.3,
        },
        {
          name: `${label}: create/multiple of ${WRITE_COUNT.toLocaleString('en')}`,
          ours: create,
          reference: rawCreate,
          referenceName: 'one raw multi-row INSERT',
          unit: 'ms',
          goal: 1.5,
        },
        {
          name: `${label}: edit/multiple of ${WRITE_COUNT.toLocaleString('en')}`,
          ours: edit,
          reference: rawEdit,
          referenceName: 'one raw UPDATE of the same rows',
          unit: 'ms',
          goal: 1.5,
        },
        {
          name: `${label}: peak RSS during the 100k read`,
          ours: peak,
          reference: rssBefore,
          referenceName: 'RSS before the read',
          unit: 'MB',
        },
      ],
    };
  } finally {
    await app.close();
    await bench.dispose();
  }
}
