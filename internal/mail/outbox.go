package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"log/slog"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/outbox"
	"forecourt/internal/store"
)

func ms(t time.Time) int64 { return t.UnixMilli() }

// Queue stores m in the outbox inside the caller's transaction tx, so the
// mail exists exactly when the caller's data does; it is due at once.
// It fails with errs.Invalid on a bad address, a header with line breaks
// or a mail over the size limits. Call the Outbox's Kick after the commit.
func Queue(ctx context.Context, db *store.DB, tx *sql.Tx, m Message, now time.Time) error {
	if err := m.Check(); err != nil {
		return err
	}
	doc, err := json.Marshal(m)
	if err != nil {
		return errs.Wrap(err, "encode mail")
	}
	_, err = tx.ExecContext(ctx, db.Rebind(`INSERT INTO mail_outbox (kind, ref, to_addr, subject, doc, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`), m.Kind, m.Ref, m.To, m.Subject, string(doc), ms(now), ms(now))
	return errs.Wrap(err, "queue mail")
}

// Pending is a queued mail being delivered.
type Pending struct {
	ID       int64
	Attempts int // attempts made before this one
	Message
}

// claim returns up to limit unsent mails due at now and leases each for
// lease: another worker does not see them until the lease ends or a
// failure reschedules them.
func claim(ctx context.Context, db *store.DB, now time.Time, lease time.Duration, limit int) ([]Pending, error) {
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT id, attempts, next_attempt_at, doc
		FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`), ms(now), limit)
	if err != nil {
		return nil, errs.Wrap(err, "list due mails")
	}
	type row struct {
		p    Pending
		next int64
		doc  string
	}
	var due []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.p.ID, &r.p.Attempts, &r.next, &r.doc); err != nil {
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
		res, err := db.ExecContext(ctx, db.Rebind(`UPDATE mail_outbox SET next_attempt_at = ?
			WHERE id = ? AND sent_at IS NULL AND next_attempt_at = ?`), ms(now.Add(lease)), r.p.ID, r.next)
		if err != nil {
			return nil, errs.Wrap(err, "claim mail %d", r.p.ID)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		if err := json.Unmarshal([]byte(r.doc), &r.p.Message); err != nil {
			return nil, errs.Wrap(err, "decode mail %d", r.p.ID)
		}
		out = append(out, r.p)
	}
	return out, nil
}

func markSent(ctx context.Context, db *store.DB, id int64, now time.Time) error {
	_, err := db.ExecContext(ctx, db.Rebind(`UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`), ms(now), id)
	return errs.Wrap(err, "mark mail %d sent", id)
}

func markFailed(ctx context.Context, db *store.DB, id int64, next time.Time, cause string) error {
	if len(cause) > 500 {
		cause = cause[:500]
	}
	_, err := db.ExecContext(ctx, db.Rebind(`UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?`), ms(next), cause, id)
	return errs.Wrap(err, "mark mail %d failed", id)
}

// State counts the outbox's sent and unsent mails.
func State(ctx context.Context, db *store.DB) (sent, unsent int, err error) {
	err = db.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0),
		COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 1 ELSE 0 END), 0) FROM mail_outbox`).Scan(&sent, &unsent)
	return sent, unsent, errs.Wrap(err, "outbox state")
}

// ExportRecipient returns every mail queued or sent to email, oldest
// first (for the GDPR export).
func ExportRecipient(ctx context.Context, db *store.DB, email string) ([]Message, error) {
	rows, err := db.QueryContext(ctx, db.Rebind(`SELECT doc FROM mail_outbox WHERE lower(to_addr) = lower(?) ORDER BY id`), email)
	if err != nil {
		return nil, errs.Wrap(err, "export mails")
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var doc string
		var m Message
		if err := rows.Scan(&doc); err != nil {
			return nil, errs.Wrap(err, "export mails")
		}
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			return nil, errs.Wrap(err, "decode mail")
		}
		out = append(out, m)
	}
	return out, errs.Wrap(rows.Err(), "export mails")
}

// EraseRecipient deletes every mail to email, sent or not, and returns how
// many it deleted (for the GDPR erasure). Mails to a dealer that mention
// the person are erased by their domain through Ref.
func EraseRecipient(ctx context.Context, db *store.DB, email string) (int, error) {
	res, err := db.ExecContext(ctx, db.Rebind(`DELETE FROM mail_outbox WHERE lower(to_addr) = lower(?)`), email)
	if err != nil {
		return 0, errs.Wrap(err, "erase mails")
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}

// EraseRefs deletes the mails whose Ref is one of refs (the mails about a
// domain record, whoever they went to) and returns how many it deleted.
func EraseRefs(ctx context.Context, tx *sql.Tx, db *store.DB, refs []string) (int, error) {
	total := 0
	for _, ref := range refs {
		if ref == "" {
			continue
		}
		res, err := tx.ExecContext(ctx, db.Rebind(`DELETE FROM mail_outbox WHERE ref = ?`), ref)
		if err != nil {
			return total, errs.Wrap(err, "erase mails of %s", ref)
		}
		n, _ := res.RowsAffected()
		total += int(n)
	}
	return total, nil
}

// Outbox delivers queued mails: it claims due mails, sends them and
// reschedules failures with exponential backoff (BaseDelay·2^attempts,
// capped at MaxDelay). Mails stay in the store until sent.
type Outbox struct {
	DB     *store.DB
	Mailer Mailer
	Log    *slog.Logger
	// Poll is how often due mails are looked for (default 2 s); Kick wakes
	// the worker at once after a Queue.
	Poll      time.Duration
	BaseDelay time.Duration // default 5 s
	MaxDelay  time.Duration // default 15 min
	Lease     time.Duration // default 2 min: how long a claimed mail is hidden from other workers
	Now       func() time.Time

	loop outbox.Loop
}

// NewOutbox returns an Outbox with its defaults set; set fields before Run.
func NewOutbox(db *store.DB, m Mailer, log *slog.Logger) *Outbox {
	o := &Outbox{DB: db, Mailer: m, Log: log}
	o.init()
	return o
}

func (o *Outbox) init() {
	o.loop.Init()
	if o.BaseDelay <= 0 {
		o.BaseDelay = 5 * time.Second
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = 15 * time.Minute
	}
	if o.Lease <= 0 {
		o.Lease = 2 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
}

// Kick asks the worker to look for due mails now. It is safe on a nil
// Outbox (a server without a mail worker).
func (o *Outbox) Kick() {
	if o == nil {
		return
	}
	o.loop.Kick()
}

// Backoff is the wait after the n-th failed attempt (n from 1).
func (o *Outbox) Backoff(n int) time.Duration { return outbox.Backoff(o.BaseDelay, o.MaxDelay, n) }

// Run delivers mails until ctx is done.
func (o *Outbox) Run(ctx context.Context) {
	if o.Poll > 0 {
		o.loop.Poll = o.Poll
	}
	o.loop.Run(ctx, o.Deliver)
}

// Deliver sends every mail due now once and returns how many were sent.
func (o *Outbox) Deliver(ctx context.Context) int {
	claimDue := func(ctx context.Context) ([]Pending, error) { return claim(ctx, o.DB, o.Now(), o.Lease, 20) }
	return outbox.Drain(ctx, claimDue, o.send, func(err error) { o.Log.Error("mail outbox: claim failed", "err", err) })
}

// send delivers one claimed mail and records the outcome.
func (o *Outbox) send(ctx context.Context, p Pending) bool {
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	err := o.Mailer.Send(sctx, p.Message)
	cancel()
	if err != nil {
		wait := o.Backoff(p.Attempts + 1)
		o.Log.Warn("mail outbox: send failed; will retry", "mail", p.ID, "kind", p.Kind, "attempt", p.Attempts+1, "retry_in", wait.String(), "err", err)
		if err := markFailed(ctx, o.DB, p.ID, o.Now().Add(wait), err.Error()); err != nil {
			o.Log.Error("mail outbox: reschedule failed", "mail", p.ID, "err", err)
		}
		return false
	}
	if err := markSent(ctx, o.DB, p.ID, o.Now()); err != nil {
		o.Log.Error("mail outbox: mark sent failed", "mail", p.ID, "err", err)
		return false
	}
	o.Log.Info("mail outbox: mail sent", "mail", p.ID, "kind", p.Kind, "attempt", p.Attempts+1)
	return true
}
