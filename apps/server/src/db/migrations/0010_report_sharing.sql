-- A report may be shared read-only with the users of one project (issue "KPI reports").
ALTER TABLE reports
  ADD COLUMN shared_project_id integer REFERENCES projects (id) ON DELETE SET NULL;
CREATE INDEX reports_shared_project_idx ON reports (shared_project_id)
  WHERE shared_project_id IS NOT NULL;
