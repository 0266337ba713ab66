-- Create Route (issue 18): each project's road network, the routing graph's edges, and its
-- routing settings. Defaults live in code (modules/routing/road-rules.ts, documented in
-- docs/decisions.md "Create Route"); a settings row holds only a project's overrides:
--
--   setting            default                                       override
--   speeds_kmh         by OSM highway class: motorway 80, trunk 60,   {"class": km/h, …}
--                      primary 50, secondary 40, tertiary 35,
--                      residential/unclassified 25, road 20,
--                      service/track 15, living_street 10, else 20
--   excluded_classes   none (footway, path, steps, pedestrian,        ["motorway", …]
--                      cycleway, bridleway never carry a motorbike)
--   cost_per_metre     aerial 4, duct 6, cable 3, trench 25           {"kind": cost, …}

CREATE TABLE roads (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  geom       geometry(LineString, 4326) NOT NULL,
  -- OSM highway class, lower case ('road' when the file had none).
  highway    text NOT NULL,
  name       text,
  -- 1: one-way along the drawing, -1: against it, 0: both ways.
  oneway     smallint NOT NULL DEFAULT 0 CHECK (oneway IN (-1, 0, 1)),
  -- OSM access tag; 'no' and 'private' keep a two-wheeler out.
  access     text,
  -- Overrides the class's speed for this road.
  speed_kmh  real CHECK (speed_kmh > 0 AND speed_kmh <= 200),
  osm_id     bigint,
  length_m   double precision NOT NULL
);
CREATE INDEX roads_project_idx ON roads (project_id);
CREATE INDEX roads_geom_idx ON roads USING gist (geom);

CREATE TABLE routing_settings (
  project_id          integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  speeds_kmh          jsonb NOT NULL DEFAULT '{}'::jsonb,
  excluded_classes    jsonb NOT NULL DEFAULT '[]'::jsonb,
  cost_per_metre      jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- When the settings or the roads last changed: a cached graph older than either is rebuilt.
  settings_changed_at timestamptz NOT NULL DEFAULT now(),
  roads_changed_at    timestamptz
);
