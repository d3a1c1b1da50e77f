-- Staff accounts (editor, workshop, sales, admin) and the audit log of
-- their actions. Sessions are the editing sessions (editing_sessions: one
-- session table, its editor column names the account). departments and
-- sites are JSON arrays of ids and names ("*" for every one). source says
-- where the account came from: "env" (EDITOR_ACCOUNTS / STAFF_ACCOUNTS,
-- env_hash is the hash the environment last gave) or "admin" (added in the
-- staff UI). Times are Unix milliseconds (UTC).
CREATE TABLE staff_accounts (
  name         TEXT    PRIMARY KEY,
  role         TEXT    NOT NULL,
  departments  TEXT    NOT NULL DEFAULT '[]',
  sites        TEXT    NOT NULL DEFAULT '[]',
  hash         TEXT    NOT NULL,
  env_hash     TEXT    NOT NULL DEFAULT '',
  source       TEXT    NOT NULL,
  disabled     INTEGER NOT NULL DEFAULT 0,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);

CREATE TABLE staff_audit (
  id       INTEGER PRIMARY KEY AUTOINCREMENT,
  at       INTEGER NOT NULL,
  account  TEXT    NOT NULL,
  action   TEXT    NOT NULL,
  subject  TEXT    NOT NULL DEFAULT '',
  detail   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX staff_audit_at ON staff_audit (at);
CREATE INDEX staff_audit_account ON staff_audit (account, at);
