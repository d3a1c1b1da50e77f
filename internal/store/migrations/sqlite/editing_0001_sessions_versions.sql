-- Editing mode: editor sessions (token stored hashed) and field versions.
CREATE TABLE editing_sessions (
  token_hash TEXT PRIMARY KEY,
  editor     TEXT NOT NULL,
  csrf       TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX editing_sessions_expires ON editing_sessions (expires_at);

-- One row per saved field value. The newest row of a field is its draft;
-- the newest row with published_at set is what visitors see.
CREATE TABLE editing_field_versions (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  site         TEXT NOT NULL,
  item_id      TEXT NOT NULL,
  target       TEXT NOT NULL,
  lang         TEXT NOT NULL,
  field        TEXT NOT NULL,
  kind         TEXT NOT NULL,
  value        TEXT NOT NULL,
  editor       TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  published_at TEXT
);
CREATE INDEX editing_field_versions_field ON editing_field_versions (site, lang, target, field, id);
CREATE INDEX editing_field_versions_item ON editing_field_versions (site, item_id, lang, published_at);
