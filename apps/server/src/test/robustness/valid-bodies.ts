import { sql } from 'drizzle-orm';
import { ELEMENT_TYPES, type LatLng } from '@integration/contracts';
import type { Database } from '../../db/database.ts';

/**
 * Bodies the API accepts, one per route, from the seeded database: the fuzz starts from these
 * so that a hostile value reaches the code past validation (the service, the SQL), where a
 * generic sample (cluster 1, element 1) would be refused as unknown before.
 */
export interface ValidRequest {
  url: string;
  body: unknown;
}

const at = (i: number): LatLng => ({ lat: -1.2833 + i * 1e-4, lng: 36.8172 + i * 1e-4 });

export async function validRequests(db: Database): Promise<Map<string, ValidRequest>> {
  const [ids] = await db.rows<{ cluster: number; co: number; project: number }>(sql`
    SELECT c.id AS cluster, co.id AS co, co.project_id AS project
    FROM clusters c JOIN central_offices co ON co.id = c.central_office_id
    WHERE c.name = 'CBD-01'`);
  if (!ids) throw new Error('the seeded cluster CBD-01 is missing');
  const elements = await db.rows<{ type: string; id: number }>(sql`
    SELECT type, min(id) AS id FROM network_elements
    WHERE cluster_id = ${ids.cluster} AND deleted_at IS NULL GROUP BY type`);
  const idOf = (type: string) => elements.find((e) => e.type === type)?.id ?? 1;

  const requests = new Map<string, ValidRequest>();
  const add = (method: string, path: string, url: string, body: unknown) =>
    requests.set(`${method} ${path}`, { url, body });

  ELEMENT_TYPES.forEach((type, i) => {
    const base = `/api/networkelements/${type.segment}`;
    const coordinates =
      type.geometry === 'point'
        ? at(i)
        : type.geometry === 'line'
          ? [at(i), at(i + 1)]
          : [at(i), at(i + 1), { lat: at(i).lat, lng: at(i + 1).lng }];
    const item = { clusterId: ids.cluster, name: `Fuzz ${type.code}`, coordinates };
    const id = idOf(type.internalName);
    add('POST', `${base}/create`, `${base}/create`, item);
    add('POST', `${base}/create/multiple`, `${base}/create/multiple`, { data: [item] });
    add('POST', `${base}/edit/multiple`, `${base}/edit/multiple`, {
      data: [{ id, name: `Fuzz ${type.code}` }],
    });
    add('POST', `${base}/delete/multiple`, `${base}/delete/multiple`, { data: [id] });
    add('POST', `${base}/{id}`, `${base}/${id}`, { name: `Fuzz ${type.code}` });
  });
  add('POST', '/api/clusters/cluster/create', '/api/clusters/cluster/create', {
    centralOfficeId: ids.co,
    name: 'FZ-01',
  });
  add('POST', '/api/clusters/cluster/update/{id}', `/api/clusters/cluster/update/${ids.cluster}`, {
    projectPhase: 'Design',
  });
  add(
    'POST',
    '/api/centraloffices/centraloffice/create',
    '/api/centraloffices/centraloffice/create',
    {
      projectId: ids.project,
      name: 'Fuzz CO',
    },
  );
  add(
    'POST',
    '/api/centraloffices/centraloffice/update/{id}',
    `/api/centraloffices/centraloffice/update/${ids.co}`,
    {
      id: ids.co,
      users: [],
    },
  );
  add('POST', '/api/file-format/export', '/api/file-format/export', {
    clusterId: ids.cluster,
    format: 'geojson',
  });
  add('POST', '/api/file-format/geoJSONToSHP', '/api/file-format/geoJSONToSHP', {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Fuzz' },
        geometry: { type: 'Point', coordinates: [36.8, -1.28] },
      },
    ],
  });
  return requests;
}
