-- Workshop days: one row per department and local day that has bookings.
-- Booking locks this row (SELECT … FOR UPDATE) before it re-checks capacity.
CREATE TABLE booking_days (
    department_id TEXT NOT NULL,
    day           TEXT NOT NULL, -- local date YYYY-MM-DD in the workshop's zone
    bookings      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (department_id, day)
);

CREATE TABLE booking_bookings (
    id              TEXT PRIMARY KEY,
    flow            TEXT NOT NULL,
    department_id   TEXT NOT NULL,
    day             TEXT NOT NULL,
    starts_at       TIMESTAMPTZ NOT NULL,
    zone            TEXT NOT NULL,
    full_day        BOOLEAN NOT NULL,
    minutes         INTEGER NOT NULL,
    status          TEXT NOT NULL,
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
    items           TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    cancelled_at    TIMESTAMPTZ
);
CREATE INDEX booking_bookings_day ON booking_bookings (department_id, day, status);
CREATE INDEX booking_bookings_email ON booking_bookings (email);
