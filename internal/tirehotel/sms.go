package tirehotel

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"forecourt/internal/errs"
	"forecourt/internal/jobs"
)

// SMS is one text message; To is E.164.
type SMS struct {
	To   string
	Body string
}

// SMSProvider sends one SMS. A PermanentError is not retried.
type SMSProvider interface {
	Send(ctx context.Context, m SMS) error
}

// PermanentError marks a send that will fail the same way again (a
// rejected number, bad credentials).
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "permanent: " + e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Gateway sends SMS through an HTTP gateway with a Twilio-style form POST:
// To, From and Body as application/x-www-form-urlencoded, HTTP basic
// authentication with User and Token. Any 2xx is success; 408, 429 and 5xx
// are retried, other 4xx are permanent.
type Gateway struct {
	URL    string // SMS_GATEWAY_URL
	User   string // SMS_GATEWAY_USER
	Token  string // SMS_GATEWAY_TOKEN
	Sender string // SMS_SENDER: the From of every message
	// Client defaults to one with a 10 s timeout.
	Client *http.Client
}

// Send implements SMSProvider.
func (g *Gateway) Send(ctx context.Context, m SMS) error {
	c := g.Client
	if c == nil {
		c = &http.Client{Timeout: 10 * time.Second}
	}
	form := url.Values{"To": {m.To}, "From": {g.Sender}, "Body": {m.Body}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL, strings.NewReader(form.Encode()))
	if err != nil {
		return &PermanentError{err}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if g.User != "" || g.Token != "" {
		req.SetBasicAuth(g.User, g.Token)
	}
	resp, err := c.Do(req)
	if err != nil {
		// Never the URL's query or the form: the error names the host only.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("sms gateway: %w", err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == 408 || resp.StatusCode == 429 || resp.StatusCode >= 500:
		return fmt.Errorf("sms gateway answered %d", resp.StatusCode)
	default:
		return &PermanentError{fmt.Errorf("sms gateway answered %d", resp.StatusCode)}
	}
}

// DevOutbox is the provider without a gateway: nothing leaves the machine;
// the messages stay readable in the outbox for GET /_dev/sms.
type DevOutbox struct{}

// Send implements SMSProvider.
func (DevOutbox) Send(context.Context, SMS) error { return nil }

const purposeSMS = "tirehotel/sms"

// SMSArgs is the delivery job of one text message: its row in the SMS
// outbox, where number and text are sealed (River keeps arguments in
// clear).
type SMSArgs struct {
	ID int64 `json:"id"`
}

// Kind implements river.JobArgs.
func (SMSArgs) Kind() string { return "sms_send" }

// smsOpts: unique by the row, so the sweep never adds a second job for a
// message whose job is still waiting, running or done.
func smsOpts() *river.InsertOpts {
	return &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// queueSMSTx stores m in the outbox inside tx (sealed), given up at
// expires, and inserts its delivery job in the same transaction (without
// a job queue only the row: the sweep of a running server sends it).
func (s *Store) queueSMSTx(ctx context.Context, tx *sql.Tx, m SMS, now, expires time.Time) error {
	var id int64
	err := tx.QueryRowContext(ctx, s.db.Rebind(`INSERT INTO tirehotel_sms_outbox (to_enc, phone_mac, body_enc, next_attempt_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`),
		s.keys.Seal(purposeSMS+"/to", []byte(m.To)), s.PhoneMAC(m.To), s.keys.Seal(purposeSMS+"/body", []byte(m.Body)), ms(now), ms(expires), ms(now)).Scan(&id)
	if err != nil {
		return errs.Wrap(err, "queue sms")
	}
	if s.Jobs == nil {
		return nil
	}
	return errs.Wrap(s.Jobs.InsertTx(ctx, tx, SMSArgs{ID: id}, smsOpts()), "queue sms delivery")
}

// QueueSMSTx queues a text message to to (E.164) inside tx, given up
// unsent after expires: the one way a text message is sent, a login code
// as much as a booking's messages (internal/booking/bookingsms).
func (s *Store) QueueSMSTx(ctx context.Context, tx *sql.Tx, to, body string, expires time.Time) error {
	return s.queueSMSTx(ctx, tx, SMS{To: to, Body: body}, time.Now(), expires)
}

// smsRow is a queued message as the worker reads it.
type smsRow struct {
	expires    int64
	toE, bodyE string
	done       bool // sent or given up
}

func (s *Store) readSMS(ctx context.Context, id int64) (smsRow, error) {
	var r smsRow
	var sent, gaveUp sql.NullInt64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT expires_at, to_enc, body_enc, sent_at, given_up_at FROM tirehotel_sms_outbox WHERE id = ?`), id).
		Scan(&r.expires, &r.toE, &r.bodyE, &sent, &gaveUp)
	if errors.Is(err, sql.ErrNoRows) {
		return smsRow{done: true}, nil // erased
	}
	r.done = sent.Valid || gaveUp.Valid
	return r, errs.Wrap(err, "read sms %d", id)
}

func (s *Store) giveUpSMS(ctx context.Context, id int64, now time.Time, cause string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET given_up_at = ?, body_enc = '', last_error = ?
		WHERE id = ? AND sent_at IS NULL AND given_up_at IS NULL`), ms(now), cause, id)
	return errs.Wrap(err, "give up sms %d", id)
}

func (s *Store) markSMSSent(ctx context.Context, tx *sql.Tx, id int64, now time.Time, keepBody bool) error {
	q := `UPDATE tirehotel_sms_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`
	if !keepBody {
		// The code in it is not needed once it left; keep no copy.
		q = `UPDATE tirehotel_sms_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '', body_enc = '' WHERE id = ?`
	}
	_, err := tx.ExecContext(ctx, s.db.Rebind(q), ms(now), id)
	return errs.Wrap(err, "mark sms %d sent", id)
}

func (s *Store) markSMSFailed(ctx context.Context, id int64, next time.Time, giveUp bool, cause string) error {
	if len(cause) > 300 {
		cause = cause[:300]
	}
	if giveUp {
		_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET attempts = attempts + 1, given_up_at = ?, body_enc = '', last_error = ? WHERE id = ?`), ms(next), cause, id)
		return errs.Wrap(err, "give up sms %d", id)
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?`), ms(next), cause, id)
	return errs.Wrap(err, "mark sms %d failed", id)
}

// DevSMS is one message of the development outbox.
type DevSMS struct {
	To   string    `json:"to"`
	Body string    `json:"body"`
	Time time.Time `json:"time"`
}

// DevMessages returns the newest limit messages of the outbox, newest
// first, opened. Only the development outbox keeps bodies after sending.
func (s *Store) DevMessages(ctx context.Context, limit int) ([]DevSMS, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT to_enc, body_enc, created_at FROM tirehotel_sms_outbox ORDER BY id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, errs.Wrap(err, "list sms")
	}
	defer rows.Close()
	out := []DevSMS{}
	for rows.Next() {
		var toE, bodyE string
		var at int64
		if err := rows.Scan(&toE, &bodyE, &at); err != nil {
			return nil, errs.Wrap(err, "scan sms")
		}
		to, err1 := s.keys.Open(purposeSMS+"/to", toE)
		body, err2 := s.keys.Open(purposeSMS+"/body", bodyE)
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, DevSMS{To: string(to), Body: string(body), Time: fromMS(at)})
	}
	return out, errs.Wrap(rows.Err(), "list sms")
}

// SMSSender delivers queued text messages as jobs of the job queue, one
// job per message retried under the queue's retry policy (jobs.Retry)
// until the message expires with its code, and a periodic sweep that
// queues a new job for a message still due whose job is gone. Rows live
// in the store, so a gateway outage or a restart loses no code request.
type SMSSender struct {
	Store    *Store
	Provider SMSProvider
	Log      *slog.Logger
	// KeepBodies keeps sent texts readable (the development outbox).
	KeepBodies bool
	Now        func() time.Time
}

// NewSMSSender returns the sender of st's messages (its Jobs queue)
// through p.
func NewSMSSender(st *Store, p SMSProvider, log *slog.Logger) *SMSSender {
	if log == nil {
		log = slog.Default()
	}
	o := &SMSSender{Store: st, Provider: p, Log: log, Now: time.Now}
	_, o.KeepBodies = p.(DevOutbox)
	return o
}

// SMSSweepEvery is how often the sweep looks for due messages without a job.
const SMSSweepEvery = time.Minute

// Register adds the delivery worker and the sweep (every SMSSweepEvery
// and at start) to the store's job queue; call it before the queue starts.
func (o *SMSSender) Register() {
	q := o.Store.Jobs
	river.AddWorker(q.Workers, &smsWorker{o: o})
	jobs.AddSweep[smsSweepArgs](q, "", SMSSweepEvery, func(ctx context.Context) error {
		_, err := o.Sweep(ctx)
		return err
	})
}

type smsWorker struct {
	river.WorkerDefaults[SMSArgs]
	o *SMSSender
}

// NextRetry is the one retry policy of deliveries.
func (w *smsWorker) NextRetry(job *river.Job[SMSArgs]) time.Time {
	return w.o.Store.Jobs.NextRetry(job.Attempt)
}

// Work sends one message. A message past its expiry, or failing for good
// (a PermanentError, or a retry that would come after it expires), is
// given up and never sent. Logs name message ids only: never numbers or
// texts.
func (w *smsWorker) Work(ctx context.Context, job *river.Job[SMSArgs]) error {
	o, id := w.o, job.Args.ID
	st := o.Store
	r, err := st.readSMS(ctx, id)
	if err != nil || r.done {
		return err
	}
	now := o.Now()
	if r.expires <= ms(now) {
		// Its code is dead: never send it.
		return st.giveUpSMS(ctx, id, now, "expired")
	}
	to, err1 := st.keys.Open(purposeSMS+"/to", r.toE)
	body, err2 := st.keys.Open(purposeSMS+"/body", r.bodyE)
	if err1 != nil || err2 != nil {
		return st.giveUpSMS(ctx, id, now, "does not open under the current key")
	}
	sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	err = o.Provider.Send(sctx, SMS{To: string(to), Body: string(body)})
	cancel()
	now = o.Now()
	if err != nil {
		wait := st.Jobs.RetryIn(job.Attempt)
		var perm *PermanentError
		giveUp := errors.As(err, &perm) || !now.Add(wait).Before(fromMS(r.expires))
		o.Log.Warn("sms outbox: send failed", "sms", id, "attempt", job.Attempt, "given_up", giveUp, "retry_in", wait.String(), "err", err)
		next := now.Add(wait)
		if giveUp {
			next = now
		}
		if err := st.markSMSFailed(ctx, id, next, giveUp, err.Error()); err != nil {
			o.Log.Error("sms outbox: record failure", "sms", id, "err", err)
		}
		if giveUp {
			return river.JobCancel(err)
		}
		return err
	}
	err = st.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := st.markSMSSent(ctx, tx, id, now, o.KeepBodies); err != nil {
			return err
		}
		return jobs.CompleteTx(ctx, tx, job)
	})
	if err != nil {
		o.Log.Error("sms outbox: mark sent failed", "sms", id, "err", err)
		return err
	}
	o.Log.Info("sms outbox: sent", "sms", id, "attempt", job.Attempt)
	return nil
}

type smsSweepArgs struct{}

func (smsSweepArgs) Kind() string { return "sms_sweep" }

// Sweep gives up the unsent messages past their expiry and inserts a
// delivery job for every other unsent one that has none waiting, running
// or done (unique jobs skip those); it returns how many jobs it inserted.
func (o *SMSSender) Sweep(ctx context.Context) (int, error) {
	st := o.Store
	now := o.Now()
	if _, err := st.db.ExecContext(ctx, st.db.Rebind(`UPDATE tirehotel_sms_outbox SET given_up_at = ?, body_enc = '', last_error = 'expired'
		WHERE sent_at IS NULL AND given_up_at IS NULL AND expires_at <= ?`), ms(now), ms(now)); err != nil {
		return 0, errs.Wrap(err, "give up expired sms")
	}
	rows, err := st.db.QueryContext(ctx, st.db.Rebind(`SELECT id FROM tirehotel_sms_outbox WHERE sent_at IS NULL AND given_up_at IS NULL ORDER BY id LIMIT 1000`))
	if err != nil {
		return 0, errs.Wrap(err, "list due sms")
	}
	var params []river.InsertManyParams
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, errs.Wrap(err, "list due sms")
		}
		params = append(params, river.InsertManyParams{Args: SMSArgs{ID: id}, InsertOpts: smsOpts()})
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(params) == 0 {
		return 0, errs.Wrap(err, "list due sms")
	}
	inserted, err := st.Jobs.InsertMissing(ctx, params)
	return inserted, errs.Wrap(err, "queue due sms")
}
