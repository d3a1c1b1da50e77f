-- The car of each test-drive booking (booking_bookings, flow 'testdrive'):
-- the forecourt site and the car's id in its catalogue. A car is driven by
-- one customer at a time; the check reads these rows under the sales
-- department's day lock.
CREATE TABLE testdrive_cars (
  booking_id TEXT   PRIMARY KEY,
  site_name  TEXT   NOT NULL,
  car_id     BIGINT NOT NULL
);
CREATE INDEX testdrive_cars_car ON testdrive_cars (site_name, car_id);
