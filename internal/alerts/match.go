package alerts

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"sync"
	"time"

	"forecourt/internal/catalogpages"
	"forecourt/internal/errs"
	"forecourt/internal/search"
	"forecourt/internal/site"
)

var (
	sitesOnce sync.Once
	sitesBy   map[string]*site.Site
)

// siteOf returns the site called name, or nil.
func siteOf(name string) *site.Site {
	sitesOnce.Do(func() {
		sitesBy = map[string]*site.Site{}
		for _, s := range site.All() {
			sitesBy[s.Name] = s
		}
	})
	return sitesBy[name]
}

// parseQuery reads a stored query string as the car list does.
func parseQuery(q string) catalogpages.ListQuery {
	v, _ := url.ParseQuery(q)
	return catalogpages.ParseListQuery(v)
}

// diffCar is one car of a recorded diff.
type diffCar struct {
	Item
}

// matchPage is how many searches MatchDiff reads at a time.
const matchPage = 500

// MatchDiff matches import diff diffID against every search of its site
// that was confirmed when the diff was recorded, and stores an item per
// matching car and search. Matching runs the car list's own query (the
// stored list state through catalogpages.ParseListQuery and its search
// filters) on an index of the diff's cars as they are now in the store,
// built with the search engine's vehicles schema, so a search matches
// exactly the cars its list shows. A price drop counts only while the
// car's asking price is still below the old one. Running it again for the
// same diff changes nothing. It returns how many items it stored.
func (s *Service) MatchDiff(ctx context.Context, diffID int64) (int, error) {
	var siteName string
	var created int64
	var matched sql.NullInt64
	err := s.DB.QueryRowContext(ctx, s.DB.Rebind(`SELECT site_name, created_at, matched_at FROM alerts_diffs WHERE id = ?`), diffID).
		Scan(&siteName, &created, &matched)
	if errors.Is(err, sql.ErrNoRows) || matched.Valid {
		return 0, nil // pruned or done
	}
	if err != nil {
		return 0, errs.Wrap(err, "read diff %d", diffID)
	}
	changes, err := s.diffCars(ctx, diffID)
	if err != nil {
		return 0, err
	}
	// The diff's cars as they are now; sold ones are left out.
	b, err := search.NewBuilder(search.VehiclesSchema(), len(changes))
	if err != nil {
		return 0, errs.Wrap(err, "match diff %d", diffID)
	}
	byCar := map[int64]Item{}
	for _, ch := range changes {
		c, err := s.Cars.Car(ctx, siteName, ch.CarID)
		if errs.Is(err, errs.NotFound) {
			continue
		}
		if err != nil {
			return 0, err
		}
		it := ch.Item
		if it.Kind == KindDrop {
			now := c.AskingPrice()
			if now <= 0 || now >= it.OldPrice {
				continue
			}
			it.NewPrice = now
		} else {
			it.NewPrice = c.AskingPrice()
		}
		if err := b.Add(&c); err != nil {
			s.log().Warn("alerts: car left out of matching", "site", siteName, "car", c.CarID, "err", err)
			continue
		}
		byCar[c.CarID] = it
	}
	ix, err := b.Finish()
	if err != nil {
		return 0, errs.Wrap(err, "match diff %d", diffID)
	}
	type hit struct {
		search string
		Item
	}
	var hits []hit
	if len(byCar) > 0 {
		after := ""
		for {
			rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT id, query FROM alerts_searches
				WHERE site_name = ? AND confirmed_at IS NOT NULL AND confirmed_at <= ? AND id > ? ORDER BY id LIMIT ?`),
				siteName, created, after, matchPage)
			if err != nil {
				return 0, errs.Wrap(err, "list searches of %s", siteName)
			}
			n := 0
			for rows.Next() {
				var id, q string
				if err := rows.Scan(&id, &q); err != nil {
					rows.Close()
					return 0, errs.Wrap(err, "list searches of %s", siteName)
				}
				n++
				after = id
				ids, err := Matches(ix, parseQuery(q))
				if err != nil {
					s.log().Warn("alerts: saved search does not run", "search", id, "err", err)
					continue
				}
				for _, car := range ids {
					hits = append(hits, hit{search: id, Item: byCar[car]})
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return 0, errs.Wrap(err, "list searches of %s", siteName)
			}
			if n < matchPage {
				break
			}
		}
	}
	now := ms(s.now())
	stored := 0
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_diffs SET matched_at = ? WHERE id = ? AND matched_at IS NULL`), now, diffID)
		if err != nil {
			return errs.Wrap(err, "mark diff %d matched", diffID)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // another run got here first
		}
		for _, h := range hits {
			res, err := tx.ExecContext(ctx, s.DB.Rebind(`INSERT INTO alerts_items (search_id, diff_id, car_id, kind, old_price, new_price, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (search_id, diff_id, car_id) DO NOTHING`),
				h.search, diffID, h.CarID, h.Kind, h.OldPrice, h.NewPrice, now)
			if err != nil {
				return errs.Wrap(err, "store alert item")
			}
			n, _ := res.RowsAffected()
			stored += int(n)
		}
		return nil
	})
	return stored, err
}

// Matches returns the ids of the cars of ix that the car list state q
// shows, in index order.
func Matches(ix *search.Index, q catalogpages.ListQuery) ([]int64, error) {
	if ix.Len() == 0 {
		return nil, nil
	}
	var out []int64
	for offset := 0; offset < ix.Len(); offset += search.MaxLimit {
		res, err := ix.Search(search.Query{Keyphrase: q.Keyphrase, Filters: q.SearchFilters(),
			Fields: []string{"car_id"}, Limit: search.MaxLimit, Offset: offset})
		if err != nil {
			return nil, err
		}
		for _, d := range res.Content {
			switch v := d["car_id"].(type) {
			case float64:
				out = append(out, int64(v))
			case int64:
				out = append(out, v)
			case int:
				out = append(out, int64(v))
			}
		}
		if len(res.Content) < search.MaxLimit {
			break
		}
	}
	return out, nil
}

func (s *Service) diffCars(ctx context.Context, diffID int64) ([]diffCar, error) {
	rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT car_id, kind, old_price, new_price FROM alerts_diff_cars WHERE diff_id = ? ORDER BY car_id`), diffID)
	if err != nil {
		return nil, errs.Wrap(err, "read diff %d", diffID)
	}
	defer rows.Close()
	var out []diffCar
	for rows.Next() {
		var c diffCar
		if err := rows.Scan(&c.CarID, &c.Kind, &c.OldPrice, &c.NewPrice); err != nil {
			return nil, errs.Wrap(err, "read diff %d", diffID)
		}
		out = append(out, c)
	}
	return out, errs.Wrap(rows.Err(), "read diff %d", diffID)
}

// PendingDiffs returns up to limit ids of the diffs not matched yet, oldest first.
func (s *Service) PendingDiffs(ctx context.Context, limit int) ([]int64, error) {
	return s.unmatched(ctx, s.now().Add(time.Hour), limit)
}

// staleDiffs returns the diffs recorded before t and still unmatched (their
// match job was lost: recorded by a process without a queue).
func (s *Service) staleDiffs(ctx context.Context, t time.Time) ([]int64, error) {
	return s.unmatched(ctx, t, 1000)
}

func (s *Service) unmatched(ctx context.Context, before time.Time, limit int) ([]int64, error) {
	rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT id FROM alerts_diffs WHERE matched_at IS NULL AND created_at < ? ORDER BY id LIMIT ?`), ms(before), limit)
	if err != nil {
		return nil, errs.Wrap(err, "list pending diffs")
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, errs.Wrap(err, "list pending diffs")
		}
		out = append(out, id)
	}
	return out, errs.Wrap(rows.Err(), "list pending diffs")
}
