package accounts

import (
	"context"
	"database/sql"
	"strings"
	"time"
	"unicode/utf8"

	"forecourt/internal/errs"
	"forecourt/internal/staff"
)

// Record implements staff.Recorder: it appends e to the audit log (At
// defaults to now). Texts are cut to their column's bound, never refused:
// an action that happened is recorded.
func (s *Store) Record(ctx context.Context, e staff.Entry) error {
	if e.At.IsZero() {
		e.At = s.now()
	}
	return s.record(ctx, nil, e)
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// record appends e inside tx (nil: on its own).
func (s *Store) record(ctx context.Context, tx *sql.Tx, e staff.Entry) error {
	q := s.db.Rebind(`INSERT INTO staff_audit (at, account, action, subject, detail) VALUES (?, ?, ?, ?, ?)`)
	args := []any{ms(e.At), cut(e.Account, 80), cut(e.Action, 60), cut(e.Subject, 200), cut(e.Detail, 1000)}
	var err error
	if tx != nil {
		_, err = tx.ExecContext(ctx, q, args...)
	} else {
		_, err = s.db.ExecContext(ctx, q, args...)
	}
	return errs.Wrap(err, "record %s", e.Action)
}

// AuditFilter narrows the audit log; zero fields match everything.
type AuditFilter struct {
	Account string
	// Action matches an action or, ending in ".", every action it starts
	// ("booking." for every booking action).
	Action string
	Before int64 // entries with an id below this (the next page), 0: the newest
	Limit  int   // 1–500, default 100
}

// AuditEntry is a recorded entry with its id (for paging).
type AuditEntry struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	Account string    `json:"account"`
	Action  string    `json:"action"`
	Subject string    `json:"subject"`
	Detail  string    `json:"detail"`
}

// Audit returns entries, newest first.
func (s *Store) Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	if f.Limit <= 0 || f.Limit > 500 {
		f.Limit = 100
	}
	where, args := []string{"1 = 1"}, []any{}
	if f.Account != "" {
		where, args = append(where, "account = ?"), append(args, f.Account)
	}
	if a, ok := strings.CutSuffix(f.Action, "."); ok {
		where, args = append(where, "action LIKE ?"), append(args, a+".%")
	} else if f.Action != "" {
		where, args = append(where, "action = ?"), append(args, f.Action)
	}
	if f.Before > 0 {
		where, args = append(where, "id < ?"), append(args, f.Before)
	}
	args = append(args, f.Limit)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, at, account, action, subject, detail FROM staff_audit
		WHERE `+strings.Join(where, " AND ")+` ORDER BY id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, errs.Wrap(err, "read audit log")
	}
	defer rows.Close()
	out := []AuditEntry{}
	for rows.Next() {
		var e AuditEntry
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.Account, &e.Action, &e.Subject, &e.Detail); err != nil {
			return nil, errs.Wrap(err, "scan audit entry")
		}
		e.At = time.UnixMilli(at).UTC()
		out = append(out, e)
	}
	return out, errs.Wrap(rows.Err(), "read audit log")
}
