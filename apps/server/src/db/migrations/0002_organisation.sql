-- Organisation: timestamps as ISO text for the API, and the element table that projects
-- and clusters count (the network elements issue extends it).

-- ISO 8601 in UTC with milliseconds, as JSON clients expect ('2026-11-22T03:44:47.123Z').
CREATE FUNCTION iso_time(ts timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT
  AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

CREATE TABLE network_elements (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cluster_id  integer NOT NULL REFERENCES clusters (id),
  type        text NOT NULL CHECK (type IN ('PboFat', 'SpliceClosure', 'Pole', 'Manhole', 'Loop',
                                            'FDTSRO', 'SFU', 'Building', 'Cable', 'Zone')),
  template_id integer,
  name        text NOT NULL,
  geom        geometry(Geometry, 4326) NOT NULL,
  attributes  jsonb NOT NULL DEFAULT '{}'::jsonb,
  version     integer NOT NULL DEFAULT 1,
  created_by  integer REFERENCES users (id),
  updated_by  integer REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  -- Deleted elements stay recoverable by an admin until purged.
  deleted_at  timestamptz
);
CREATE INDEX network_elements_geom_idx ON network_elements USING gist (geom);
CREATE INDEX network_elements_cluster_type_idx ON network_elements (cluster_id, type)
  WHERE deleted_at IS NULL;

CREATE INDEX central_office_users_user_idx ON central_office_users (user_id);
CREATE INDEX cluster_users_user_idx ON cluster_users (user_id);
CREATE INDEX clusters_central_office_idx ON clusters (central_office_id);
CREATE INDEX central_offices_project_idx ON central_offices (project_id);

-- Names are unique within their parent whatever their case ('CO North' = 'co north').
ALTER TABLE central_offices DROP CONSTRAINT central_offices_project_id_name_key;
CREATE UNIQUE INDEX central_offices_project_name_key ON central_offices (project_id, lower(name));
ALTER TABLE clusters DROP CONSTRAINT clusters_central_office_id_name_key;
CREATE UNIQUE INDEX clusters_central_office_name_key ON clusters (central_office_id, lower(name));
