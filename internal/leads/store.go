package leads

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/store"
)

// Store keeps leads and their outbox.
type Store struct {
	db *store.DB
}

// NewStore returns the lead store over db.
func NewStore(db *store.DB) *Store { return &Store{db: db} }

func ms(t time.Time) int64 { return t.UnixMilli() }

// Save stores a submission of siteName and queues msg for it, in one
// transaction. A submission whose formSubmissionId is already stored is
// not stored again: Save returns the first lead and created false.
func (s *Store) Save(ctx context.Context, siteName string, sub Submission, msg Message, now time.Time) (lead Lead, created bool, err error) {
	doc, err := json.Marshal(sub.Values)
	if err != nil {
		return Lead{}, false, errs.Wrap(err, "encode lead")
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		var q string
		switch s.db.Engine {
		case store.Postgres:
			q = `INSERT INTO leads (site_name, submission_id, form_name, car_id, doc, created_at)
			     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (submission_id) DO NOTHING RETURNING id`
		default:
			q = `INSERT INTO leads (site_name, submission_id, form_name, car_id, doc, created_at)
			     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (submission_id) DO NOTHING RETURNING id`
		}
		err := tx.QueryRowContext(ctx, q, siteName, sub.SubmissionID, sub.FormName, sub.CarID, string(doc), ms(now)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil // already stored
		}
		if err != nil {
			return errs.Wrap(err, "insert lead")
		}
		created = true
		_, err = tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO leads_outbox (lead_id, to_addr, subject, body, next_attempt_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`), id, msg.To, msg.Subject, msg.Body, ms(now), ms(now))
		if err != nil {
			return errs.Wrap(err, "queue lead mail")
		}
		return nil
	})
	if err != nil {
		return Lead{}, false, err
	}
	lead, err = s.BySubmission(ctx, sub.SubmissionID)
	return lead, created, err
}

// BySubmission returns the lead of a formSubmissionId, or errs.NotFound.
func (s *Store) BySubmission(ctx context.Context, submissionID string) (Lead, error) {
	var l Lead
	var doc string
	var created int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id, site_name, submission_id, form_name, car_id, doc, created_at
		FROM leads WHERE submission_id = ?`), submissionID).
		Scan(&l.ID, &l.SiteName, &l.Sub.SubmissionID, &l.Sub.FormName, &l.Sub.CarID, &doc, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Lead{}, errs.E(errs.NotFound, "no lead %q", submissionID)
	}
	if err != nil {
		return Lead{}, errs.Wrap(err, "get lead %q", submissionID)
	}
	if err := json.Unmarshal([]byte(doc), &l.Sub.Values); err != nil {
		return Lead{}, errs.Wrap(err, "decode lead %q", submissionID)
	}
	l.CreatedAt = time.UnixMilli(created).UTC()
	return l, nil
}

// Count returns the number of stored leads.
func (s *Store) Count(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM leads`).Scan(&n)
	return n, err
}

// Pending is an outbox mail to send.
type Pending struct {
	ID       int64
	Attempts int // attempts made before this one
	Message
}

// Claim returns up to limit unsent mails that are due at now and leases
// each for lease: another worker does not see them until the lease ends or
// a failure reschedules them.
func (s *Store) Claim(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]Pending, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, attempts, next_attempt_at, to_addr, subject, body
		FROM leads_outbox WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`), ms(now), limit)
	if err != nil {
		return nil, errs.Wrap(err, "list due mails")
	}
	type row struct {
		p    Pending
		next int64
	}
	var due []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.p.ID, &r.p.Attempts, &r.next, &r.p.To, &r.p.Subject, &r.p.Body); err != nil {
			rows.Close()
			return nil, errs.Wrap(err, "scan due mail")
		}
		due = append(due, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "list due mails")
	}
	var out []Pending
	for _, r := range due {
		// The lease: only the worker whose update matches the old due time owns the mail.
		res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE leads_outbox SET next_attempt_at = ?
			WHERE id = ? AND sent_at IS NULL AND next_attempt_at = ?`), ms(now.Add(lease)), r.p.ID, r.next)
		if err != nil {
			return nil, errs.Wrap(err, "claim mail %d", r.p.ID)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			out = append(out, r.p)
		}
	}
	return out, nil
}

// MarkSent records a delivered mail.
func (s *Store) MarkSent(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE leads_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`), ms(now), id)
	return errs.Wrap(err, "mark mail %d sent", id)
}

// MarkFailed records a failed attempt and when to try again.
func (s *Store) MarkFailed(ctx context.Context, id int64, next time.Time, cause string) error {
	if len(cause) > 500 {
		cause = cause[:500]
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE leads_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?`), ms(next), cause, id)
	return errs.Wrap(err, "mark mail %d failed", id)
}

// OutboxState counts the outbox's sent and unsent mails.
func (s *Store) OutboxState(ctx context.Context) (sent, unsent int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0),
		COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) FROM leads_outbox`).Scan(&sent, &unsent)
	return sent, unsent, errs.Wrap(err, "outbox state")
}
