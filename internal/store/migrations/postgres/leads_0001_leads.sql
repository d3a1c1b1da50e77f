-- Leads from the car detail contact form and the outbox that mails each
-- lead to its dealer. submission_id (the form's formSubmissionId) is unique:
-- a repeated submit stores nothing new. Times are Unix milliseconds (UTC).
CREATE TABLE leads (
  id            BIGSERIAL PRIMARY KEY,
  site_name     TEXT    NOT NULL,
  submission_id TEXT    NOT NULL UNIQUE,
  form_name     TEXT    NOT NULL,
  car_id        BIGINT  NOT NULL,
  doc           TEXT    NOT NULL, -- the form values as JSON
  created_at    BIGINT  NOT NULL
);

-- One row per e-mail to send. A worker claims due rows by moving
-- next_attempt_at forward (a lease), sends, then sets sent_at; a failure
-- backs off exponentially. Nothing is deleted, so a mail server outage
-- loses nothing.
CREATE TABLE leads_outbox (
  id              BIGSERIAL PRIMARY KEY,
  lead_id         BIGINT  NOT NULL REFERENCES leads (id),
  to_addr         TEXT    NOT NULL,
  subject         TEXT    NOT NULL,
  body            TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT  NOT NULL,
  sent_at         BIGINT,
  last_error      TEXT    NOT NULL DEFAULT '',
  created_at      BIGINT  NOT NULL
);
CREATE INDEX leads_outbox_due ON leads_outbox (next_attempt_at) WHERE sent_at IS NULL;
