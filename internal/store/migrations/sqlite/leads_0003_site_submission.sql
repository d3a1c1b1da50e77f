-- A formSubmissionId is unique per site, not across all sites: the same id
-- sent to another site is that site's own lead, while a
-- repeated submit to the same site still stores nothing new.
--
-- SQLite cannot drop a column's UNIQUE, so leads is rebuilt. Its child
-- leads_outbox is set aside first (foreign keys stay on inside the
-- migration's transaction, and dropping a parent with children would fail),
-- then restored against the new table with the same ids.
CREATE TABLE leads_new (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  site_name     TEXT    NOT NULL,
  submission_id TEXT    NOT NULL,
  form_name     TEXT    NOT NULL,
  car_id        INTEGER NOT NULL,
  doc           TEXT    NOT NULL, -- the form values as JSON
  created_at    INTEGER NOT NULL,
  email         TEXT    NOT NULL DEFAULT '',
  recipient     TEXT    NOT NULL DEFAULT ''
);
INSERT INTO leads_new (id, site_name, submission_id, form_name, car_id, doc, created_at, email, recipient)
  SELECT id, site_name, submission_id, form_name, car_id, doc, created_at, email, recipient FROM leads;
CREATE TABLE leads_outbox_keep AS SELECT * FROM leads_outbox;
DROP TABLE leads_outbox;
DROP TABLE leads;
ALTER TABLE leads_new RENAME TO leads;
CREATE UNIQUE INDEX leads_site_submission ON leads (site_name, submission_id);
CREATE INDEX leads_email ON leads (email);
CREATE TABLE leads_outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id         INTEGER NOT NULL REFERENCES leads (id),
  to_addr         TEXT    NOT NULL,
  subject         TEXT    NOT NULL,
  body            TEXT    NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  sent_at         INTEGER,
  last_error      TEXT    NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL
);
INSERT INTO leads_outbox (id, lead_id, to_addr, subject, body, attempts, next_attempt_at, sent_at, last_error, created_at)
  SELECT id, lead_id, to_addr, subject, body, attempts, next_attempt_at, sent_at, last_error, created_at FROM leads_outbox_keep;
DROP TABLE leads_outbox_keep;
CREATE INDEX leads_outbox_due ON leads_outbox (next_attempt_at) WHERE sent_at IS NULL;
