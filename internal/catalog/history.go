package catalog

import (
	"context"
	"database/sql"
	"sort"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// RecentDropDays is how long a price drop marks a car as recently
// reduced ('Sänkt pris' on its card, the list's "recently reduced" filter).
const RecentDropDays = 30

// maxHistoryPoints bounds the price points a car's document carries (the
// latest ones): the chart and the list stay small however often a feed
// changes a price.
const maxHistoryPoints = 24

// PricePoint is an asking price a car had from Date (YYYY-MM-DD, in UTC)
// on, in car_price_currency major units.
type PricePoint struct {
	Date  string  `json:"date"`
	Price float64 `json:"price"`
}

// PriceCut is a drop of the asking price: how much (major units) and on
// which date (YYYY-MM-DD).
type PriceCut struct {
	Amount float64 `json:"amount"`
	Date   string  `json:"date"`
}

// pricePoint is a recorded asking price at a time (Unix milliseconds).
type pricePoint struct {
	At    int64
	Price float64
}

// priceChanges lists the asking prices to record for a write: the first
// price of a car not stored before and every changed asking price.
func priceChanges(before map[int64]float64, rows []docRow) map[int64]float64 {
	out := map[int64]float64{}
	seen := make(map[int64]bool, len(rows))
	for i := len(rows) - 1; i >= 0; i-- {
		id := rows[i].key[1].(int64)
		if seen[id] {
			continue
		}
		seen[id] = true
		now := rows[i].asking
		if now <= 0 {
			continue
		}
		if old, had := before[id]; !had || old != now {
			out[id] = now
		}
	}
	return out
}

var insertPriceSQL = map[store.Engine]string{
	store.SQLite: `INSERT INTO catalog_price_history (site_name, car_id, changed_at, price) VALUES (?, ?, ?, ?)
		ON CONFLICT (site_name, car_id, changed_at) DO UPDATE SET price = excluded.price`,
	store.Postgres: `INSERT INTO catalog_price_history (site_name, car_id, changed_at, price) VALUES (?, ?, ?, ?)
		ON CONFLICT (site_name, car_id, changed_at) DO UPDATE SET price = EXCLUDED.price`,
}

// recordPrices writes prices (car id → asking price) of siteName at time
// at inside tx, in car id order.
func (s *Store) recordPrices(ctx context.Context, tx *sql.Tx, siteName string, at time.Time, prices map[int64]float64) error {
	if len(prices) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(prices))
	for id := range prices {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	stmt, err := tx.PrepareContext(ctx, s.db.Rebind(insertPriceSQL[s.db.Engine]))
	if err != nil {
		return errs.Wrap(err, "record prices")
	}
	defer stmt.Close()
	for _, id := range ids {
		if _, err := stmt.ExecContext(ctx, siteName, id, at.UnixMilli(), prices[id]); err != nil {
			return errs.Wrap(err, "record price of car %d", id)
		}
	}
	return nil
}

// priceHistories returns the recorded asking prices of every car of
// siteName, oldest first per car.
func (s *Store) priceHistories(ctx context.Context, siteName string) (map[int64][]pricePoint, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT car_id, changed_at, price FROM catalog_price_history
		WHERE site_name = ? ORDER BY car_id, changed_at`), siteName)
	if err != nil {
		return nil, errs.Wrap(err, "read price history of %s", siteName)
	}
	defer rows.Close()
	out := map[int64][]pricePoint{}
	for rows.Next() {
		var id int64
		var p pricePoint
		if err := rows.Scan(&id, &p.At, &p.Price); err != nil {
			return nil, errs.Wrap(err, "read price history of %s", siteName)
		}
		out[id] = append(out[id], p)
	}
	return out, errs.Wrap(rows.Err(), "read price history of %s", siteName)
}

// PriceHistory returns the recorded asking prices of one car, oldest first
// (empty when none were recorded).
func (s *Store) PriceHistory(ctx context.Context, siteName string, carID int64) ([]PricePoint, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT changed_at, price FROM catalog_price_history
		WHERE site_name = ? AND car_id = ? ORDER BY changed_at`), siteName, carID)
	if err != nil {
		return nil, errs.Wrap(err, "read price history of car %d", carID)
	}
	defer rows.Close()
	var pts []pricePoint
	for rows.Next() {
		var p pricePoint
		if err := rows.Scan(&p.At, &p.Price); err != nil {
			return nil, errs.Wrap(err, "read price history of car %d", carID)
		}
		pts = append(pts, p)
	}
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "read price history of car %d", carID)
	}
	return historyPoints(pts), nil
}

// deleteOrphanPrices removes the price history of cars of siteName that
// are no longer in its stock.
func (s *Store) deleteOrphanPrices(ctx context.Context, siteName string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM catalog_price_history WHERE site_name = ?
		AND car_id NOT IN (SELECT car_id FROM catalog_cars WHERE site_name = ?)`), siteName, siteName)
	return errs.Wrap(err, "remove price history of removed cars")
}

func day(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02") }

// historyPoints is the document form of recorded prices: the latest
// maxHistoryPoints, one per day (the day's last price).
func historyPoints(pts []pricePoint) []PricePoint {
	var out []PricePoint
	for _, p := range pts {
		d := day(p.At)
		if n := len(out); n > 0 && out[n-1].Date == d {
			out[n-1].Price = p.Price
			continue
		}
		out = append(out, PricePoint{Date: d, Price: p.Price})
	}
	if len(out) > maxHistoryPoints {
		out = out[len(out)-maxHistoryPoints:]
	}
	return out
}

// fillPriceHistory sets the car's price history fields from its recorded
// prices (oldest first) as of now: the history, and the last change when
// it was a drop within RecentDropDays.
func fillPriceHistory(c *Car, pts []pricePoint, now time.Time) {
	c.CarPriceHistory, c.CarPriceDrop, c.CarPriceDropped, c.CarPriceDropDate = nil, nil, "", 0
	if len(pts) == 0 {
		return
	}
	c.CarPriceHistory = historyPoints(pts)
	// The last change of the price (equal neighbours are not changes).
	for i := len(pts) - 1; i > 0; i-- {
		if pts[i].Price == pts[i-1].Price {
			continue
		}
		if pts[i].Price < pts[i-1].Price && pts[i].At >= now.Add(-RecentDropDays*24*time.Hour).UnixMilli() && pts[i].At <= now.UnixMilli() {
			c.CarPriceDrop = &PriceCut{Amount: pts[i-1].Price - pts[i].Price, Date: day(pts[i].At)}
			c.CarPriceDropped = "recent"
			c.CarPriceDropDate = pts[i].At / 1000
		}
		return
	}
}

// PriceChange is one asking price of a car from a moment on.
type PriceChange struct {
	CarID int64
	At    time.Time
	Price float64
}

// HasPriceHistory reports whether siteName has any recorded prices.
func (s *Store) HasPriceHistory(ctx context.Context, siteName string) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT count(*) FROM catalog_price_history WHERE site_name = ?`), siteName).Scan(&n); err != nil {
		return false, errs.Wrap(err, "count price history of %s", siteName)
	}
	return n > 0, nil
}

// WritePriceHistory records points of siteName's cars in one transaction
// (the demo seed's believable history; imports record their own changes).
func (s *Store) WritePriceHistory(ctx context.Context, siteName string, points []PriceChange) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, s.db.Rebind(insertPriceSQL[s.db.Engine]))
		if err != nil {
			return errs.Wrap(err, "write price history")
		}
		defer stmt.Close()
		for _, p := range points {
			if _, err := stmt.ExecContext(ctx, siteName, p.CarID, p.At.UnixMilli(), p.Price); err != nil {
				return errs.Wrap(err, "write price history of car %d", p.CarID)
			}
		}
		return nil
	})
}
