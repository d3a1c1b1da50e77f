package mail_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/forms/leads/smtptest"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func booking() mail.Message {
	return mail.Message{
		To:          "anna.andersson@example.se",
		Subject:     "Bokning bekräftad: service 30 november 10:00",
		Text:        "Hej Anna!\n\nVälkommen till Bilhallen Uppsala.\n",
		HTML:        "<p>Hej Anna!</p>",
		Attachments: []mail.Attachment{{Name: "bokning.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Data: []byte("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")}},
		Headers:     map[string]string{"Reply-To": "verkstad.uppsala@forecourt.se"},
		Kind:        "booking",
		Ref:         "booking:BK-7F3K9Q",
	}
}

func queue(t *testing.T, db *store.DB, q *jobs.Queue, m mail.Message, now time.Time) error {
	t.Helper()
	return db.Tx(context.Background(), func(tx *sql.Tx) error { return mail.Queue(context.Background(), db, q, tx, m, now) })
}

func TestCheckRefusesInjection(t *testing.T) {
	for name, mod := range map[string]func(m *mail.Message){
		"recipient with a second address": func(m *mail.Message) { m.To = "a@example.se\r\nBcc: b@example.se" },
		"recipient with a display name":   func(m *mail.Message) { m.To = "Anna <a@example.se>" },
		"recipient without a domain dot":  func(m *mail.Message) { m.To = "a@localhost" },
		"subject with a line break":       func(m *mail.Message) { m.Subject = "Hej\r\nBcc: b@example.se" },
		"header value with a line break":  func(m *mail.Message) { m.Headers = map[string]string{"Reply-To": "a@example.se\nBcc: b@example.se"} },
		"reserved header":                 func(m *mail.Message) { m.Headers = map[string]string{"Bcc": "b@example.se"} },
		"header name with a colon":        func(m *mail.Message) { m.Headers = map[string]string{"X-A: b": "c"} },
		"attachment name with a quote":    func(m *mail.Message) { m.Attachments[0].Name = "a\".ics" },
		"no kind":                         func(m *mail.Message) { m.Kind = "" },
	} {
		t.Run(name, func(t *testing.T) {
			m := booking()
			mod(&m)
			var e *errs.Error
			if err := m.Check(); !errors.As(err, &e) || e.Code != errs.Invalid {
				t.Fatalf("Check = %v, want an invalid error", err)
			}
		})
	}
	m := booking()
	if err := m.Check(); err != nil {
		t.Fatalf("a good mail: %v", err)
	}
}

func TestOneLine(t *testing.T) {
	for in, want := range map[string]string{
		"Anna\r\nBcc: x@example.se": "Anna Bcc: x@example.se",
		"  a\t\tb  ":                "a b",
		"rad\u2028två\x00tre":       "rad två tre",
		"Åsa Öberg":                 "Åsa Öberg",
	} {
		if got := mail.OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestComposeParses reads the composed mail back with the standard
// library: the headers, the text and HTML alternatives and the calendar
// attachment all come out as they went in.
func TestComposeParses(t *testing.T) {
	raw, err := mail.Compose("web@forecourt.se", booking(), time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	subj, _ := dec.DecodeHeader(msg.Header.Get("Subject"))
	if subj != booking().Subject {
		t.Errorf("subject %q", subj)
	}
	if got := msg.Header.Get("Reply-To"); got != "verkstad.uppsala@forecourt.se" {
		t.Errorf("Reply-To %q", got)
	}
	mt, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if mt != "multipart/mixed" {
		t.Fatalf("content type %q", mt)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	var parts []string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ct, pp, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		parts = append(parts, ct)
		if ct == "multipart/alternative" {
			ar := multipart.NewReader(p, pp["boundary"])
			for {
				ap, err := ar.NextPart()
				if err != nil {
					break
				}
				body, _ := io.ReadAll(ap) // quoted-printable is decoded by the reader
				parts = append(parts, ap.Header.Get("Content-Type")+": "+string(body))
			}
		}
		if ct == "text/calendar" {
			if pp["method"] != "REQUEST" || p.FileName() != "bokning.ics" {
				t.Errorf("calendar part %v %q", pp, p.FileName())
			}
		}
	}
	want := []string{
		"multipart/alternative",
		"text/plain; charset=utf-8: Hej Anna!\r\n\r\nVälkommen till Bilhallen Uppsala.\r\n",
		"text/html; charset=utf-8: <p>Hej Anna!</p>",
		"text/calendar",
	}
	if d := cmp.Diff(want, parts); d != "" {
		t.Errorf("parts (-want +got):\n%s", d)
	}
}

// openQueue opens a job queue over db with the retry policy's shape at
// test speed (50 ms, 100 ms, then every 200 ms) and stops it at the end.
func openQueue(t *testing.T, db *store.DB, maxAttempts int) *jobs.Queue {
	t.Helper()
	q, err := jobs.Open(context.Background(), db, nil, jobs.Options{PollInterval: 20 * time.Millisecond,
		Retry: jobs.Retry{Base: 50 * time.Millisecond, Max: 200 * time.Millisecond}, MaxAttempts: maxAttempts})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Stop(context.Background()) })
	return q
}

// startOutbox registers an outbox delivering to addr on q and starts q.
func startOutbox(t *testing.T, db *store.DB, q *jobs.Queue, addr string) *mail.Outbox {
	t.Helper()
	ob := mail.NewOutbox(db, q, mail.SMTPMailer{Addr: addr, From: "web@forecourt.se"}, nil)
	if err := ob.Register(2); err != nil {
		t.Fatal(err)
	}
	if err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	return ob
}

// waitFor polls cond every 20 ms until it holds, failing after 20 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func attempts(t *testing.T, db *store.DB) int {
	t.Helper()
	var n int
	db.QueryRow(`SELECT COALESCE(MAX(attempts), 0) FROM mail_outbox`).Scan(&n)
	return n
}

func unsent(t *testing.T, db *store.DB) (int, int) {
	t.Helper()
	sent, unsent, err := mail.State(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	return sent, unsent
}

// TestOutboxSurvivesOutage queues a mail while the mail server is down:
// its job fails and is retried after the backoff, and once the server is
// up the mail arrives exactly once; a rolled-back transaction queues
// neither the mail nor its job.
func TestOutboxSurvivesOutage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		addr := smtptest.FreeAddr(t)
		q := openQueue(t, db, 0)
		startOutbox(t, db, q, addr)

		rollback := errors.New("rolled back")
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			if err := mail.Queue(ctx, db, q, tx, booking(), time.Now()); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if err := queue(t, db, q, booking(), time.Now()); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "two failed attempts", func() bool { return attempts(t, db) >= 2 })
		if sent, _ := unsent(t, db); sent != 0 {
			t.Fatalf("sent %d with the server down", sent)
		}
		var lastErr string
		var next, created int64
		db.QueryRow(`SELECT last_error, next_attempt_at, created_at FROM mail_outbox`).Scan(&lastErr, &next, &created)
		if lastErr == "" || next <= created {
			t.Errorf("a failed attempt left last_error %q and next attempt %d (queued %d)", lastErr, next, created)
		}
		srv := smtptest.Start(t, addr)
		waitFor(t, "the mail to be sent", func() bool { sent, _ := unsent(t, db); return sent == 1 })
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if n, err := q.Pending(ctx, time.Time{}); err != nil || n != 0 {
			t.Errorf("%d jobs left (%v), want none", n, err)
		}
		mails := srv.Messages()
		if len(mails) != 1 || !strings.Contains(mails[0].Data, "bokning.ics") {
			t.Fatalf("%d mails arrived, want exactly 1 with the calendar file", len(mails))
		}
		if sent, unsent := unsent(t, db); sent != 1 || unsent != 0 {
			t.Errorf("outbox sent=%d unsent=%d, want 1 and 0", sent, unsent)
		}
	})
}

// TestMailWaitsPastLastAttempt: a mail whose job ran out of attempts while
// the mail server was down is not dropped: the sweep queues it again and
// it goes once the server is back; a mail written without a job (a
// command-line tool runs no queue) is queued by the sweep too.
func TestMailWaitsPastLastAttempt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		addr := smtptest.FreeAddr(t)
		q := openQueue(t, db, 1)
		ob := startOutbox(t, db, q, addr)
		if err := queue(t, db, q, booking(), time.Now()); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the one attempt", func() bool { return attempts(t, db) == 1 })
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := q.Pending(ctx, time.Time{}); n != 0 {
			t.Fatalf("%d jobs pending, want the mail's discarded", n)
		}
		if _, unsent := unsent(t, db); unsent != 1 {
			t.Fatalf("%d mails unsent, want the one still waiting", unsent)
		}
		// A command-line tool writes the mail only.
		if err := queue(t, db, nil, booking(), time.Now()); err != nil {
			t.Fatal(err)
		}
		srv := smtptest.Start(t, addr)
		if n, err := ob.Sweep(ctx); err != nil || n != 2 {
			t.Fatalf("sweep queued %d (%v), want 2", n, err)
		}
		waitFor(t, "both mails to be sent", func() bool { sent, _ := unsent(t, db); return sent == 2 })
		if n, err := ob.Sweep(ctx); err != nil || n != 0 {
			t.Errorf("a second sweep queued %d (%v), want none", n, err)
		}
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if got := len(srv.Messages()); got != 2 {
			t.Errorf("%d mails arrived, want 2", got)
		}
	})
}

// TestTwoWorkersSendOnce runs two job queues over one store, as two server
// processes would: every mail is sent once.
func TestTwoWorkersSendOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := smtptest.Start(t, "127.0.0.1:0")
		a, b := openQueue(t, db, 0), openQueue(t, db, 0)
		now := time.Now()
		for i := 0; i < 20; i++ {
			if err := queue(t, db, a, booking(), now); err != nil {
				t.Fatal(err)
			}
		}
		startOutbox(t, db, a, srv.Addr)
		startOutbox(t, db, b, srv.Addr)
		waitFor(t, "20 mails to be sent", func() bool { sent, _ := unsent(t, db); return sent == 20 })
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := a.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		if got := len(srv.Messages()); got != 20 {
			t.Errorf("%d mails arrived, want 20", got)
		}
	})
}

func TestExportAndErase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now()
		other := booking()
		other.To = "verkstad.uppsala@forecourt.se"
		for _, m := range []mail.Message{booking(), booking(), other} {
			if err := queue(t, db, nil, m, now); err != nil {
				t.Fatal(err)
			}
		}
		got, err := mail.ExportRecipient(ctx, db, "Anna.Andersson@example.se")
		if err != nil || len(got) != 2 || got[0].Attachments[0].Name != "bokning.ics" {
			t.Fatalf("export: %d mails, %v", len(got), err)
		}
		if n, err := mail.EraseRecipient(ctx, db, "anna.andersson@example.se"); n != 2 || err != nil {
			t.Fatalf("erase: %d, %v", n, err)
		}
		var n int
		err = db.Tx(ctx, func(tx *sql.Tx) error {
			var err error
			n, err = mail.EraseRefs(ctx, tx, db, []string{"booking:BK-7F3K9Q"})
			return err
		})
		if n != 1 || err != nil {
			t.Fatalf("erase refs: %d, %v", n, err)
		}
		if sent, unsent, _ := mail.State(ctx, db); sent+unsent != 0 {
			t.Errorf("%d mails left", sent+unsent)
		}
	})
}
