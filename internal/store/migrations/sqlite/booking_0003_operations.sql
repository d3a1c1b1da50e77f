-- The workshop's own operations: a cancellation's reason, the time of the
-- last status change (arrived, done, no-show), opening hours and capacity
-- per weekday, closures, and the change table that carries live events to
-- every process of one store.
ALTER TABLE booking_bookings ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
-- The car as the booking knew it (brand, model, year as JSON), for the
-- workshop's calendar; '' for bookings made before.
ALTER TABLE booking_bookings ADD COLUMN car TEXT NOT NULL DEFAULT '';
ALTER TABLE booking_bookings ADD COLUMN updated_at TEXT;

-- One row per department and weekday (1 Monday … 7 Sunday), seeded from
-- the dealer site's schedule; open_min = close_min = 0 is a closed weekday.
-- capacity is the jobs that can run at once (bays); day_minutes the
-- mechanic minutes of the day for online bookings.
CREATE TABLE booking_hours (
    department_id TEXT NOT NULL,
    weekday       INTEGER NOT NULL,
    open_min      INTEGER NOT NULL,
    close_min     INTEGER NOT NULL,
    capacity      INTEGER NOT NULL,
    day_minutes   INTEGER NOT NULL,
    updated_at    TEXT NOT NULL,
    updated_by    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (department_id, weekday)
);

-- A closure blocks [starts_at, ends_at) in the workshop's local wall
-- clock (YYYY-MM-DDTHH:MM:SS): a holiday, a closed day, a few hours.
CREATE TABLE booking_closures (
    id            TEXT PRIMARY KEY,
    department_id TEXT NOT NULL,
    starts_at     TEXT NOT NULL,
    ends_at       TEXT NOT NULL,
    reason        TEXT NOT NULL,
    created_by    TEXT NOT NULL,
    created_at    TEXT NOT NULL
);
CREATE INDEX booking_closures_dep ON booking_closures (department_id, starts_at);

-- Live events: written in the change's transaction, read by every
-- process's event hub in id order, pruned after a while.
CREATE TABLE booking_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    department_id TEXT NOT NULL,
    kind          TEXT NOT NULL,
    booking_id    TEXT NOT NULL DEFAULT '',
    created_at    TEXT NOT NULL
);
