import { sql } from 'drizzle-orm';
import { PBO_USERS_FROM_SPLICES } from '../fibre/fibre-figures.sql.ts';

/**
 * The API shape of an element (SPEC §3), built by PostgreSQL so that large reads go from
 * the database to the client as one JSON text, never parsed and re-serialised in Node.
 * Expects `e` (network_elements), `t` (element_templates) and `nt` (network_element_types).
 *
 * Derived attributes come from the element itself, so they cannot drift: Name from the
 * name, Coordinates from the geometry ('lat, lng': the point, a line's first vertex, a
 * point inside a zone), a cable's Length from its geodesic length, a PBO-FAT's Existing
 * Users from its list of users, the dates from the row's timestamps.
 */
export const FROM_ELEMENTS = sql.raw(`network_elements e
  JOIN element_templates t ON t.id = e.template_id
  JOIN network_element_types nt ON nt.name = e.type`);

const ANCHOR = `(CASE nt.geometry WHEN 'point' THEN e.geom
                  WHEN 'line' THEN ST_StartPoint(e.geom)
                  ELSE ST_PointOnSurface(e.geom) END)`;

// A zone's ring without its closing vertex, as the editor drew it.
const VERTICES = `(CASE nt.geometry WHEN 'polygon'
                    THEN ST_RemovePoint(ST_ExteriorRing(e.geom), ST_NPoints(ST_ExteriorRing(e.geom)) - 1)
                    ELSE e.geom END)`;

// A PBO-FAT's users: its splitters' outputs joined onward (issue 26), else the items of its
// 'FAT Existing Users ID' list (a JSON text, checked as JSON when written); empty when it holds
// neither, as the reports engine reads it.
const EXISTING_USERS = `coalesce(to_jsonb(${PBO_USERS_FROM_SPLICES}), (SELECT to_jsonb(jsonb_array_length(u.list))
    FROM (SELECT (e.attributes->>'FAT Existing Users ID')::jsonb AS list
          WHERE left(ltrim(e.attributes->>'FAT Existing Users ID'), 1) = '[') u), '""'::jsonb)`;

export const ELEMENT_JSON = sql.raw(`json_build_object(
  'id', e.id,
  'name', e.name,
  'version', e.version,
  'coordinates', CASE nt.geometry
    WHEN 'point' THEN json_build_object('lat', ST_Y(e.geom), 'lng', ST_X(e.geom))
    ELSE (SELECT json_agg(json_build_object('lat', ST_Y(d.geom), 'lng', ST_X(d.geom)) ORDER BY d.path)
          FROM ST_DumpPoints(${VERTICES}) d)
  END,
  'attributes', (
    SELECT json_agg(json_build_object(
      'name', a.def->>'name',
      'value', CASE a.def->>'name'
        WHEN 'Name' THEN to_jsonb(e.name)
        WHEN 'Coordinates' THEN to_jsonb(ST_Y(${ANCHOR}) || ', ' || ST_X(${ANCHOR}))
        WHEN 'Creation Date' THEN to_jsonb(iso_time(e.created_at))
        WHEN 'Last Modification Date' THEN to_jsonb(iso_time(e.updated_at))
        ELSE CASE WHEN a.def->>'name' = 'Length' AND e.type = 'Cable'
          THEN to_jsonb(round(e.length_m::numeric, 2))
          WHEN a.def->>'name' = 'Existing Users' AND e.type = 'PboFat'
          THEN ${EXISTING_USERS}
          ELSE coalesce(e.attributes->(a.def->>'name'), '""'::jsonb) END
      END,
      'inputType', a.def->>'inputType',
      'attribute_name', a.def->>'key') ORDER BY a.ord)
    FROM jsonb_array_elements(t.attributes) WITH ORDINALITY AS a(def, ord)
  ),
  'updatedById', e.updated_by,
  'createdById', e.created_by,
  'networkElementId', nt.id,
  'networkElement', json_build_object('id', nt.id, 'type', nt.name, 'name', nt.display_name),
  'templateId', e.template_id,
  'clusterId', e.cluster_id,
  'geometry', CASE nt.geometry
    WHEN 'point' THEN json_build_object('url', t.style->>'iconUrl', 'iconSize', (t.style->>'iconSize')::int)
    WHEN 'line' THEN json_build_object(
      'color', coalesce(
        (SELECT c->>'color' FROM jsonb_array_elements(t.style->'cables') c
         WHERE c->>'capacity' = btrim(e.attributes->>'Capacity', '"')),
        t.style->>'color'),
      'cables', t.style->'cables',
      'lines', t.style->'lines')
  END,
  'zone', CASE WHEN nt.geometry = 'polygon' THEN json_build_object('color', t.style->>'color') END,
  'createdAt', iso_time(e.created_at),
  'updatedAt', iso_time(e.updated_at)
)`);
