package builder

import (
	"context"
	"database/sql"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// ExportEmail returns the stored submissions whose e-mail answer is email.
func (s *Store) ExportEmail(ctx context.Context, email string) ([]Stored, error) {
	out, err := s.ByEmail(ctx, email)
	if out == nil {
		out = []Stored{}
	}
	return out, err
}

// EraseEmail deletes the submissions whose e-mail answer is email and the
// recipients' mails about them, in one transaction, and returns how many
// submissions it deleted.
func (s *Store) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	n := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.db.Rebind(`SELECT submission_id FROM form_submissions WHERE email = ?`), email)
		if err != nil {
			return errs.Wrap(err, "find form submissions to erase")
		}
		var subs, refs []string
		for rows.Next() {
			var sub string
			if err := rows.Scan(&sub); err != nil {
				rows.Close()
				return errs.Wrap(err, "scan form submission")
			}
			subs, refs = append(subs, sub), append(refs, MailRef(sub))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return errs.Wrap(err, "find form submissions to erase")
		}
		if _, err := mail.EraseRefs(ctx, tx, s.db, refs); err != nil {
			return err
		}
		for _, sub := range subs {
			for _, q := range []string{`DELETE FROM form_submissions WHERE submission_id = ?`, `DELETE FROM form_tickets_used WHERE submission_id = ?`} {
				if _, err := tx.ExecContext(ctx, s.db.Rebind(q), sub); err != nil {
					return errs.Wrap(err, "erase form submission %s", sub)
				}
			}
		}
		n = len(subs)
		return nil
	})
	return n, err
}
