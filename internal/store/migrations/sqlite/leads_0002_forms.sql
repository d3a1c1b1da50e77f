-- Every lead form (sell / trade-in, Norwegian service request, car forms)
-- shares the leads table: email is the visitor's address, lower-cased, for
-- GDPR export and erase; recipient is the dealer address the server chose.
ALTER TABLE leads ADD COLUMN email TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN recipient TEXT NOT NULL DEFAULT '';
UPDATE leads SET email = lower(COALESCE(json_extract(doc, '$.email'), ''));
CREATE INDEX leads_email ON leads (email);

-- Form tickets used by a submission: a ticket is good for one
-- formSubmissionId (the spam defence's minimum fill time). Rows older than
-- a ticket's lifetime are pruned.
CREATE TABLE form_tickets_used (
  nonce         TEXT    PRIMARY KEY,
  submission_id TEXT    NOT NULL,
  used_at       INTEGER NOT NULL
);
CREATE INDEX form_tickets_used_at ON form_tickets_used (used_at);
