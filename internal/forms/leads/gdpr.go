package leads

import (
	"context"
	"database/sql"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// ExportEmail returns the leads sent by the person with address email.
func (s *Store) ExportEmail(ctx context.Context, email string) ([]Lead, error) {
	out, err := s.ByEmail(ctx, email)
	if out == nil {
		out = []Lead{}
	}
	return out, err
}

// EraseEmail deletes the leads sent by the person with address email, the
// dealer mails about them (shared outbox and the old lead outbox) and
// their ticket records, in one transaction, and returns how many leads it
// deleted.
func (s *Store) EraseEmail(ctx context.Context, email string) (int, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	n := 0
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, s.db.Rebind(`SELECT id, submission_id FROM leads WHERE email = ?`), email)
		if err != nil {
			return errs.Wrap(err, "find leads to erase")
		}
		var ids []int64
		var refs, subs []string
		for rows.Next() {
			var id int64
			var sub string
			if err := rows.Scan(&id, &sub); err != nil {
				rows.Close()
				return errs.Wrap(err, "scan lead to erase")
			}
			ids, subs, refs = append(ids, id), append(subs, sub), append(refs, MailRef(sub))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return errs.Wrap(err, "find leads to erase")
		}
		if _, err := mail.EraseRefs(ctx, tx, s.db, refs); err != nil {
			return err
		}
		for i, id := range ids {
			for _, q := range []string{`DELETE FROM leads_outbox WHERE lead_id = ?`, `DELETE FROM leads WHERE id = ?`} {
				if _, err := tx.ExecContext(ctx, s.db.Rebind(q), id); err != nil {
					return errs.Wrap(err, "erase lead %d", id)
				}
			}
			if _, err := tx.ExecContext(ctx, s.db.Rebind(`DELETE FROM form_tickets_used WHERE submission_id = ?`), subs[i]); err != nil {
				return errs.Wrap(err, "erase ticket of lead %d", id)
			}
		}
		n = len(ids)
		return nil
	})
	return n, err
}
