-- ConfigureProject (issue 28): the base map a project's map opens on (null: the first one
-- configured) and the project's phase, beside the zoom (0018) and the currency (price book).
ALTER TABLE projects
  ADD COLUMN basemap text,
  ADD COLUMN phase text NOT NULL DEFAULT 'In-Progress'
    CHECK (phase IN ('In-Progress', 'Completed', 'Cancelled'));
