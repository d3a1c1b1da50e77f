package alerts

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"strings"
	"time"

	"forecourt/internal/catalog"
	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMs(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return time.UnixMilli(v.Int64).UTC()
}

// newID returns a random search id (20 base32 characters, 100 bits).
func newID() string {
	b := make([]byte, 15)
	rand.Read(b)
	return strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))[:20]
}

type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

const searchColumns = `id, site_name, lang, origin, list_path, email, query, label, frequency, created_at, confirmed_at`

func scanSearch(sc interface{ Scan(...any) error }) (Search, error) {
	var s Search
	var created int64
	var confirmed sql.NullInt64
	err := sc.Scan(&s.ID, &s.SiteName, &s.Lang, &s.Origin, &s.ListPath, &s.Email, &s.Query, &s.Label, &s.Frequency, &created, &confirmed)
	if errors.Is(err, sql.ErrNoRows) {
		return s, errs.E(errs.NotFound, "This saved search no longer exists.")
	}
	if err != nil {
		return s, errs.Wrap(err, "read saved search")
	}
	s.CreatedAt, s.ConfirmedAt = time.UnixMilli(created).UTC(), fromMs(confirmed)
	return s, nil
}

// Get returns the saved search id, or errs.NotFound.
func (s *Service) Get(ctx context.Context, id string) (Search, error) {
	return s.get(ctx, s.DB, id)
}

func (s *Service) get(ctx context.Context, q querier, id string) (Search, error) {
	return scanSearch(q.QueryRowContext(ctx, s.DB.Rebind(`SELECT `+searchColumns+` FROM alerts_searches WHERE id = ?`), id))
}

func (s *Service) byKey(ctx context.Context, q querier, siteName, email, query string) (Search, error) {
	return scanSearch(q.QueryRowContext(ctx, s.DB.Rebind(`SELECT `+searchColumns+` FROM alerts_searches
		WHERE site_name = ? AND email = ? AND query = ?`), siteName, email, query))
}

// Searches returns the saved searches of email on siteName, oldest first.
func (s *Service) Searches(ctx context.Context, siteName, email string) ([]Search, error) {
	rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT `+searchColumns+` FROM alerts_searches
		WHERE site_name = ? AND email = ? ORDER BY created_at, id`), siteName, strings.ToLower(email))
	if err != nil {
		return nil, errs.Wrap(err, "list saved searches")
	}
	defer rows.Close()
	out := []Search{}
	for rows.Next() {
		x, err := scanSearch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, errs.Wrap(rows.Err(), "list saved searches")
}

// save stores a new unconfirmed search, or refreshes the frequency, label
// and links of the same search (site, address, query) while it is still
// unconfirmed; a confirmed one is left as it is. created reports a new row.
func (s *Service) save(ctx context.Context, tx *sql.Tx, x Search) (Search, bool, error) {
	res, err := tx.ExecContext(ctx, s.DB.Rebind(`INSERT INTO alerts_searches (`+searchColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL) ON CONFLICT (site_name, email, query) DO NOTHING`),
		x.ID, x.SiteName, x.Lang, x.Origin, x.ListPath, x.Email, x.Query, x.Label, string(x.Frequency), ms(x.CreatedAt))
	if err != nil {
		return x, false, errs.Wrap(err, "save search")
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return x, true, nil
	}
	if _, err := tx.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_searches SET frequency = ?, label = ?, lang = ?, origin = ?, list_path = ?
		WHERE site_name = ? AND email = ? AND query = ? AND confirmed_at IS NULL`),
		string(x.Frequency), x.Label, x.Lang, x.Origin, x.ListPath, x.SiteName, x.Email, x.Query); err != nil {
		return x, false, errs.Wrap(err, "refresh search")
	}
	got, err := s.byKey(ctx, tx, x.SiteName, x.Email, x.Query)
	return got, false, err
}

func (s *Service) countSearches(ctx context.Context, siteName, email string) (int, error) {
	var n int
	err := s.DB.QueryRowContext(ctx, s.DB.Rebind(`SELECT COUNT(*) FROM alerts_searches WHERE site_name = ? AND email = ?`),
		siteName, email).Scan(&n)
	return n, errs.Wrap(err, "count searches")
}

// confirm marks search id confirmed at now (a second confirmation keeps
// the first time) and returns it; errs.NotFound when it is gone.
func (s *Service) confirm(ctx context.Context, id string, now time.Time) (Search, error) {
	if _, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_searches SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL`),
		ms(now), id); err != nil {
		return Search{}, errs.Wrap(err, "confirm search")
	}
	return s.Get(ctx, id)
}

// deleteSearch removes search id with its items and digests inside tx and
// reports whether it existed.
func (s *Service) deleteSearch(ctx context.Context, tx *sql.Tx, id string) (bool, error) {
	for _, q := range []string{`DELETE FROM alerts_items WHERE search_id = ?`, `DELETE FROM alerts_digests WHERE search_id = ?`} {
		if _, err := tx.ExecContext(ctx, s.DB.Rebind(q), id); err != nil {
			return false, errs.Wrap(err, "delete search")
		}
	}
	res, err := tx.ExecContext(ctx, s.DB.Rebind(`DELETE FROM alerts_searches WHERE id = ?`), id)
	if err != nil {
		return false, errs.Wrap(err, "delete search")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// setFrequency changes the frequency of search id.
func (s *Service) setFrequency(ctx context.Context, id string, f Frequency) error {
	_, err := s.DB.ExecContext(ctx, s.DB.Rebind(`UPDATE alerts_searches SET frequency = ? WHERE id = ?`), string(f), id)
	return errs.Wrap(err, "change frequency")
}

// diffRowsPerInsert keeps a multi-row insert of diff cars (5 parameters a
// row) far below both engines' parameter limits.
const diffRowsPerInsert = 200

// RecordDiff stores the changes of one import write inside its transaction
// tx and, through Enqueue, the job that matches them; it returns the diff's
// id (0 when ch is empty: nothing is stored). Use it as the import's
// catalog.CarsHook.
func (s *Service) RecordDiff(ctx context.Context, tx *sql.Tx, ch catalog.CarChanges) (int64, error) {
	if ch.Empty() {
		return 0, nil
	}
	var id int64
	if err := tx.QueryRowContext(ctx, s.DB.Rebind(`INSERT INTO alerts_diffs (site_name, created_at) VALUES (?, ?) RETURNING id`),
		ch.SiteName, ms(s.now())).Scan(&id); err != nil {
		return 0, errs.Wrap(err, "record import diff")
	}
	type row struct {
		car      int64
		kind     string
		old, new float64
	}
	rows := make([]row, 0, len(ch.New)+len(ch.PriceDrops))
	for _, c := range ch.New {
		rows = append(rows, row{car: c, kind: KindNew})
	}
	for _, d := range ch.PriceDrops {
		rows = append(rows, row{car: d.CarID, kind: KindDrop, old: d.Old, new: d.New})
	}
	for start := 0; start < len(rows); start += diffRowsPerInsert {
		end := min(start+diffRowsPerInsert, len(rows))
		var q strings.Builder
		q.WriteString(`INSERT INTO alerts_diff_cars (diff_id, car_id, kind, old_price, new_price) VALUES `)
		args := make([]any, 0, (end-start)*5)
		for i, r := range rows[start:end] {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?)")
			args = append(args, id, r.car, r.kind, r.old, r.new)
		}
		if _, err := tx.ExecContext(ctx, s.DB.Rebind(q.String()), args...); err != nil {
			return 0, errs.Wrap(err, "record import diff")
		}
	}
	if s.Enqueue != nil {
		if err := s.Enqueue(ctx, tx, id); err != nil {
			return 0, errs.Wrap(err, "queue the match of diff %d", id)
		}
	}
	return id, nil
}

// Hook is RecordDiff as a catalog.CarsHook.
func (s *Service) Hook() catalog.CarsHook {
	return func(ctx context.Context, tx *sql.Tx, ch catalog.CarChanges) error {
		_, err := s.RecordDiff(ctx, tx, ch)
		return err
	}
}

// ExportedSearch is one saved search of the GDPR export.
type ExportedSearch struct {
	Site        string    `json:"site"`
	Query       string    `json:"query"`
	Label       string    `json:"label"`
	Frequency   Frequency `json:"frequency"`
	CreatedAt   time.Time `json:"createdAt"`
	ConfirmedAt time.Time `json:"confirmedAt,omitzero"`
	Digests     []string  `json:"digestPeriods"`
}

// ExportEmail returns the saved searches of email on every site (an empty
// list when none) with the periods of the digests mailed for them. The
// mails themselves are the outbox's (mail.ExportRecipient).
func (s *Service) ExportEmail(ctx context.Context, email string) ([]ExportedSearch, error) {
	out := []ExportedSearch{}
	rows, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT `+searchColumns+` FROM alerts_searches WHERE email = ? ORDER BY created_at, id`),
		strings.ToLower(strings.TrimSpace(email)))
	if err != nil {
		return out, errs.Wrap(err, "export saved searches")
	}
	var found []Search
	for rows.Next() {
		x, err := scanSearch(rows)
		if err != nil {
			rows.Close()
			return out, err
		}
		found = append(found, x)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, errs.Wrap(err, "export saved searches")
	}
	for _, x := range found {
		e := ExportedSearch{Site: x.SiteName, Query: x.Query, Label: x.Label, Frequency: x.Frequency,
			CreatedAt: x.CreatedAt, ConfirmedAt: x.ConfirmedAt, Digests: []string{}}
		prow, err := s.DB.QueryContext(ctx, s.DB.Rebind(`SELECT period FROM alerts_digests WHERE search_id = ? ORDER BY period`), x.ID)
		if err != nil {
			return out, errs.Wrap(err, "export digests")
		}
		for prow.Next() {
			var p string
			if err := prow.Scan(&p); err != nil {
				prow.Close()
				return out, errs.Wrap(err, "export digests")
			}
			e.Digests = append(e.Digests, p)
		}
		prow.Close()
		out = append(out, e)
	}
	return out, nil
}

// EraseEmail deletes the saved searches of email on every site, their
// items and digests, and the alert mails about them (refs alerts:<id>),
// and returns how many searches it deleted.
func (s *Service) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	n := 0
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.DB.Rebind(`SELECT id FROM alerts_searches WHERE email = ?`), email)
		if err != nil {
			return errs.Wrap(err, "erase saved searches")
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return errs.Wrap(err, "erase saved searches")
			}
			ids = append(ids, id)
		}
		rows.Close()
		refs := make([]string, 0, len(ids))
		for _, id := range ids {
			if ok, err := s.deleteSearch(ctx, tx, id); err != nil {
				return err
			} else if ok {
				n++
			}
			refs = append(refs, MailRef(id))
		}
		_, err = mail.EraseRefs(ctx, tx, s.DB, refs)
		return err
	})
	return n, err
}

// MailRef is the outbox ref of the mails about search id.
func MailRef(id string) string { return "alerts:" + id }

// prune deletes what is no longer needed: unconfirmed searches older than
// the confirmation link, matched diffs older than a day and items mailed
// long ago. It runs with the sweep.
func (s *Service) prune(ctx context.Context, now time.Time) error {
	stale := ms(now.Add(-ConfirmTTL))
	return s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var ids []string
		rows, err := tx.QueryContext(ctx, s.DB.Rebind(`SELECT id FROM alerts_searches WHERE confirmed_at IS NULL AND created_at < ?`), stale)
		if err != nil {
			return errs.Wrap(err, "prune")
		}
		for rows.Next() {
			var id string
			rows.Scan(&id)
			ids = append(ids, id)
		}
		rows.Close()
		for _, id := range ids {
			if _, err := s.deleteSearch(ctx, tx, id); err != nil {
				return err
			}
		}
		day := ms(now.Add(-24 * time.Hour))
		for _, q := range []struct {
			sql string
			arg int64
		}{
			{`DELETE FROM alerts_diff_cars WHERE diff_id IN (SELECT id FROM alerts_diffs WHERE matched_at IS NOT NULL AND matched_at < ?)`, day},
			{`DELETE FROM alerts_diffs WHERE matched_at IS NOT NULL AND matched_at < ?`, day},
			{`DELETE FROM alerts_items WHERE period IS NOT NULL AND created_at < ?`, ms(now.Add(-60 * 24 * time.Hour))},
		} {
			if _, err := tx.ExecContext(ctx, s.DB.Rebind(q.sql), q.arg); err != nil {
				return errs.Wrap(err, "prune")
			}
		}
		return nil
	})
}
