-- The one outbox of every mail the product sends (leads, bookings, tyre
-- hotel, forms). A mail is queued in the same transaction as the data it
-- is about, so it exists exactly when that data does. A worker claims due
-- rows by moving next_attempt_at forward (a lease), sends, then sets
-- sent_at; a failure backs off exponentially. Times are Unix milliseconds.
CREATE TABLE mail_outbox (
  id              BIGSERIAL PRIMARY KEY,
  kind            TEXT    NOT NULL,            -- lead, booking, wheelchange, form, …
  ref             TEXT    NOT NULL DEFAULT '', -- domain reference, e.g. booking:BK-123
  to_addr         TEXT    NOT NULL,
  subject         TEXT    NOT NULL,
  doc             TEXT    NOT NULL,            -- body, alternatives, headers, attachments as JSON
  attempts        BIGINT  NOT NULL DEFAULT 0,
  next_attempt_at BIGINT  NOT NULL,
  sent_at         BIGINT,
  last_error      TEXT    NOT NULL DEFAULT '',
  created_at      BIGINT  NOT NULL
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX mail_outbox_to ON mail_outbox (to_addr);
