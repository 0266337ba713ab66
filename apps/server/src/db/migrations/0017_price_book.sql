-- Bill of materials and cost (issue 27): a project's price book, its currency and its unit
-- prices. An empty spec or placement prices every one that has no price of its own.
CREATE TABLE price_books (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  currency   text NOT NULL DEFAULT 'KES' CHECK (currency ~ '^[A-Z]{3}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE price_book_entries (
  project_id integer NOT NULL REFERENCES price_books (project_id) ON DELETE CASCADE,
  item       text NOT NULL,
  spec       text NOT NULL DEFAULT '',
  placement  text NOT NULL DEFAULT '' CHECK (placement IN ('', 'aerial', 'underground', 'facade')),
  unit_price numeric(16, 2) NOT NULL CHECK (unit_price >= 0),
  PRIMARY KEY (project_id, item, spec, placement)
);
