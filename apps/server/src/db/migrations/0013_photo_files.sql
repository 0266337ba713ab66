-- Scan photos as files (issue 25, finding 5): the bytes of a new photo live under
-- DATA_DIR/photos/<aa>/<sha256>, the row keeps where, its hash, its size and its type. Photos
-- stored before stay in `bytes` and are served from there; a row has exactly one of the two.
ALTER TABLE qr_tag_photos ALTER COLUMN bytes DROP NOT NULL;
ALTER TABLE qr_tag_photos ADD COLUMN file text;
ALTER TABLE qr_tag_photos ADD COLUMN sha256 text;
ALTER TABLE qr_tag_photos ADD COLUMN size integer;
UPDATE qr_tag_photos SET sha256 = encode(sha256(bytes), 'hex'), size = octet_length(bytes);
ALTER TABLE qr_tag_photos ALTER COLUMN sha256 SET NOT NULL;
ALTER TABLE qr_tag_photos ALTER COLUMN size SET NOT NULL;
ALTER TABLE qr_tag_photos ADD CONSTRAINT qr_tag_photos_stored_once
  CHECK ((bytes IS NULL) <> (file IS NULL));
-- Quotas sum a user's photos; a deleted file is kept while another row names its hash.
CREATE INDEX qr_tag_photos_uploader_idx ON qr_tag_photos (uploaded_by);
CREATE INDEX qr_tag_photos_sha256_idx ON qr_tag_photos (sha256);

-- When a tag was created: a scan cannot be older (finding 14). Tags made before this migration
-- take their template's creation time.
ALTER TABLE qr_tags ADD COLUMN created_at timestamptz;
UPDATE qr_tags t SET created_at = q.created_at FROM qr_templates q WHERE q.id = t.qr_template_id;
ALTER TABLE qr_tags ALTER COLUMN created_at SET DEFAULT now();
ALTER TABLE qr_tags ALTER COLUMN created_at SET NOT NULL;
