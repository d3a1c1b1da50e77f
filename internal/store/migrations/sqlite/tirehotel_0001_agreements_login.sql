-- Tyre hotel: agreements with their vehicles and stored tyres, the one-time
-- code login (challenges, sessions), the SMS outbox, wheel-change bookings
-- and reviews. Times are Unix milliseconds (UTC). Mobile numbers and SMS
-- texts are AES-GCM sealed (phone_enc, to_enc, body_enc); lookups go through
-- HMACs (phone_mac, id_mac, token_hash), never through the values.
CREATE TABLE tirehotel_agreements (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  number      TEXT    NOT NULL UNIQUE,
  first_name  TEXT    NOT NULL,
  last_name   TEXT    NOT NULL,
  email       TEXT    NOT NULL,
  phone_enc   TEXT    NOT NULL,
  phone_mac   TEXT    NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX tirehotel_agreements_email ON tirehotel_agreements (lower(email));

CREATE TABLE tirehotel_vehicles (
  reg_no          TEXT    PRIMARY KEY,
  agreement_id    INTEGER NOT NULL REFERENCES tirehotel_agreements (id) ON DELETE CASCADE,
  sort            INTEGER NOT NULL,
  brand_code      TEXT    NOT NULL,
  brand           TEXT    NOT NULL,
  model           TEXT    NOT NULL,
  product_id      TEXT    NOT NULL,
  package_level   TEXT    NOT NULL,
  erp_id          TEXT    NOT NULL,
  department_id   TEXT    NOT NULL,
  location_name   TEXT    NOT NULL,
  department_name TEXT    NOT NULL,
  address         TEXT    NOT NULL,
  phone           TEXT    NOT NULL,
  email           TEXT    NOT NULL,
  latitude        REAL    NOT NULL,
  longitude       REAL    NOT NULL
);
CREATE INDEX tirehotel_vehicles_agreement ON tirehotel_vehicles (agreement_id, sort);

CREATE TABLE tirehotel_tyres (
  reg_no         TEXT    NOT NULL REFERENCES tirehotel_vehicles (reg_no) ON DELETE CASCADE,
  position       TEXT    NOT NULL,
  wheel_name     TEXT    NOT NULL,
  rim_diameter   INTEGER NOT NULL,
  section_width  INTEGER NOT NULL,
  aspect_ratio   INTEGER NOT NULL,
  tread_pattern  TEXT    NOT NULL,
  tread_depth    REAL    NOT NULL,
  status_id      INTEGER NOT NULL,
  status_message TEXT    NOT NULL,
  PRIMARY KEY (reg_no, position)
);

-- A code challenge. id_mac is the HMAC of the authorization token handed
-- to the browser, code_mac the HMAC of the code; used_at and locked_at end it.
CREATE TABLE tirehotel_challenges (
  id_mac       TEXT    PRIMARY KEY,
  agreement_id INTEGER NOT NULL REFERENCES tirehotel_agreements (id) ON DELETE CASCADE,
  phone_mac    TEXT    NOT NULL,
  client_mac   TEXT    NOT NULL,
  code_mac     TEXT    NOT NULL,
  attempts     INTEGER NOT NULL DEFAULT 0,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  used_at      INTEGER,
  locked_at    INTEGER,
  superseded   INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tirehotel_challenges_phone ON tirehotel_challenges (phone_mac, created_at);
CREATE INDEX tirehotel_challenges_client ON tirehotel_challenges (client_mac, created_at);
CREATE INDEX tirehotel_challenges_agreement ON tirehotel_challenges (agreement_id);

CREATE TABLE tirehotel_sessions (
  token_hash   TEXT    PRIMARY KEY,
  agreement_id INTEGER NOT NULL REFERENCES tirehotel_agreements (id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
);
CREATE INDEX tirehotel_sessions_expires ON tirehotel_sessions (expires_at);

-- SMS to send. A worker claims due rows by moving next_attempt_at forward
-- (a lease), sends, then sets sent_at; failures back off. A message whose
-- expires_at passed is given up (the code in it is dead by then).
CREATE TABLE tirehotel_sms_outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  to_enc          TEXT    NOT NULL,
  phone_mac       TEXT    NOT NULL,
  body_enc        TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  expires_at      INTEGER NOT NULL,
  sent_at         INTEGER,
  given_up_at     INTEGER,
  last_error      TEXT    NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL
);
CREATE INDEX tirehotel_sms_outbox_due ON tirehotel_sms_outbox (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL;

-- Wheel-change bookings made in the portal (the capacity lives in the
-- booking engine under booking_ref) and their reviews.
CREATE TABLE tirehotel_bookings (
  confirmation_id TEXT    PRIMARY KEY,
  booking_ref     TEXT    NOT NULL,
  agreement_id    INTEGER NOT NULL REFERENCES tirehotel_agreements (id) ON DELETE CASCADE,
  reg_no          TEXT    NOT NULL,
  erp_id          TEXT    NOT NULL,
  doc             TEXT    NOT NULL, -- the confirmation as JSON
  email           TEXT    NOT NULL,
  created_at      INTEGER NOT NULL
);
CREATE INDEX tirehotel_bookings_agreement ON tirehotel_bookings (agreement_id);
CREATE INDEX tirehotel_bookings_email ON tirehotel_bookings (lower(email));

CREATE TABLE tirehotel_reviews (
  confirmation_id TEXT    PRIMARY KEY REFERENCES tirehotel_bookings (confirmation_id) ON DELETE CASCADE,
  rating          INTEGER NOT NULL,
  comment         TEXT    NOT NULL,
  review_date     TEXT    NOT NULL,
  created_at      INTEGER NOT NULL
);
