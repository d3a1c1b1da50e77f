-- Small settings that the server keeps between starts (e.g. the seed marker).
CREATE TABLE kv (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
