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

	"forecourt/internal/errs"
	"forecourt/internal/outbox"
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

// queueSMSTx stores m in the outbox inside tx (sealed), due now and given
// up at expires.
func (s *Store) queueSMSTx(ctx context.Context, tx *sql.Tx, m SMS, now, expires time.Time) error {
	_, err := tx.ExecContext(ctx, s.db.Rebind(`INSERT INTO tirehotel_sms_outbox (to_enc, phone_mac, body_enc, next_attempt_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`),
		s.keys.Seal(purposeSMS+"/to", []byte(m.To)), s.PhoneMAC(m.To), s.keys.Seal(purposeSMS+"/body", []byte(m.Body)), ms(now), ms(expires), ms(now))
	return errs.Wrap(err, "queue sms")
}

// QueueSMSTx queues a text message to to (E.164) inside tx, given up
// unsent after expires: how a booking's messages (internal/booking/
// bookingsms) reach this outbox and its gateway or development page.
func (s *Store) QueueSMSTx(ctx context.Context, tx *sql.Tx, to, body string, expires time.Time) error {
	return s.queueSMSTx(ctx, tx, SMS{To: to, Body: body}, time.Now(), expires)
}

// pendingSMS is a claimed outbox row.
type pendingSMS struct {
	ID       int64
	Attempts int
	Expires  time.Time
	SMS      SMS
}

// claimSMS leases up to limit due messages to this worker; due messages
// past their expiry are given up instead. With nothing due it only reads.
func (s *Store) claimSMS(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]pendingSMS, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, attempts, next_attempt_at, expires_at, to_enc, body_enc FROM tirehotel_sms_outbox
		WHERE sent_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`), ms(now), limit)
	if err != nil {
		return nil, errs.Wrap(err, "list due sms")
	}
	type row struct {
		p          pendingSMS
		next, exp  int64
		toE, bodyE string
	}
	var due []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.p.ID, &r.p.Attempts, &r.next, &r.exp, &r.toE, &r.bodyE); err != nil {
			rows.Close()
			return nil, errs.Wrap(err, "scan due sms")
		}
		due = append(due, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, errs.Wrap(err, "list due sms")
	}
	var out []pendingSMS
	for _, r := range due {
		if r.exp <= ms(now) {
			// Its code is dead: never send it.
			if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET given_up_at = ?, body_enc = '', last_error = 'expired'
				WHERE id = ? AND sent_at IS NULL AND given_up_at IS NULL`), ms(now), r.p.ID); err != nil {
				return nil, errs.Wrap(err, "give up sms %d", r.p.ID)
			}
			continue
		}
		res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET next_attempt_at = ? WHERE id = ? AND sent_at IS NULL AND next_attempt_at = ?`),
			ms(now.Add(lease)), r.p.ID, r.next)
		if err != nil {
			return nil, errs.Wrap(err, "claim sms %d", r.p.ID)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue
		}
		to, err1 := s.keys.Open(purposeSMS+"/to", r.toE)
		body, err2 := s.keys.Open(purposeSMS+"/body", r.bodyE)
		if err1 != nil || err2 != nil {
			s.db.ExecContext(ctx, s.db.Rebind(`UPDATE tirehotel_sms_outbox SET given_up_at = ?, last_error = 'does not open under the current key' WHERE id = ?`), ms(now), r.p.ID)
			continue
		}
		r.p.SMS = SMS{To: string(to), Body: string(body)}
		r.p.Expires = fromMS(r.exp)
		out = append(out, r.p)
	}
	return out, nil
}

func (s *Store) markSMSSent(ctx context.Context, id int64, now time.Time, keepBody bool) error {
	q := `UPDATE tirehotel_sms_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '' WHERE id = ?`
	if !keepBody {
		// The code in it is not needed once it left; keep no copy.
		q = `UPDATE tirehotel_sms_outbox SET sent_at = ?, attempts = attempts + 1, last_error = '', body_enc = '' WHERE id = ?`
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(q), ms(now), id)
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

// SMSOutbox delivers queued SMS with retries and backoff (BaseDelay·2^n,
// at most MaxDelay) until each message expires with its code; rows live
// in the store, so a gateway outage or a restart loses no code request.
type SMSOutbox struct {
	Store    *Store
	Provider SMSProvider
	Log      *slog.Logger
	// KeepBodies keeps sent texts readable (the development outbox).
	KeepBodies bool
	Poll       time.Duration // default 2 s
	BaseDelay  time.Duration // default 2 s
	MaxDelay   time.Duration // default 1 min
	Lease      time.Duration // default 1 min
	Now        func() time.Time

	loop outbox.Loop
}

func (o *SMSOutbox) init() {
	o.loop.Init()
	if o.BaseDelay <= 0 {
		o.BaseDelay = 2 * time.Second
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = time.Minute
	}
	if o.Lease <= 0 {
		o.Lease = time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
}

// NewSMSOutbox returns an outbox with its defaults; set fields before Run.
func NewSMSOutbox(st *Store, p SMSProvider, log *slog.Logger) *SMSOutbox {
	o := &SMSOutbox{Store: st, Provider: p, Log: log}
	_, o.KeepBodies = p.(DevOutbox)
	o.init()
	return o
}

// Kick wakes the worker after a message was queued.
func (o *SMSOutbox) Kick() {
	if o == nil {
		return
	}
	o.loop.Kick()
}

// Run delivers until ctx is done.
func (o *SMSOutbox) Run(ctx context.Context) {
	o.init()
	if o.Poll > 0 {
		o.loop.Poll = o.Poll
	}
	o.loop.Run(ctx, o.Deliver)
}

// Deliver sends every due message once and returns how many were sent.
// Logs name message ids only: never numbers or texts.
func (o *SMSOutbox) Deliver(ctx context.Context) int {
	o.init()
	claimDue := func(ctx context.Context) ([]pendingSMS, error) { return o.Store.claimSMS(ctx, o.Now(), o.Lease, 20) }
	return outbox.Drain(ctx, claimDue, o.send, func(err error) { o.Log.Error("sms outbox: claim failed", "err", err) })
}

// send delivers one claimed message; a permanent failure or a retry that
// would come after the code expired gives the message up.
func (o *SMSOutbox) send(ctx context.Context, p pendingSMS) bool {
	sctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	err := o.Provider.Send(sctx, p.SMS)
	cancel()
	now := o.Now()
	if err != nil {
		wait := outbox.Backoff(o.BaseDelay, o.MaxDelay, p.Attempts+1)
		var perm *PermanentError
		giveUp := errors.As(err, &perm) || !now.Add(wait).Before(p.Expires)
		o.Log.Warn("sms outbox: send failed", "sms", p.ID, "attempt", p.Attempts+1, "given_up", giveUp, "retry_in", wait.String(), "err", err)
		next := now.Add(wait)
		if giveUp {
			next = now
		}
		if err := o.Store.markSMSFailed(ctx, p.ID, next, giveUp, err.Error()); err != nil {
			o.Log.Error("sms outbox: reschedule failed", "sms", p.ID, "err", err)
		}
		return false
	}
	if err := o.Store.markSMSSent(ctx, p.ID, now, o.KeepBodies); err != nil {
		o.Log.Error("sms outbox: mark sent failed", "sms", p.ID, "err", err)
		return false
	}
	o.Log.Info("sms outbox: sent", "sms", p.ID, "attempt", p.Attempts+1)
	return true
}
