-- Saved searches of the car list and their alerts. A search is
-- created unconfirmed; only confirmed searches (confirmed_at set, double
-- opt-in) are matched against import diffs. Times are Unix milliseconds.
CREATE TABLE alerts_searches (
  id           TEXT    PRIMARY KEY,          -- random, public in signed tokens
  site_name    TEXT    NOT NULL,
  lang         TEXT    NOT NULL,
  origin       TEXT    NOT NULL,             -- https://host the mails link to
  list_path    TEXT    NOT NULL,             -- the car list path, language prefix included
  email        TEXT    NOT NULL,             -- lower-cased
  query        TEXT    NOT NULL,             -- canonical car-list query string
  label        TEXT    NOT NULL,             -- what the search is, in the site's language
  frequency    TEXT    NOT NULL,             -- daily | weekly
  created_at   BIGINT  NOT NULL,
  confirmed_at BIGINT,
  UNIQUE (site_name, email, query)
);
CREATE INDEX alerts_searches_email ON alerts_searches (email);
CREATE INDEX alerts_searches_site ON alerts_searches (site_name, confirmed_at);

-- One import diff: the new cars and price drops of one written batch of a
-- cars feed, recorded in the batch's transaction with the job that matches
-- it against the saved searches.
CREATE TABLE alerts_diffs (
  id         BIGSERIAL PRIMARY KEY,
  site_name  TEXT    NOT NULL,
  created_at BIGINT  NOT NULL,
  matched_at BIGINT
);
CREATE TABLE alerts_diff_cars (
  diff_id   BIGINT  NOT NULL,
  car_id    BIGINT  NOT NULL,
  kind      TEXT    NOT NULL,                -- new | drop
  old_price FLOAT8  NOT NULL DEFAULT 0,
  new_price FLOAT8  NOT NULL DEFAULT 0,
  PRIMARY KEY (diff_id, car_id)
);

-- What a saved search has to tell: a car of a diff that matched it. The key
-- makes matching a diff twice harmless; period is set in the transaction
-- that queues the digest mail listing the item.
CREATE TABLE alerts_items (
  search_id  TEXT    NOT NULL,
  diff_id    BIGINT  NOT NULL,
  car_id     BIGINT  NOT NULL,
  kind       TEXT    NOT NULL,
  old_price  FLOAT8  NOT NULL DEFAULT 0,
  new_price  FLOAT8  NOT NULL DEFAULT 0,
  created_at BIGINT  NOT NULL,
  period     TEXT,
  PRIMARY KEY (search_id, diff_id, car_id)
);
CREATE INDEX alerts_items_unsent ON alerts_items (search_id) WHERE period IS NULL;

-- One digest per search per period (a day or an ISO week in the site's
-- time zone): the key is what makes a second sweep or process send nothing.
CREATE TABLE alerts_digests (
  search_id TEXT    NOT NULL,
  period    TEXT    NOT NULL,
  cars      BIGINT  NOT NULL,
  sent_at   BIGINT  NOT NULL,
  PRIMARY KEY (search_id, period)
);
