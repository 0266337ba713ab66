-- The organisation written by admins (issue 28). Names are unique within their parent whatever
-- their case, as central offices' and clusters' already are.
ALTER TABLE subsidiaries DROP CONSTRAINT subsidiaries_name_key;
CREATE UNIQUE INDEX subsidiaries_name_key ON subsidiaries (lower(name));
ALTER TABLE clients DROP CONSTRAINT clients_subsidiary_id_name_key;
CREATE UNIQUE INDEX clients_subsidiary_name_key ON clients (subsidiary_id, lower(name));
ALTER TABLE main_projects DROP CONSTRAINT main_projects_client_id_name_key;
CREATE UNIQUE INDEX main_projects_client_name_key ON main_projects (client_id, lower(name));
ALTER TABLE projects DROP CONSTRAINT projects_main_project_id_name_key;
CREATE UNIQUE INDEX projects_main_project_name_key ON projects (main_project_id, lower(name));

-- A confirmed deletion takes everything under it in one statement: each level cascades to the
-- next (the services refuse it unless the name was typed; before, the keys refused it always).
ALTER TABLE clients DROP CONSTRAINT clients_subsidiary_id_fkey,
  ADD CONSTRAINT clients_subsidiary_id_fkey FOREIGN KEY (subsidiary_id)
    REFERENCES subsidiaries (id) ON DELETE CASCADE;
CREATE INDEX clients_subsidiary_idx ON clients (subsidiary_id);
ALTER TABLE main_projects DROP CONSTRAINT main_projects_client_id_fkey,
  ADD CONSTRAINT main_projects_client_id_fkey FOREIGN KEY (client_id)
    REFERENCES clients (id) ON DELETE CASCADE;
CREATE INDEX main_projects_client_idx ON main_projects (client_id);
ALTER TABLE projects DROP CONSTRAINT projects_main_project_id_fkey,
  ADD CONSTRAINT projects_main_project_id_fkey FOREIGN KEY (main_project_id)
    REFERENCES main_projects (id) ON DELETE CASCADE;
CREATE INDEX projects_main_project_idx ON projects (main_project_id);
ALTER TABLE central_offices DROP CONSTRAINT central_offices_project_id_fkey,
  ADD CONSTRAINT central_offices_project_id_fkey FOREIGN KEY (project_id)
    REFERENCES projects (id) ON DELETE CASCADE;
ALTER TABLE clusters DROP CONSTRAINT clusters_central_office_id_fkey,
  ADD CONSTRAINT clusters_central_office_id_fkey FOREIGN KEY (central_office_id)
    REFERENCES central_offices (id) ON DELETE CASCADE;
ALTER TABLE network_elements DROP CONSTRAINT network_elements_cluster_id_fkey,
  ADD CONSTRAINT network_elements_cluster_id_fkey FOREIGN KEY (cluster_id)
    REFERENCES clusters (id) ON DELETE CASCADE;

-- What admins did to the organisation, kept when the rows themselves are gone.
CREATE TABLE organisation_history (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  level     text NOT NULL,
  entity_id integer NOT NULL,
  action    text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  name      text NOT NULL,
  -- The values written, or for a deletion what went with it (its counts).
  detail    jsonb NOT NULL DEFAULT '{}',
  user_id   integer REFERENCES users (id) ON DELETE SET NULL,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX organisation_history_entity_idx ON organisation_history (level, entity_id, id);
