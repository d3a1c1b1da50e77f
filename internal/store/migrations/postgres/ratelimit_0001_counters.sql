-- Rate-limit and throttling counters, kept in the store so limits hold
-- across restarts and across several server processes. One row per key:
-- the hits of its current fixed window. Times are Unix milliseconds.
CREATE TABLE ratelimit_counters (
  key          TEXT    PRIMARY KEY,
  window_start BIGINT  NOT NULL,
  hits         BIGINT  NOT NULL,
  expires_at   BIGINT  NOT NULL
);
CREATE INDEX ratelimit_counters_expiry ON ratelimit_counters (expires_at);
