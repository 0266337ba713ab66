-- Design checks (issue 27): a project's thresholds, where they differ from the defaults
-- (contracts DEFAULT_DESIGN_THRESHOLDS); the loss budget itself stays in fibre_settings.
CREATE TABLE design_settings (
  project_id integer PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  thresholds jsonb NOT NULL DEFAULT '{}'
);
