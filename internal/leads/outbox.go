package leads

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"net/smtp"
	"strings"
	"time"
)

// Mailer sends one e-mail.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// SMTPMailer sends through an SMTP relay with net/smtp (no authentication;
// STARTTLS when the server offers it).
type SMTPMailer struct {
	Addr string // host:port, SMTP_ADDR
	From string // SMTP_FROM
}

// Send implements Mailer.
func (m SMTPMailer) Send(ctx context.Context, msg Message) error {
	var b strings.Builder
	id := make([]byte, 12)
	rand.Read(id)
	domain := "forecourt.local"
	if at := strings.LastIndexByte(m.From, '@'); at >= 0 {
		domain = m.From[at+1:]
	}
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMessage-ID: <%s@%s>\r\n",
		m.From, msg.To, mime.QEncoding.Encode("utf-8", msg.Subject), time.Now().UTC().Format(time.RFC1123Z), hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(msg.Body)
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(m.Addr, nil, m.From, []string{msg.To}, []byte(b.String())) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Outbox delivers queued lead mails: it claims due mails, sends them and
// reschedules failures with exponential backoff (BaseDelay·2^attempts,
// capped at MaxDelay). Mails stay in the store until sent, so nothing is
// lost while the mail server is down or the process restarts.
type Outbox struct {
	Store  *Store
	Mailer Mailer
	Log    *slog.Logger
	// Poll is how often due mails are looked for (default 2 s); Kick wakes
	// the worker at once after a new lead.
	Poll      time.Duration
	BaseDelay time.Duration // default 5 s
	MaxDelay  time.Duration // default 15 min
	Lease     time.Duration // default 2 min: how long a claimed mail is hidden from other workers
	Now       func() time.Time

	kick chan struct{}
}

func (o *Outbox) init() {
	if o.kick == nil {
		o.kick = make(chan struct{}, 1)
	}
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
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

// NewOutbox returns an Outbox with its defaults set; set fields before Run.
func NewOutbox(st *Store, m Mailer, log *slog.Logger) *Outbox {
	o := &Outbox{Store: st, Mailer: m, Log: log}
	o.init()
	return o
}

// Kick asks the worker to look for due mails now.
func (o *Outbox) Kick() {
	o.init()
	select {
	case o.kick <- struct{}{}:
	default:
	}
}

// Backoff is the wait after the n-th failed attempt (n from 1).
func (o *Outbox) Backoff(n int) time.Duration {
	o.init()
	d := o.BaseDelay
	for i := 1; i < n && d < o.MaxDelay; i++ {
		d *= 2
	}
	return min(d, o.MaxDelay)
}

// Run delivers mails until ctx is done.
func (o *Outbox) Run(ctx context.Context) {
	o.init()
	t := time.NewTicker(o.Poll)
	defer t.Stop()
	for {
		o.Deliver(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-o.kick:
		}
	}
}

// Deliver sends every mail due now once and returns how many were sent.
func (o *Outbox) Deliver(ctx context.Context) int {
	o.init()
	sent := 0
	for ctx.Err() == nil {
		batch, err := o.Store.Claim(ctx, o.Now(), o.Lease, 20)
		if err != nil {
			o.Log.Error("lead outbox: claim failed", "err", err)
			return sent
		}
		if len(batch) == 0 {
			return sent
		}
		for _, p := range batch {
			sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			err := o.Mailer.Send(sctx, p.Message)
			cancel()
			if err != nil {
				wait := o.Backoff(p.Attempts + 1)
				o.Log.Warn("lead outbox: send failed; will retry", "mail", p.ID, "attempt", p.Attempts+1, "retry_in", wait.String(), "err", err)
				if err := o.Store.MarkFailed(ctx, p.ID, o.Now().Add(wait), err.Error()); err != nil {
					o.Log.Error("lead outbox: reschedule failed", "mail", p.ID, "err", err)
				}
				continue
			}
			if err := o.Store.MarkSent(ctx, p.ID, o.Now()); err != nil {
				o.Log.Error("lead outbox: mark sent failed", "mail", p.ID, "err", err)
				continue
			}
			o.Log.Info("lead outbox: mail sent", "mail", p.ID, "attempt", p.Attempts+1)
			sent++
		}
	}
	return sent
}
