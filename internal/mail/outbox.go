package mail

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/errs"
	"forecourt/internal/jobs"
	"forecourt/internal/store"
)

func ms(t time.Time) int64 { return t.UnixMilli() }

// Queue stores m in the outbox inside the caller's transaction tx, so the
// mail exists exactly when the caller's data does, and inserts its
// delivery job in q in the same transaction. With q nil (a command-line
// tool runs no job queue) only the row is written; the sweep of a running
// server queues its delivery. It fails with errs.Invalid on a bad address,
// a header with line breaks or a mail over the size limits.
func Queue(ctx context.Context, db *store.DB, q *jobs.Queue, tx *sql.Tx, m Message, now time.Time) error {
	if err := m.Check(); err != nil {
		return err
	}
	doc, err := json.Marshal(m)
	if err != nil {
		return errs.Wrap(err, "encode mail")
	}
	var id int64
	err = tx.QueryRowContext(ctx, db.Rebind(`INSERT INTO mail_outbox (kind, ref, to_addr, subject, doc, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`), m.Kind, m.Ref, m.To, m.Subject, string(doc), ms(now), ms(now)).Scan(&id)
	if err != nil {
		return errs.Wrap(err, "queue mail")
	}
	if q == nil {
		return nil
	}
	return errs.Wrap(q.InsertTx(ctx, tx, SendArgs{ID: id}, sendOpts()), "queue mail delivery")
}

// QueueName is the job queue mails are delivered from. Only a process
// with a mail relay works it, so without one mails and their jobs wait.
const QueueName = "mail"

// SendArgs is the delivery job of one mail: its row in the outbox, never
// the mail itself (River keeps arguments in clear, and an erased mail
// must leave nothing behind).
type SendArgs struct {
	ID int64 `json:"id"`
}

// Kind implements river.JobArgs.
func (SendArgs) Kind() string { return "mail_send" }

// sendOpts: unique by the row, so the sweep never adds a second job for a
// mail whose job is still waiting, running or done.
func sendOpts() *river.InsertOpts {
	return &river.InsertOpts{Queue: QueueName, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

func markSent(ctx context.Context, db *store.DB, tx *sql.Tx, id int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, db.Rebind(`UPDATE mail_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ? AND sent_at IS NULL`), ms(now), id)
	return errs.Wrap(err, "mark mail %d sent", id)
}

// markFailed records a failed attempt and when the job tries again (for
// the operator: River schedules the retry).
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

// Outbox delivers queued mails as jobs of the job queue: one job per
// mail, retried under the queue's retry policy (jobs.Retry), and a
// periodic sweep that queues a new job for every mail still unsent whose
// job is gone (discarded after its last attempt, or never inserted because
// a command-line tool queued the mail). Mails stay in the store until
// sent, so a mail server outage or a restart loses nothing, and a mail
// accepted while the mail server is down goes once it is back.
type Outbox struct {
	DB     *store.DB
	Jobs   *jobs.Queue
	Mailer Mailer
	Log    *slog.Logger
	Now    func() time.Time
}

// NewOutbox returns the outbox of q's process.
func NewOutbox(db *store.DB, q *jobs.Queue, m Mailer, log *slog.Logger) *Outbox {
	if log == nil {
		log = slog.Default()
	}
	return &Outbox{DB: db, Jobs: q, Mailer: m, Log: log, Now: time.Now}
}

// SweepEvery is how often the sweep looks for unsent mails without a job.
const SweepEvery = time.Minute

// Register makes this process deliver mails: it works the mail queue with
// up to workers deliveries at once and runs the sweep every SweepEvery
// (and at start). Call it before the queue starts, and only with a mail
// relay: a process that does not register leaves mails waiting.
func (o *Outbox) Register(workers int) error {
	if err := o.Jobs.AddQueue(QueueName, workers); err != nil {
		return err
	}
	river.AddWorker(o.Jobs.Workers, &sendWorker{o: o})
	jobs.AddSweep[sweepArgs](o.Jobs, QueueName, SweepEvery, func(ctx context.Context) error {
		n, err := o.Sweep(ctx)
		if n > 0 {
			o.Log.Info("mail outbox: queued delivery of waiting mails", "mails", n)
		}
		return err
	})
	return nil
}

type sendWorker struct {
	river.WorkerDefaults[SendArgs]
	o *Outbox
}

// NextRetry is the one retry policy of deliveries.
func (w *sendWorker) NextRetry(job *river.Job[SendArgs]) time.Time {
	return w.o.Jobs.NextRetry(job.Attempt)
}

// Work sends the mail and marks it sent in the transaction that completes
// the job. A mail erased or already sent meanwhile is not sent.
func (w *sendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	o, id := w.o, job.Args.ID
	var doc string
	var sent sql.NullInt64
	err := o.DB.QueryRowContext(ctx, o.DB.Rebind(`SELECT doc, sent_at FROM mail_outbox WHERE id = ?`), id).Scan(&doc, &sent)
	if errors.Is(err, sql.ErrNoRows) || err == nil && sent.Valid {
		return nil
	}
	if err != nil {
		return errs.Wrap(err, "read mail %d", id)
	}
	var m Message
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		return river.JobCancel(errs.Wrap(err, "decode mail %d", id))
	}
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	err = o.Mailer.Send(sctx, m)
	cancel()
	if err != nil {
		wait := o.Jobs.RetryIn(job.Attempt)
		o.Log.Warn("mail outbox: send failed; will retry", "mail", id, "kind", m.Kind, "attempt", job.Attempt, "retry_in", wait.String(), "err", err)
		if err := markFailed(ctx, o.DB, id, o.Now().Add(wait), err.Error()); err != nil {
			o.Log.Error("mail outbox: record failure", "mail", id, "err", err)
		}
		return err
	}
	err = o.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := markSent(ctx, o.DB, tx, id, o.Now()); err != nil {
			return err
		}
		return jobs.CompleteTx(ctx, tx, job)
	})
	if err != nil {
		o.Log.Error("mail outbox: mark sent failed", "mail", id, "err", err)
		return err
	}
	o.Log.Info("mail outbox: mail sent", "mail", id, "kind", m.Kind, "attempt", job.Attempt)
	return nil
}

type sweepArgs struct{}

func (sweepArgs) Kind() string { return "mail_sweep" }

// Sweep inserts a delivery job for every unsent mail that has none
// waiting, running or done (unique jobs skip the others) and returns how
// many it inserted.
func (o *Outbox) Sweep(ctx context.Context) (int, error) {
	inserted := 0
	after := int64(0)
	for {
		var ids []int64
		rows, err := o.DB.QueryContext(ctx, o.DB.Rebind(`SELECT id FROM mail_outbox WHERE sent_at IS NULL AND id > ? ORDER BY id LIMIT 500`), after)
		if err != nil {
			return inserted, errs.Wrap(err, "list unsent mails")
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return inserted, errs.Wrap(err, "list unsent mails")
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return inserted, errs.Wrap(err, "list unsent mails")
		}
		if len(ids) == 0 {
			return inserted, nil
		}
		params := make([]river.InsertManyParams, len(ids))
		for i, id := range ids {
			params[i] = river.InsertManyParams{Args: SendArgs{ID: id}, InsertOpts: sendOpts()}
		}
		n, err := o.Jobs.InsertMissing(ctx, params)
		inserted += n
		if err != nil {
			return inserted, errs.Wrap(err, "queue waiting mails")
		}
		after = ids[len(ids)-1]
	}
}
