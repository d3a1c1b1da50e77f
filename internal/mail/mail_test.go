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

func queue(t *testing.T, db *store.DB, m mail.Message, now time.Time) error {
	t.Helper()
	return db.Tx(context.Background(), func(tx *sql.Tx) error { return mail.Queue(context.Background(), db, tx, m, now) })
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

// TestOutboxSurvivesOutage queues a mail while the mail server is down:
// it is retried after the backoff and arrives exactly once; a rolled-back
// transaction queues nothing.
func TestOutboxSurvivesOutage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		addr := smtptest.FreeAddr(t)
		clock := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		ob := mail.NewOutbox(db, mail.SMTPMailer{Addr: addr, From: "web@forecourt.se"}, nil)
		ob.Now = func() time.Time { return clock }
		ob.BaseDelay = time.Minute

		rollback := errors.New("rolled back")
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			if err := mail.Queue(ctx, db, tx, booking(), clock); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if err := queue(t, db, booking(), clock); err != nil {
			t.Fatal(err)
		}
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d with the server down", n)
		}
		clock = clock.Add(30 * time.Second)
		srv := smtptest.Start(t, addr)
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d before the backoff ended", n)
		}
		clock = clock.Add(31 * time.Second)
		if n := ob.Deliver(ctx); n != 1 {
			t.Fatalf("sent %d after the server came up, want 1", n)
		}
		clock = clock.Add(time.Hour)
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d more later, want none", n)
		}
		mails := srv.Messages()
		if len(mails) != 1 || !strings.Contains(mails[0].Data, "bokning.ics") {
			t.Fatalf("%d mails arrived, want exactly 1 with the calendar file", len(mails))
		}
		if sent, unsent, _ := mail.State(ctx, db); sent != 1 || unsent != 0 {
			t.Errorf("outbox sent=%d unsent=%d, want 1 and 0", sent, unsent)
		}
	})
}

// TestTwoWorkersSendOnce runs two outboxes over one store, as two server
// processes would: every mail is sent once.
func TestTwoWorkersSendOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := smtptest.Start(t, "127.0.0.1:0")
		now := time.Now()
		for i := 0; i < 20; i++ {
			if err := queue(t, db, booking(), now); err != nil {
				t.Fatal(err)
			}
		}
		a := mail.NewOutbox(db, mail.SMTPMailer{Addr: srv.Addr, From: "web@forecourt.se"}, nil)
		b := mail.NewOutbox(db, mail.SMTPMailer{Addr: srv.Addr, From: "web@forecourt.se"}, nil)
		done := make(chan int, 2)
		go func() { done <- a.Deliver(ctx) }()
		go func() { done <- b.Deliver(ctx) }()
		if n := <-done + <-done; n != 20 {
			t.Errorf("the two workers sent %d, want 20", n)
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
			if err := queue(t, db, m, now); err != nil {
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
