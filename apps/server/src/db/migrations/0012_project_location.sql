-- Where a project is (issue 24, point 6): an empty cluster opens on its own elements, else its
-- central office's, else its project's, else here. Optional: a project with elements never
-- needs it, and nothing else reads it.
ALTER TABLE projects ADD COLUMN location geometry(Point, 4326);
