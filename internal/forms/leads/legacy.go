package leads

import (
	"context"
	"database/sql"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/mail"
)

// MoveLegacyOutbox moves the unsent mails of the old lead outbox
// (leads_outbox, before the shared outbox existed) into the shared outbox,
// each in its own transaction, and marks them sent there. It returns how
// many it moved; running it again moves nothing.
func (s *Store) MoveLegacyOutbox(ctx context.Context, now time.Time) (int, error) {
	type row struct {
		id                  int64
		to, subject, body   string
		submission, replyTo string
	}
	rows, err := s.db.QueryContext(ctx, `SELECT o.id, o.to_addr, o.subject, o.body, l.submission_id, l.email
		FROM leads_outbox o JOIN leads l ON l.id = o.lead_id WHERE o.sent_at IS NULL ORDER BY o.id`)
	if err != nil {
		return 0, errs.Wrap(err, "list legacy lead mails")
	}
	var due []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.to, &r.subject, &r.body, &r.submission, &r.replyTo); err != nil {
			rows.Close()
			return 0, errs.Wrap(err, "scan legacy lead mail")
		}
		due = append(due, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, errs.Wrap(err, "list legacy lead mails")
	}
	moved := 0
	for _, r := range due {
		err := s.db.Tx(ctx, func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, s.db.Rebind(`UPDATE leads_outbox SET sent_at = ?, last_error = 'moved to the shared outbox' WHERE id = ? AND sent_at IS NULL`), ms(now), r.id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil // another process moved it
			}
			msg := mail.Message{To: r.to, Subject: Flatten(r.subject), Text: r.body, Kind: MailKind, Ref: MailRef(r.submission)}
			if ValidEmail(r.replyTo) {
				msg.Headers = map[string]string{"Reply-To": r.replyTo}
			}
			if err := mail.Queue(ctx, s.db, s.Jobs, tx, msg, now); err != nil {
				return err
			}
			moved++
			return nil
		})
		if err != nil {
			return moved, errs.Wrap(err, "move legacy lead mail %d", r.id)
		}
	}
	return moved, nil
}
