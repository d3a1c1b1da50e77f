-- Catalog documents are written and read whole by the server and never
-- queried inside: stored as TEXT (as in SQLite), an import spends no time on
-- parsing each document into JSONB and compressing the binary form, and a
-- read returns the bytes written instead of re-serialising them. Measured
-- on 20 500 demo cars: INSERT of the documents as JSONB 13.0 s, as TEXT
-- 1.8 s (docs/performance.md).
ALTER TABLE catalog_cars ALTER COLUMN doc TYPE TEXT USING doc::text;
ALTER TABLE catalog_sites ALTER COLUMN doc TYPE TEXT USING doc::text;
ALTER TABLE catalog_extra_media ALTER COLUMN doc TYPE TEXT USING doc::text;
