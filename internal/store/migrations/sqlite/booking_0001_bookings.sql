-- Workshop days: one row per department and local day that has bookings.
-- Booking takes this row's lock (on SQLite the whole write transaction,
-- BEGIN IMMEDIATE) before it re-checks capacity.
CREATE TABLE booking_days (
    department_id TEXT NOT NULL,
    day           TEXT NOT NULL, -- local date YYYY-MM-DD in the workshop's zone
    bookings      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (department_id, day)
);

CREATE TABLE booking_bookings (
    id              TEXT PRIMARY KEY,           -- BK-7F3K9Q
    flow            TEXT NOT NULL,              -- service | wheelchange
    department_id   TEXT NOT NULL,
    day             TEXT NOT NULL,              -- local date in zone
    starts_at       TEXT NOT NULL,              -- UTC instant, RFC 3339
    zone            TEXT NOT NULL,              -- IANA zone of the workshop
    full_day        INTEGER NOT NULL,
    minutes         INTEGER NOT NULL,
    status          TEXT NOT NULL,              -- booked | cancelled
    idempotency_key TEXT UNIQUE,
    fingerprint     TEXT NOT NULL,
    cancel_token    TEXT NOT NULL,
    reg             TEXT NOT NULL,
    mileage         INTEGER NOT NULL,
    first_name      TEXT NOT NULL,
    last_name       TEXT NOT NULL,
    phone           TEXT NOT NULL,
    email           TEXT NOT NULL,
    free_text       TEXT NOT NULL,
    items           TEXT NOT NULL,              -- JSON array of items
    created_at      TEXT NOT NULL,
    cancelled_at    TEXT
);
CREATE INDEX booking_bookings_day ON booking_bookings (department_id, day, status);
CREATE INDEX booking_bookings_email ON booking_bookings (email);
