-- The sales leads inbox. dealer_site_id is the dealer site a lead went to
-- (the car's dealer, the dealer a visitor picked, the Norwegian form's
-- dealer; 0 when it went to the site as a whole), set when the lead is
-- stored; existing car leads take their car's dealer, others the siteId
-- they carry. lead_work is the sales work of a lead of any form (ref
-- "L<leads.id>" or "F<form_submissions.id>"): status new → contacted →
-- won / lost and the assignee; lead_notes are the sellers' notes. Both go
-- with the lead in a GDPR erasure. Times are Unix milliseconds (UTC).
ALTER TABLE leads ADD COLUMN dealer_site_id BIGINT NOT NULL DEFAULT 0;
UPDATE leads SET dealer_site_id = COALESCE(
  (SELECT c.car_site_id FROM catalog_cars c WHERE c.site_name = leads.site_name AND c.car_id = leads.car_id), 0)
  WHERE car_id > 0;
UPDATE leads SET dealer_site_id = CAST(doc::jsonb ->> 'siteId' AS BIGINT)
  WHERE doc::jsonb ->> 'siteId' ~ '^[0-9]{1,18}$';

CREATE TABLE lead_work (
  ref        TEXT    PRIMARY KEY,
  status     TEXT    NOT NULL,
  assignee   TEXT    NOT NULL DEFAULT '',
  updated_at BIGINT  NOT NULL,
  updated_by TEXT    NOT NULL
);

CREATE TABLE lead_notes (
  id         BIGSERIAL PRIMARY KEY,
  ref        TEXT    NOT NULL,
  account    TEXT    NOT NULL,
  body       TEXT    NOT NULL,
  created_at BIGINT  NOT NULL
);
CREATE INDEX lead_notes_ref ON lead_notes (ref, id);
CREATE INDEX leads_site_created ON leads (site_name, created_at);
CREATE INDEX form_submissions_site_created ON form_submissions (site_name, created_at);
