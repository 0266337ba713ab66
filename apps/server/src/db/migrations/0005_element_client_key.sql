-- A create may carry the client's own key for the element it makes (the map editor's local
-- key). A create sent again because its answer never came back (a timeout, a lost
-- connection, a reload) then answers the element the first one made instead of making a
-- second. Keys are the client's to choose, so they are unique per creating user and type;
-- the index is partial because most writes (imports, other tools) carry none.
ALTER TABLE network_elements ADD COLUMN client_key text;

CREATE UNIQUE INDEX network_elements_client_key
  ON network_elements (created_by, type, client_key) WHERE client_key IS NOT NULL;
