package catalog

import (
	"context"
	"database/sql"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// CarChanges is what one write of cars changed for buyers: the cars that
// were not in the stock before and the cars whose asking price dropped.
type CarChanges struct {
	SiteName   string
	New        []int64
	PriceDrops []PriceDrop
}

// PriceDrop is a lower asking price of a car (in car_price_currency major units).
type PriceDrop struct {
	CarID int64   `json:"carId"`
	Old   float64 `json:"old"`
	New   float64 `json:"new"`
}

// Empty reports whether nothing changed for buyers.
func (c CarChanges) Empty() bool { return len(c.New) == 0 && len(c.PriceDrops) == 0 }

// CarsHook receives the CarChanges of a write inside its transaction tx
// (the caller records them with the write: one commits exactly when the
// other does). An error rolls the write back.
type CarsHook func(ctx context.Context, tx *sql.Tx, ch CarChanges) error

// AskingPrice is the price a buyer is asked: the campaign price while the
// car has one below its price, else car_price.
func (c *Car) AskingPrice() float64 {
	return askingPrice(c.CarPrice, c.CarCampaignPrice, c.CarHasCampaignPrice)
}

func askingPrice(price, campaign float64, hasCampaign bool) float64 {
	if hasCampaign && campaign > 0 && campaign < price {
		return campaign
	}
	return price
}

// askingPriceSQL reads the asking-price inputs out of the stored document.
var askingPriceSQL = map[store.Engine]string{
	store.SQLite: `SELECT car_id, json_extract(doc, '$.car_price'), json_extract(doc, '$.car_campaign_price'),
		json_extract(doc, '$.car_has_campaign_price') FROM catalog_cars WHERE site_name = ? AND car_id IN `,
	// doc is TEXT on PostgreSQL (catalog_0002): cast to read a field.
	store.Postgres: `SELECT car_id, (doc::jsonb->>'car_price')::float8, (doc::jsonb->>'car_campaign_price')::float8,
		(doc::jsonb->>'car_has_campaign_price')::boolean FROM catalog_cars WHERE site_name = ? AND car_id IN `,
}

// askingPrices returns the stored asking price of those of the car rows
// that are already in the stock of siteName, read inside tx before it
// writes them.
func (s *Store) askingPrices(ctx context.Context, tx *sql.Tx, siteName string, rows []docRow) (map[int64]float64, error) {
	out := make(map[int64]float64, len(rows))
	for start := 0; start < len(rows); start += batchRows {
		end := min(start+batchRows, len(rows))
		args := make([]any, 0, end-start+1)
		args = append(args, siteName)
		for _, r := range rows[start:end] {
			args = append(args, r.key[1])
		}
		q := askingPriceSQL[s.db.Engine] + `(?` + strings.Repeat(", ?", end-start-1) + `)`
		rows, err := tx.QueryContext(ctx, s.db.Rebind(q), args...)
		if err != nil {
			return nil, errs.Wrap(err, "read prices before the write")
		}
		for rows.Next() {
			var id int64
			var price, campaign sql.NullFloat64
			var has any
			if err := rows.Scan(&id, &price, &campaign, &has); err != nil {
				rows.Close()
				return nil, errs.Wrap(err, "read prices before the write")
			}
			out[id] = askingPrice(price.Float64, campaign.Float64, truthy(has))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, errs.Wrap(err, "read prices before the write")
		}
	}
	return out, nil
}

// truthy reads a JSON boolean as each driver returns it (SQLite's
// json_extract gives 0/1, PostgreSQL a bool).
func truthy(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case int64:
		return x != 0
	case float64:
		return x != 0
	case []byte:
		return string(x) == "1" || string(x) == "true"
	case string:
		return x == "1" || x == "true"
	}
	return false
}

// diffCars compares the asking prices stored before a write (before, by
// id; absent = not in stock) with the written car rows.
func diffCars(siteName string, before map[int64]float64, rows []docRow) CarChanges {
	ch := CarChanges{SiteName: siteName}
	seen := make(map[int64]bool, len(rows))
	// The last record of an id wins, as in carRows.
	for i := len(rows) - 1; i >= 0; i-- {
		id := rows[i].key[1].(int64)
		if seen[id] {
			continue
		}
		seen[id] = true
		old, had := before[id]
		switch now := rows[i].asking; {
		case !had:
			ch.New = append(ch.New, id)
		case now > 0 && now < old:
			ch.PriceDrops = append(ch.PriceDrops, PriceDrop{CarID: id, Old: old, New: now})
		}
	}
	return ch
}
