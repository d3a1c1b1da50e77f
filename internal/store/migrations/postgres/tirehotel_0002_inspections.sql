-- A workshop's inspection of a car's stored tyres after a wheel change:
-- the tread depths by position (JSON {"VF":6.5,…}), the overall status
-- (ok, replace_soon, replace), a note and who recorded it. The latest one
-- is also written into tirehotel_tyres, which the customer's portal shows.
-- Times are Unix milliseconds (UTC).
CREATE TABLE tirehotel_inspections (
  id           TEXT    PRIMARY KEY,
  reg_no       TEXT    NOT NULL REFERENCES tirehotel_vehicles (reg_no) ON DELETE CASCADE,
  agreement_id BIGINT  NOT NULL,
  tread        TEXT    NOT NULL,
  status       TEXT    NOT NULL,
  note         TEXT    NOT NULL,
  created_by   TEXT    NOT NULL,
  created_at   BIGINT  NOT NULL
);
CREATE INDEX tirehotel_inspections_reg ON tirehotel_inspections (reg_no, created_at);
