-- Fibre connectivity (issue 26): colour codes as data, cable specs, fibres, what enclosures
-- hold (trays, splitters, ports), and a graph of terminals joined by links that a trace walks.

-- Colour codes: 12 colours and their 13–24 marked twins (a stripe, or a ring), per scheme.
CREATE TABLE fibre_colour_codes (
  scheme     text NOT NULL,
  position   smallint NOT NULL CHECK (position BETWEEN 1 AND 24),
  name_en    text NOT NULL,
  name_fr    text NOT NULL,
  hex        text NOT NULL,
  -- The stripe (TIA-598-C) or ring (GraceTHD) of positions 13–24.
  stripe_hex text,
  PRIMARY KEY (scheme, position)
);
INSERT INTO fibre_colour_codes (scheme, position, name_en, name_fr, hex)
VALUES
  -- TIA-598-C
  ('TIA-598-C', 1, 'blue', 'bleu', '#0072CE'),
  ('TIA-598-C', 2, 'orange', 'orange', '#FF8200'),
  ('TIA-598-C', 3, 'green', 'vert', '#00A651'),
  ('TIA-598-C', 4, 'brown', 'marron', '#8B4513'),
  ('TIA-598-C', 5, 'slate', 'ardoise', '#708090'),
  ('TIA-598-C', 6, 'white', 'blanc', '#FFFFFF'),
  ('TIA-598-C', 7, 'red', 'rouge', '#E4002B'),
  ('TIA-598-C', 8, 'black', 'noir', '#000000'),
  ('TIA-598-C', 9, 'yellow', 'jaune', '#FFD100'),
  ('TIA-598-C', 10, 'violet', 'violet', '#8246AF'),
  ('TIA-598-C', 11, 'rose', 'rose', '#F4A6C1'),
  ('TIA-598-C', 12, 'aqua', 'turquoise', '#00B5E2'),
  -- GraceTHD's l_fo_color (the French operators' code), its own hex values.
  ('GraceTHD', 1, 'red', 'rouge', '#FF0000'),
  ('GraceTHD', 2, 'blue', 'bleu', '#0070C0'),
  ('GraceTHD', 3, 'green', 'vert', '#92D050'),
  ('GraceTHD', 4, 'yellow', 'jaune', '#FFFF00'),
  ('GraceTHD', 5, 'violet', 'violet', '#7638A3'),
  ('GraceTHD', 6, 'white', 'blanc', '#FFFFFF'),
  ('GraceTHD', 7, 'orange', 'orange', '#FFC000'),
  ('GraceTHD', 8, 'grey', 'gris', '#C1C1C1'),
  ('GraceTHD', 9, 'brown', 'marron', '#993300'),
  ('GraceTHD', 10, 'black', 'noir', '#000000'),
  ('GraceTHD', 11, 'turquoise', 'turquoise', '#00B0F0'),
  ('GraceTHD', 12, 'pink', 'rose', '#FF65CC');
-- 13–24: the same colours marked black; black itself marked yellow (TIA) or white (GraceTHD).
INSERT INTO fibre_colour_codes (scheme, position, name_en, name_fr, hex, stripe_hex)
SELECT scheme, position + 12, name_en, name_fr, hex,
       CASE WHEN hex <> '#000000' THEN '#000000'
            WHEN scheme = 'TIA-598-C' THEN '#FFD100' ELSE '#FFFFFF' END
FROM fibre_colour_codes;

-- A project's scheme and loss constants (null: the defaults of packages/contracts fibre.ts).
CREATE TABLE fibre_settings (
  project_id    integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  colour_scheme text NOT NULL DEFAULT 'TIA-598-C' CHECK (colour_scheme IN ('TIA-598-C', 'GraceTHD')),
  losses        jsonb
);

CREATE TABLE cable_specs (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id       integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name             text NOT NULL,
  fibre_count      integer NOT NULL CHECK (fibre_count BETWEEN 1 AND 864),
  tubes            integer NOT NULL CHECK (tubes >= 1),
  fibres_per_tube  integer NOT NULL CHECK (fibres_per_tube BETWEEN 1 AND 24),
  attenuation_1310 double precision,
  attenuation_1550 double precision,
  placement        text NOT NULL DEFAULT 'underground'
                   CHECK (placement IN ('aerial', 'underground', 'facade')),
  UNIQUE (project_id, name),
  CHECK (tubes * fibres_per_tube >= fibre_count)
);

-- A cable's structure, made with its fibres when first asked for (a cable drawn or imported
-- costs nothing until someone splices it).
CREATE TABLE fibre_cables (
  element_id      integer PRIMARY KEY REFERENCES network_elements (id) ON DELETE CASCADE,
  spec_id         integer REFERENCES cable_specs (id) ON DELETE SET NULL,
  fibre_count     integer NOT NULL,
  tubes           integer NOT NULL,
  fibres_per_tube integer NOT NULL
);

CREATE TABLE fibres (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cable_id integer NOT NULL REFERENCES fibre_cables (element_id) ON DELETE CASCADE,
  number   smallint NOT NULL,
  tube     smallint NOT NULL,
  position smallint NOT NULL,
  -- 'used' is not stored: a fibre is used when either of its ends is joined.
  status   text NOT NULL DEFAULT 'free' CHECK (status IN ('free', 'reserved', 'faulty')),
  UNIQUE (cable_id, number)
);

-- Enclosure contents belong to an element (splice closure, PBO-FAT, FDT-SRO) or to a central
-- office (its OLT, its patch panels).
CREATE TABLE fibre_trays (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  element_id        integer REFERENCES network_elements (id) ON DELETE CASCADE,
  central_office_id integer REFERENCES central_offices (id) ON DELETE CASCADE,
  number            integer NOT NULL,
  capacity          integer NOT NULL CHECK (capacity BETWEEN 1 AND 144),
  CHECK ((element_id IS NULL) <> (central_office_id IS NULL))
);
CREATE INDEX fibre_trays_element_idx ON fibre_trays (element_id);
CREATE INDEX fibre_trays_office_idx ON fibre_trays (central_office_id);

CREATE TABLE fibre_splitters (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  element_id        integer REFERENCES network_elements (id) ON DELETE CASCADE,
  central_office_id integer REFERENCES central_offices (id) ON DELETE CASCADE,
  name              text NOT NULL,
  ratio             text NOT NULL CHECK (ratio IN ('1:2', '1:4', '1:8', '1:16', '1:32', '1:64')),
  CHECK ((element_id IS NULL) <> (central_office_id IS NULL))
);
CREATE INDEX fibre_splitters_element_idx ON fibre_splitters (element_id);
CREATE INDEX fibre_splitters_office_idx ON fibre_splitters (central_office_id);

CREATE TABLE fibre_ports (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  element_id        integer REFERENCES network_elements (id) ON DELETE CASCADE,
  central_office_id integer REFERENCES central_offices (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('patch', 'olt')),
  panel             text NOT NULL,
  number            integer NOT NULL,
  CHECK ((element_id IS NULL) <> (central_office_id IS NULL))
);
CREATE INDEX fibre_ports_element_idx ON fibre_ports (element_id);
CREATE INDEX fibre_ports_office_idx ON fibre_ports (central_office_id);

-- Terminals: a fibre's end (a = where the cable's line starts), a splitter's leg (0 the input),
-- a patch port's back or front, an OLT port (where a trace ends).
CREATE TABLE fibre_terminals (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind        text NOT NULL
              CHECK (kind IN ('fibre', 'splitter-in', 'splitter-out', 'port-back', 'port-front', 'olt-port')),
  fibre_id    bigint REFERENCES fibres (id) ON DELETE CASCADE,
  fibre_end   char(1) CHECK (fibre_end IN ('a', 'b')),
  splitter_id integer REFERENCES fibre_splitters (id) ON DELETE CASCADE,
  leg         smallint,
  port_id     integer REFERENCES fibre_ports (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX fibre_terminals_fibre_idx ON fibre_terminals (fibre_id, fibre_end);
CREATE UNIQUE INDEX fibre_terminals_splitter_idx ON fibre_terminals (splitter_id, leg);
CREATE UNIQUE INDEX fibre_terminals_port_idx ON fibre_terminals (port_id, kind);

-- A splice or a connector, made in an enclosure, joining two terminals.
CREATE TABLE fibre_joints (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  element_id        integer REFERENCES network_elements (id) ON DELETE CASCADE,
  central_office_id integer REFERENCES central_offices (id) ON DELETE CASCADE,
  kind              text NOT NULL CHECK (kind IN ('splice', 'connector')),
  tray_id           integer REFERENCES fibre_trays (id) ON DELETE SET NULL,
  terminal_a        bigint NOT NULL REFERENCES fibre_terminals (id) ON DELETE CASCADE,
  terminal_b        bigint NOT NULL REFERENCES fibre_terminals (id) ON DELETE CASCADE,
  -- An OTDR reading, when one was taken: it replaces the design loss in traces.
  measured_loss_db  double precision,
  created_by        integer REFERENCES users (id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((element_id IS NULL) <> (central_office_id IS NULL)),
  CHECK (terminal_a <> terminal_b)
);
CREATE INDEX fibre_joints_element_idx ON fibre_joints (element_id);
CREATE INDEX fibre_joints_office_idx ON fibre_joints (central_office_id);
CREATE INDEX fibre_joints_tray_idx ON fibre_joints (tray_id);

-- The links a trace walks, each stored both ways: through a fibre (end to end), a splitter
-- (input to each output), a port (back to front), and across a joint.
CREATE TABLE fibre_links (
  from_terminal bigint NOT NULL REFERENCES fibre_terminals (id) ON DELETE CASCADE,
  to_terminal   bigint NOT NULL REFERENCES fibre_terminals (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('fibre', 'splitter', 'port', 'splice', 'connector')),
  joint_id      bigint REFERENCES fibre_joints (id) ON DELETE CASCADE,
  PRIMARY KEY (from_terminal, to_terminal)
);
-- A terminal takes at most one splice or connector.
CREATE UNIQUE INDEX fibre_links_one_joint_idx ON fibre_links (from_terminal) WHERE joint_id IS NOT NULL;
CREATE INDEX fibre_links_joint_idx ON fibre_links (joint_id);

-- Every change to what an enclosure holds or joins: who, when, what.
CREATE TABLE fibre_history (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  project_id        integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  element_id        integer REFERENCES network_elements (id) ON DELETE SET NULL,
  central_office_id integer REFERENCES central_offices (id) ON DELETE SET NULL,
  action            text NOT NULL,
  detail            jsonb NOT NULL,
  user_id           integer REFERENCES users (id),
  at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fibre_history_element_idx ON fibre_history (element_id, id);

-- Where a central office is, so that feeder cables can start there.
ALTER TABLE central_offices ADD COLUMN location geometry(Point, 4326);
