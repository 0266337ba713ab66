-- Element history keeps superseded versions only; the current version is the element row.
-- Before: every create, update, delete and restore copied the element *after* it into
-- element_history, so each write wrote two rows and a create's entry duplicated the
-- element. Now a write copies the version it replaces (with who, when and the action that
-- made that version), and the element row says which action made the current one. A
-- create writes no history row; GET …/history still answers every version, the current
-- one read from network_elements.

-- The action that made the row's current version: create, update, delete or restore.
ALTER TABLE network_elements ADD COLUMN last_action text NOT NULL DEFAULT 'create';

UPDATE network_elements e SET last_action = h.action
FROM element_history h
WHERE h.element_id = e.id AND h.version = e.version AND h.action <> 'create';

-- Entries of current versions are the element rows themselves now.
DELETE FROM element_history h USING network_elements e
WHERE h.element_id = e.id AND h.version >= e.version;
DELETE FROM element_history a USING element_history b
WHERE a.element_id = b.element_id AND a.version = b.version AND a.id < b.id;

-- One index, keyed by what the history is read by; no identity to draw per row. The
-- foreign keys went too: each cost a lookup and a row lock per history row written. The
-- user of an entry is copied from the element's updated_by (itself a foreign key), and a
-- purged element takes its history with it through the trigger below.
ALTER TABLE element_history
  DROP COLUMN id,
  DROP CONSTRAINT element_history_element_id_fkey,
  DROP CONSTRAINT element_history_user_id_fkey,
  ADD PRIMARY KEY (element_id, version);

CREATE FUNCTION element_history_purge() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM element_history h USING purged p WHERE h.element_id = p.id;
  RETURN NULL;
END $$;

CREATE TRIGGER network_elements_purge_history
  AFTER DELETE ON network_elements
  REFERENCING OLD TABLE AS purged
  FOR EACH STATEMENT EXECUTE FUNCTION element_history_purge();
