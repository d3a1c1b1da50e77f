-- Changing a booking's time: every change and the
-- cancellation raise sequence, the SEQUENCE of its calendar file, so a
-- calendar replaces the event it has (same UID). changed_at is the last.
ALTER TABLE booking_bookings ADD COLUMN sequence INTEGER NOT NULL DEFAULT 0;
ALTER TABLE booking_bookings ADD COLUMN changed_at TEXT;
