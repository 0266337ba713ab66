-- KPI reports (issue "KPI reports"): a user's saved report, its metrics and charts as the
-- builder sends them (SPEC §3), checked on the way in.
CREATE TABLE reports (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name           text NOT NULL,
  metrics        jsonb NOT NULL DEFAULT '[]'::jsonb,
  visualizations jsonb NOT NULL DEFAULT '[]'::jsonb,
  last_run_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_user_idx ON reports (user_id);
