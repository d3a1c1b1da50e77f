package salesleads

import (
	"context"
	"database/sql"
	"strings"

	"forecourt/internal/errs"
)

// Work is the sales work on one person's lead, as a GDPR export lists it.
type Work struct {
	Lead     string `json:"lead"`
	Status   Status `json:"status"`
	Assignee string `json:"assignee"`
	Notes    []Note `json:"notes"`
}

// refsOf lists the inbox refs of the leads and form-builder submissions
// sent with address email.
func (in *Inbox) refsOf(ctx context.Context, q interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}, email string) ([]string, error) {
	rows, err := q.QueryContext(ctx, in.db.Rebind(`SELECT 'L' || id FROM leads WHERE email = ?
		UNION ALL SELECT 'F' || id FROM form_submissions WHERE email = ?`), email, email)
	if err != nil {
		return nil, errs.Wrap(err, "find leads of an address")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, errs.Wrap(err, "scan lead ref")
		}
		out = append(out, r)
	}
	return out, errs.Wrap(rows.Err(), "find leads of an address")
}

// ExportEmail returns the sales work (status, assignee, notes) on the
// leads sent with address email; the leads themselves are exported by
// their own stores.
func (in *Inbox) ExportEmail(ctx context.Context, email string) ([]Work, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	refs, err := in.refsOf(ctx, in.db, email)
	if err != nil {
		return nil, err
	}
	out := []Work{}
	for _, ref := range refs {
		w := Work{Lead: ref, Status: StatusNew}
		err := in.db.QueryRowContext(ctx, in.db.Rebind(`SELECT status, assignee FROM lead_work WHERE ref = ?`), ref).Scan(&w.Status, &w.Assignee)
		if err != nil && err != sql.ErrNoRows {
			return nil, errs.Wrap(err, "read lead work")
		}
		if w.Notes, err = in.notes(ctx, ref); err != nil {
			return nil, err
		}
		if err == nil && (len(w.Notes) > 0 || w.Status != StatusNew || w.Assignee != "") {
			out = append(out, w)
		}
	}
	return out, nil
}

// EraseEmail deletes the sales work and notes on the leads sent with
// address email, in one transaction, and returns how many leads had any.
// It runs before the leads' own stores erase the leads (it finds the work
// through them).
func (in *Inbox) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	n := 0
	err := in.db.Tx(ctx, func(tx *sql.Tx) error {
		refs, err := in.refsOf(ctx, tx, email)
		if err != nil {
			return err
		}
		for _, ref := range refs {
			var hit int64
			for _, q := range []string{`DELETE FROM lead_notes WHERE ref = ?`, `DELETE FROM lead_work WHERE ref = ?`} {
				res, err := tx.ExecContext(ctx, in.db.Rebind(q), ref)
				if err != nil {
					return errs.Wrap(err, "erase work on lead %s", ref)
				}
				k, _ := res.RowsAffected()
				hit += k
			}
			if hit > 0 {
				n++
			}
		}
		return nil
	})
	return n, err
}
