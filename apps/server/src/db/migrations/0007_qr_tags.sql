-- QR asset tags (issue "QR asset tags"). A template belongs to a cluster and an element
-- type (and that type's template in the project); it owns one row per printed tag.
CREATE TABLE qr_templates (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cluster_id  integer NOT NULL REFERENCES clusters (id) ON DELETE CASCADE,
  type        text NOT NULL REFERENCES network_element_types (name),
  template_id integer NOT NULL REFERENCES element_templates (id),
  name        text NOT NULL,
  prefix      text NOT NULL,
  -- The next sequence number to hand out (SPEC §3 "index").
  next_index  integer NOT NULL,
  -- [{ID, type: 'Attribute' | 'Free Text', property, value}, ...] in display order
  tag_details jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by  integer REFERENCES users (id),
  updated_by  integer REFERENCES users (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_templates_cluster_idx ON qr_templates (cluster_id);

CREATE TABLE qr_tags (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  qr_template_id integer NOT NULL REFERENCES qr_templates (id) ON DELETE CASCADE,
  -- Upper case, unique across the platform: a printed code leads to exactly one tag.
  code          text NOT NULL UNIQUE CHECK (code = upper(code)),
  seq           integer NOT NULL,
  element_id    integer REFERENCES network_elements (id) ON DELETE SET NULL,
  scanned_by    integer REFERENCES users (id),
  scanned_at    timestamptz,
  -- Where the phone was when the tag was scanned, and how sure it was (metres).
  scan_geom     geometry(Point, 4326),
  scan_accuracy double precision,
  UNIQUE (qr_template_id, seq)
);
CREATE INDEX qr_tags_scanned_idx ON qr_tags (qr_template_id) WHERE scanned_at IS NOT NULL;
CREATE INDEX qr_tags_element_idx ON qr_tags (element_id) WHERE element_id IS NOT NULL;

-- Evidence of a scan: photos taken on site, kept in the database with the tag.
CREATE TABLE qr_tag_photos (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tag_id       integer NOT NULL REFERENCES qr_tags (id) ON DELETE CASCADE,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  uploaded_by  integer REFERENCES users (id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_tag_photos_tag_idx ON qr_tag_photos (tag_id);
