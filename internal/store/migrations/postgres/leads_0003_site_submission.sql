-- A formSubmissionId is unique per site, not across all sites: the same id
-- sent to another site is that site's own lead, while a
-- repeated submit to the same site still stores nothing new.
ALTER TABLE leads DROP CONSTRAINT leads_submission_id_key;
CREATE UNIQUE INDEX leads_site_submission ON leads (site_name, submission_id);
