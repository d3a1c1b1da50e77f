-- Owner reminders: a customer who ticked the box when booking a
-- service or a wheel change gets one mail when the car is due again. The
-- row is written in the booking's transaction; the sweep marks it sent in
-- the transaction that queues the mail, so it is mailed exactly once.
CREATE TABLE reminders (
    id                TEXT PRIMARY KEY,          -- RM-7F3K9QX
    booking_id        TEXT NOT NULL,             -- booking_bookings.id
    kind              TEXT NOT NULL,             -- service | tyreseason
    status            TEXT NOT NULL,             -- pending | sent | cancelled
    reason            TEXT NOT NULL DEFAULT '',  -- why cancelled: unsubscribed | booking-cancelled | superseded
    email             TEXT NOT NULL,
    first_name        TEXT NOT NULL,
    reg               TEXT NOT NULL,
    place             TEXT NOT NULL,             -- locality the link fills in (plats)
    department_id     TEXT NOT NULL,
    site              TEXT NOT NULL,             -- forecourt site: language and zone
    lang              TEXT NOT NULL,
    zone              TEXT NOT NULL,             -- IANA zone the due time was computed in
    season            TEXT NOT NULL DEFAULT '',  -- winter | summer (tyreseason)
    origin            TEXT NOT NULL,             -- public origin for the mail's links
    due_at            INTEGER NOT NULL,          -- Unix ms
    created_at        INTEGER NOT NULL,
    sent_at           INTEGER,
    cancelled_at      INTEGER,
    unsubscribe_nonce TEXT UNIQUE                -- names the reminder in its signed unsubscribe token
);
CREATE INDEX reminders_due ON reminders (status, due_at);
CREATE INDEX reminders_booking ON reminders (booking_id);
CREATE INDEX reminders_email ON reminders (email);
