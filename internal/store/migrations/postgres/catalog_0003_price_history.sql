-- Every asking price a car had, as imports saw it: the first price when the
-- car arrived and one row per change after that. The car page draws it and
-- the list marks recent drops. Rows go with their car when a full feed
-- removes it.
CREATE TABLE catalog_price_history (
  site_name  TEXT             NOT NULL,
  car_id     BIGINT           NOT NULL,
  changed_at BIGINT           NOT NULL, -- Unix milliseconds
  price      DOUBLE PRECISION NOT NULL, -- asking price in car_price_currency major units
  PRIMARY KEY (site_name, car_id, changed_at)
);

-- The fair-price model of each forecourt site, fitted on its own stock at
-- every import (catalog.FitPriceModel), as JSON.
CREATE TABLE catalog_price_models (
  site_name TEXT        NOT NULL PRIMARY KEY,
  model     TEXT        NOT NULL,
  fitted_at BIGINT      NOT NULL -- Unix seconds
);
