-- Car stock, dealer sites and UK extra media of every forecourt site. The
-- document column holds the record as JSON (the search-index shape); the
-- other columns are what the store looks records up by. doc_hash lets an
-- import skip records that did not change.
CREATE TABLE catalog_cars (
  site_name  TEXT    NOT NULL,
  car_id     INTEGER NOT NULL,
  slug       TEXT    NOT NULL,
  car_regno  TEXT    NOT NULL DEFAULT '',
  car_site_id INTEGER NOT NULL DEFAULT 0,
  doc        TEXT    NOT NULL,
  doc_hash   TEXT    NOT NULL,
  updated_at TEXT    NOT NULL, -- RFC 3339, UTC
  PRIMARY KEY (site_name, car_id)
);
CREATE INDEX catalog_cars_slug ON catalog_cars (site_name, slug);
CREATE INDEX catalog_cars_regno ON catalog_cars (site_name, car_regno);
CREATE INDEX catalog_cars_updated ON catalog_cars (site_name, updated_at);

CREATE TABLE catalog_sites (
  site_name  TEXT    NOT NULL,
  site_id    INTEGER NOT NULL,
  slug       TEXT    NOT NULL,
  doc        TEXT    NOT NULL,
  doc_hash   TEXT    NOT NULL,
  updated_at TEXT    NOT NULL,
  PRIMARY KEY (site_name, site_id)
);
CREATE UNIQUE INDEX catalog_sites_slug ON catalog_sites (site_name, slug);

CREATE TABLE catalog_extra_media (
  site_name  TEXT NOT NULL,
  regno      TEXT NOT NULL, -- NormalizeRegno: upper case, no spaces
  doc        TEXT NOT NULL,
  doc_hash   TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (site_name, regno)
);
