-- Network elements: the type registry, templates per project and type, history, naming
-- sequences, and what the element table still lacked.

CREATE TABLE network_element_types (
  id           integer PRIMARY KEY,
  name         text NOT NULL UNIQUE,
  display_name text NOT NULL,
  segment      text NOT NULL UNIQUE,
  geometry     text NOT NULL CHECK (geometry IN ('point', 'line', 'polygon'))
);
-- The same rows as ELEMENT_TYPES in packages/contracts (ids are the API's networkElementId).
INSERT INTO network_element_types (id, name, display_name, segment, geometry) VALUES
  (1, 'PboFat', 'PBO-FAT', 'pbofat', 'point'),
  (2, 'SpliceClosure', 'Splice Closure', 'spliceclosure', 'point'),
  (3, 'Pole', 'Pole', 'pole', 'point'),
  (4, 'Manhole', 'Manhole', 'manhole', 'point'),
  (5, 'Loop', 'Loop', 'loop', 'point'),
  (6, 'FDTSRO', 'FDT-SRO', 'fdt', 'point'),
  (7, 'SFU', 'SFU', 'sfu', 'point'),
  (8, 'Building', 'Building', 'building', 'point'),
  (9, 'Cable', 'Cable', 'cable', 'line'),
  (10, 'Zone', 'Zone NRO', 'zone', 'polygon');

CREATE TABLE element_templates (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  type       text NOT NULL REFERENCES network_element_types (name),
  name       text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  -- [{name, inputType, required, options?, default?, derived?}, ...] in display order
  attributes jsonb NOT NULL,
  -- {iconUrl, iconSize} | {color, cables:[{capacity,color}], lines:[{type,pattern}]} | {color}
  style      jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, type, name)
);
CREATE UNIQUE INDEX element_templates_one_default ON element_templates (project_id, type) WHERE is_default;

ALTER TABLE network_elements
  ADD CONSTRAINT network_elements_type_fkey FOREIGN KEY (type) REFERENCES network_element_types (name),
  ADD CONSTRAINT network_elements_template_fkey FOREIGN KEY (template_id) REFERENCES element_templates (id),
  -- Geodesic length in metres of cables, computed on every geometry change.
  ADD COLUMN length_m double precision;
ALTER TABLE network_elements ALTER COLUMN template_id SET NOT NULL;

-- Every create, update, delete and restore: who, when, and the element after it (the
-- state before is the previous entry's). Plain columns, copied from the row: cheap to write.
CREATE TABLE element_history (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  element_id  integer NOT NULL REFERENCES network_elements (id) ON DELETE CASCADE,
  action      text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'restore')),
  user_id     integer REFERENCES users (id),
  at          timestamptz NOT NULL DEFAULT now(),
  version     integer NOT NULL,
  name        text NOT NULL,
  cluster_id  integer NOT NULL,
  template_id integer NOT NULL,
  geom        geometry(Geometry, 4326) NOT NULL,
  attributes  jsonb NOT NULL,
  deleted     boolean NOT NULL
);
CREATE INDEX element_history_element_idx ON element_history (element_id, id);

-- The last number a naming convention gave, per cluster and type.
CREATE TABLE element_name_sequences (
  cluster_id integer NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
  type       text NOT NULL REFERENCES network_element_types (name),
  last_seq   integer NOT NULL,
  PRIMARY KEY (cluster_id, type)
);
