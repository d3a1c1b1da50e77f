package alerts

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// Period names the digest period of f that contains now in loc: the local
// date ("2026-11-26") for Daily, the ISO week ("2026-W48") for Weekly. A
// search gets at most one digest per period.
func Period(f Frequency, now time.Time, loc *time.Location) string {
	t := now.In(loc)
	if f == Weekly {
		y, w := t.ISOWeek()
		return fmt.Sprintf("%04d-W%02d", y, w)
	}
	return t.Format("2006-01-02")
}

// DueDigest is a digest to build: a search and its current period.
type DueDigest struct {
	SearchID, Period string
}

// DueDigests lists the digests due at now: confirmed searches with unsent
// items, in their site's time zone from DigestHour on, with the period
// each is in. A period that already has its digest is listed too and
// sends nothing (BuildDigest claims it).
func (s *Service) DueDigests(ctx context.Context) ([]DueDigest, error) {
	now := s.now()
	rows, err := s.DB.QueryContext(ctx, `SELECT DISTINCT s.id, s.site_name, s.frequency FROM alerts_searches s
		JOIN alerts_items i ON i.search_id = s.id AND i.period IS NULL WHERE s.confirmed_at IS NOT NULL ORDER BY s.id`)
	if err != nil {
		return nil, errs.Wrap(err, "list due digests")
	}
	defer rows.Close()
	var out []DueDigest
	for rows.Next() {
		var id, siteName string
		var f Frequency
		if err := rows.Scan(&id, &siteName, &f); err != nil {
			return nil, errs.Wrap(err, "list due digests")
		}
		st := siteOf(siteName)
		if st == nil || now.In(st.TimeZone).Hour() < s.DigestHour {
			continue
		}
		out = append(out, DueDigest{SearchID: id, Period: Period(f, now, st.TimeZone)})
	}
	return out, errs.Wrap(rows.Err(), "list due digests")
}

// Sweep builds every due digest at once, without the job queue (the
// digest jobs do the same one by one). Each digest is its own
// transaction, so a crash loses nothing and a second sweep (another
// process) finds the period taken and sends nothing. It also prunes stale
// rows and returns how many digests it queued.
func (s *Service) Sweep(ctx context.Context) (int, error) {
	if err := s.prune(ctx, s.now()); err != nil {
		s.log().Error("alerts: prune failed", "err", err)
	}
	due, err := s.DueDigests(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range due {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		ok, err := s.BuildDigest(ctx, d.SearchID, d.Period)
		if err != nil {
			s.log().Error("alerts: digest failed", "search", d.SearchID, "err", err)
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// DigestCar is one car of a digest.
type DigestCar struct {
	Car      catalog.Car
	Kind     string  // KindNew or KindDrop
	OldPrice float64 // KindDrop: the price before the first drop since the last digest
	Price    float64 // the asking price now
	URL      string  // absolute address of the car's page
}

// errNothing rolls back a digest that has nothing left to list.
var errNothing = fmt.Errorf("nothing to list")

// BuildDigest mails the digest of search id for period, in one transaction:
// it claims (search, period) in alerts_digests (a period already claimed
// sends nothing and returns false), reads the unsent items, lists each car
// once (new cars and price drops from the oldest old price, sold cars and
// prices raised again left out), queues the mail with mail.Queue and marks
// exactly the listed items as sent in that period. Items whose cars are
// all gone are marked so without a mail, and the period stays free.
func (s *Service) BuildDigest(ctx context.Context, id, period string) (bool, error) {
	return s.BuildDigestTx(ctx, id, period, nil)
}

// BuildDigestTx is BuildDigest that also runs inTx (when not nil) at the
// end of its transaction, e.g. to complete the job that asked for it.
func (s *Service) BuildDigestTx(ctx context.Context, id, period string, inTx func(*sql.Tx) error) (bool, error) {
	now := s.now()
	sent := false
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.buildDigest(ctx, tx, id, period, now, &sent); err != nil {
			return err
		}
		if inTx != nil {
			return inTx(tx)
		}
		return nil
	})
	if err == errNothing {
		return false, nil
	}
	return sent, err
}

func (s *Service) buildDigest(ctx context.Context, tx *sql.Tx, id, period string, now time.Time, sent *bool) error {
	x, err := s.get(ctx, tx, id)
	if errs.Is(err, errs.NotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !x.Confirmed() {
		return nil
	}
	res, err := tx.ExecContext(ctx, s.DB.Rebind(`INSERT INTO alerts_digests (search_id, period, cars, sent_at) VALUES (?, ?, 0, ?)
		ON CONFLICT (search_id, period) DO NOTHING`), id, period, ms(now))
	if err != nil {
		return errs.Wrap(err, "claim digest period")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil // mailed this period already
	}
	if s.midDigest != nil {
		if err := s.midDigest(ctx); err != nil {
			return err
		}
	}
	items, err := s.unsentItems(ctx, tx, id)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return errNothing
	}
	texts, err := s.texts(ctx, x.SiteName, x.Lang)
	if err != nil {
		return err
	}
	cars, err := s.digestCars(ctx, x, items, detailPath(x, texts))
	if err != nil {
		return err
	}
	mark := period
	if len(cars) == 0 {
		// Nothing to tell (all sold): mark the items, keep the period free.
		mark = "none:" + period
		if _, err := tx.ExecContext(ctx, s.DB.Rebind(`DELETE FROM alerts_digests WHERE search_id = ? AND period = ?`), id, period); err != nil {
			return errs.Wrap(err, "free digest period")
		}
	} else {
		m, err := digestMail(x, cars, texts, s.Tokens, now)
		if err != nil {
			return err
		}
		if err := mail.Queue(ctx, s.DB, s.Jobs, tx, m, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_digests SET cars = ? WHERE search_id = ? AND period = ?`), len(cars), id, period); err != nil {
			return errs.Wrap(err, "count digest cars")
		}
		*sent = true
	}
	for _, it := range items {
		if _, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_items SET period = ? WHERE search_id = ? AND diff_id = ? AND car_id = ? AND period IS NULL`),
			mark, id, it.diff, it.CarID); err != nil {
			return errs.Wrap(err, "mark items sent")
		}
	}
	return nil
}

type storedItem struct {
	diff int64
	Item
}

func (s *Service) unsentItems(ctx context.Context, tx *sql.Tx, id string) ([]storedItem, error) {
	rows, err := tx.QueryContext(ctx, s.DB.Rebind(`SELECT diff_id, car_id, kind, old_price, new_price FROM alerts_items
		WHERE search_id = ? AND period IS NULL ORDER BY diff_id, car_id`), id)
	if err != nil {
		return nil, errs.Wrap(err, "read alert items")
	}
	defer rows.Close()
	var out []storedItem
	for rows.Next() {
		var it storedItem
		if err := rows.Scan(&it.diff, &it.CarID, &it.Kind, &it.OldPrice, &it.NewPrice); err != nil {
			return nil, errs.Wrap(err, "read alert items")
		}
		out = append(out, it)
	}
	return out, errs.Wrap(rows.Err(), "read alert items")
}

// MaxDigestCars bounds the cars listed in one digest (the list link shows the rest).
const MaxDigestCars = 30

// digestCars collapses items (oldest first) to one entry per car with the
// car as it is now: a car that was new since the last digest stays new,
// a drop keeps the oldest old price; sold cars and drops undone by a raise
// are left out. New cars come first, then drops, each newest first.
func (s *Service) digestCars(ctx context.Context, x Search, items []storedItem, detail string) ([]DigestCar, error) {
	type agg struct {
		kind  string
		old   float64
		order int
	}
	by := map[int64]*agg{}
	for i, it := range items {
		a := by[it.CarID]
		if a == nil {
			by[it.CarID] = &agg{kind: it.Kind, old: it.OldPrice, order: i}
			continue
		}
		a.order = i
	}
	var out []DigestCar
	for id, a := range by {
		c, err := s.Cars.Car(ctx, x.SiteName, id)
		if errs.Is(err, errs.NotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		d := DigestCar{Car: c, Kind: a.kind, OldPrice: a.old, Price: c.AskingPrice(), URL: x.Origin + detail + strconv.FormatInt(c.CarID, 10) + "/" + slugOr(c.Slug)}
		if d.Kind == KindDrop && (d.Price <= 0 || d.Price >= d.OldPrice) {
			continue
		}
		if d.Kind == KindNew {
			d.OldPrice = 0
		}
		out = append(out, d)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind != out[j].Kind {
			return out[i].Kind == KindNew
		}
		return by[out[i].Car.CarID].order > by[out[j].Car.CarID].order
	})
	if len(out) > MaxDigestCars {
		out = out[:MaxDigestCars]
	}
	return out, nil
}

// detailPath is the car detail path prefix of the search's language
// (pathToCarDetail, "/bilar/"), else the list path and a slash.
func detailPath(x Search, texts map[string]string) string {
	if p := texts["pathToCarDetail"]; strings.HasPrefix(p, "/") && strings.HasSuffix(p, "/") {
		return p
	}
	return x.ListPath + "/"
}

func slugOr(slug string) string {
	if slug == "" {
		return "bil"
	}
	return url.PathEscape(slug)
}

// texts returns the alert texts of a site in a language.
func (s *Service) texts(ctx context.Context, siteName, lang string) (map[string]string, error) {
	if s.Texts == nil {
		return map[string]string{}, nil
	}
	d, err := s.Texts(ctx, siteName, lang)
	if err != nil {
		return nil, errs.Wrap(err, "texts of %s/%s", siteName, lang)
	}
	return d, nil
}
