-- Submissions of the form-builder forms (POST /api/jotform) kept by the
-- built-in store. submission_id is unique: a resend stores nothing new.
-- email is the first e-mail answer, lower-cased (GDPR export and erase).
CREATE TABLE form_submissions (
  id            BIGSERIAL PRIMARY KEY,
  site_name     TEXT   NOT NULL,
  form_id       TEXT   NOT NULL,
  submission_id TEXT   NOT NULL UNIQUE,
  email         TEXT   NOT NULL DEFAULT '',
  answers       TEXT   NOT NULL, -- the answers as JSON
  created_at    BIGINT NOT NULL
);
CREATE INDEX form_submissions_email ON form_submissions (email);
