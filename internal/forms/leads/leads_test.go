package leads_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/forms/leads"
	"forecourt/internal/forms/leads/smtptest"
	"forecourt/internal/jobs"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

func body(mod func(m map[string]any)) []byte {
	m := map[string]any{
		"formName":         "carDetailContact",
		"formSubmissionId": "sub-0000000001",
		"values": map[string]any{
			"car": "1000123", "name": "Anna Andersson", "phone": "+46 70 123 45 67", "email": "anna@example.se",
			"message": "Hej!", "quote": true, "testDrive": false, "toName": "Bilhallen", "toEmail": "sales@dealer.se",
			"source": "https://forecourt.se/bilar/1000123/volvo",
		},
	}
	if mod != nil {
		mod(m)
	}
	b, _ := json.Marshal(m)
	return b
}

func values(m map[string]any) map[string]any { return m["values"].(map[string]any) }

func TestParseSubmission(t *testing.T) {
	tests := []struct {
		name string
		mod  func(m map[string]any)
		want map[string]string
	}{
		{"valid", nil, nil},
		{"phone with letters", func(m map[string]any) { values(m)["phone"] = "070-ABC" }, map[string]string{"values.phone": "invalidInput"}},
		{"phone too short", func(m map[string]any) { values(m)["phone"] = "12345" }, map[string]string{"values.phone": "invalidInput"}},
		{"phone too long", func(m map[string]any) { values(m)["phone"] = "+123456789012345678901" }, map[string]string{"values.phone": "invalidInput"}},
		{"missing name and bad email", func(m map[string]any) { values(m)["name"] = " "; values(m)["email"] = "anna@" }, map[string]string{"values.name": "invalidInput", "values.email": "invalidInput"}},
		{"non-numeric car", func(m map[string]any) { values(m)["car"] = "abc" }, map[string]string{"values.car": "invalidInput"}},
		// The recipient is the server's choice: an empty or foreign toEmail is no error.
		{"no recipient", func(m map[string]any) { values(m)["toEmail"] = "" }, nil},
		{"name with a line break", func(m map[string]any) { values(m)["name"] = "Anna\r\nBcc: x@evil.example" }, map[string]string{"values.name": "invalidInput"}},
		{"source with a line break", func(m map[string]any) { values(m)["source"] = "https://x/\nBcc: y" }, map[string]string{"values.source": "invalidInput"}},
		{"message too long", func(m map[string]any) { values(m)["message"] = strings.Repeat("a", 4001) }, map[string]string{"values.message": "invalidInput"}},
		{"no submission id", func(m map[string]any) { m["formSubmissionId"] = "" }, map[string]string{"formSubmissionId": "invalidInput"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub, err := leads.ParseSubmission(body(tt.mod))
			if tt.want == nil {
				if err != nil {
					t.Fatal(err)
				}
				if sub.CarID != 1000123 || sub.Values.Phone != "+46701234567" {
					t.Errorf("parsed %+v", sub)
				}
				return
			}
			var e *errs.Error
			if !errs.Is(err, errs.Invalid) || !asErr(err, &e) {
				t.Fatalf("err = %v, want invalid", err)
			}
			if d := cmp.Diff(tt.want, map[string]string(e.Fields)); d != "" {
				t.Errorf("fields (-want +got):\n%s", d)
			}
		})
	}
}

func asErr(err error, e **errs.Error) bool {
	x, ok := err.(*errs.Error)
	*e = x
	return ok
}

func mustForm(t *testing.T, id string) *leads.Form {
	t.Helper()
	b := body(func(m map[string]any) { m["formSubmissionId"] = id })
	f, err := leads.ParseForm(b, time.Now(), "SE")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var dealer = leads.Recipient{Name: "Bilhallen", Email: "sales@dealer.se"}

func TestSaveIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := leads.NewStore(db)
		now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		f := mustForm(t, "sub-aaaaaaaa01")
		text := f.Mail(dealer, "Volvo XC60 2024", "en")
		first, created, err := st.Save(ctx, "group-se", f, dealer, text, "nonce-1", now)
		if err != nil || !created {
			t.Fatalf("first save: created=%v err=%v", created, err)
		}
		again, created, err := st.Save(ctx, "group-se", f, dealer, text, "nonce-1", now.Add(time.Second))
		if err != nil || created {
			t.Fatalf("second save: created=%v err=%v", created, err)
		}
		if first.ID != again.ID {
			t.Errorf("ids %d and %d, want the same lead", first.ID, again.ID)
		}
		var got leads.Values
		json.Unmarshal(again.Values, &got)
		if d := cmp.Diff(f.Car().Values, got); d != "" {
			t.Errorf("stored values (-want +got):\n%s", d)
		}
		if again.Email != "anna@example.se" || again.Recipient != "sales@dealer.se" {
			t.Errorf("email %q recipient %q", again.Email, again.Recipient)
		}
		if n, _ := st.Count(ctx); n != 1 {
			t.Errorf("%d leads stored, want 1", n)
		}
		if _, unsent, _ := mail.State(ctx, db); unsent != 1 {
			t.Errorf("%d mails queued, want 1", unsent)
		}
		if _, err := st.BySubmission(ctx, "group-se", "sub-unknown-1"); !errs.Is(err, errs.NotFound) {
			t.Errorf("unknown submission: %v, want not found", err)
		}
		// The same ticket for another submission: refused, nothing stored.
		other := mustForm(t, "sub-aaaaaaaa02")
		_, _, err = st.Save(ctx, "group-se", other, dealer, other.Mail(dealer, "Volvo", "en"), "nonce-1", now)
		var e *errs.Error
		if !asErr(err, &e) || e.Fields["ticket"] != forms.TicketUsed {
			t.Errorf("reused ticket: %v, want ticketUsed", err)
		}
		if n, _ := st.Count(ctx); n != 1 {
			t.Errorf("%d leads after the refused one, want 1", n)
		}
		if _, unsent, _ := mail.State(ctx, db); unsent != 1 {
			t.Errorf("%d mails after the refused one, want 1", unsent)
		}
	})
}

// TestSaveNothingHalfStored: a mail the outbox refuses (a bad recipient)
// rolls the lead back too.
func TestSaveNothingHalfStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := leads.NewStore(db)
		f := mustForm(t, "sub-halfstored1")
		bad := leads.Recipient{Email: "not an address"}
		if _, _, err := st.Save(ctx, "group-se", f, bad, f.Mail(bad, "Volvo", "en"), "n-half", time.Now()); err == nil {
			t.Fatal("saved with a bad recipient")
		}
		if n, _ := st.Count(ctx); n != 0 {
			t.Errorf("%d leads stored, want 0", n)
		}
		if _, unsent, _ := mail.State(ctx, db); unsent != 0 {
			t.Errorf("%d mails queued, want 0", unsent)
		}
	})
}

// TestLeadMailArrives queues a lead while the mail server is down, lets the
// shared outbox's job fail and back off, then starts the server on the
// same address: the dealer's mail arrives exactly once.
func TestLeadMailArrives(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := leads.NewStore(db)
		addr := smtptest.FreeAddr(t)
		q, err := jobs.Open(ctx, db, nil, jobs.Options{PollInterval: 20 * time.Millisecond,
			Retry: jobs.Retry{Base: 50 * time.Millisecond, Max: 200 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Stop(ctx)
		st.Jobs = q
		ob := mail.NewOutbox(db, q, mail.SMTPMailer{Addr: addr, From: "web@forecourt.se"}, nil)
		if err := ob.Register(1); err != nil {
			t.Fatal(err)
		}
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		state := func() (sent, attempts int) {
			db.QueryRow(`SELECT COALESCE(SUM(CASE WHEN sent_at IS NULL THEN 0 ELSE 1 END), 0), COALESCE(MAX(attempts), 0) FROM mail_outbox`).Scan(&sent, &attempts)
			return sent, attempts
		}
		wait := func(what string, cond func() bool) {
			t.Helper()
			for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("timed out waiting for %s", what)
				}
			}
		}

		f := mustForm(t, "sub-outage-001")
		if _, _, err := st.Save(ctx, "group-se", f, dealer, f.Mail(dealer, "Volvo XC60 2024", "en"), "", time.Now()); err != nil {
			t.Fatal(err)
		}
		wait("a failed attempt", func() bool { _, n := state(); return n >= 1 })
		if sent, _ := state(); sent != 0 {
			t.Fatalf("sent %d with the server down", sent)
		}
		srv := smtptest.Start(t, addr)
		wait("the mail to be sent", func() bool { sent, _ := state(); return sent == 1 })
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := q.Drain(dctx); err != nil {
			t.Fatal(err)
		}
		mails := srv.Messages()
		if len(mails) != 1 {
			t.Fatalf("%d mails arrived, want exactly 1", len(mails))
		}
		m := mails[0]
		if d := cmp.Diff([]string{"sales@dealer.se"}, m.To); d != "" {
			t.Errorf("recipients (-want +got):\n%s", d)
		}
		for _, want := range []string{"Anna Andersson", "Phone: +46701234567", "Wants a quote: yes", "sub-outage-001", "Reply-To: anna@example.se"} {
			if !strings.Contains(m.Data, want) {
				t.Errorf("mail lacks %q:\n%s", want, m.Data)
			}
		}
	})
}

// TestMoveLegacyOutbox: an unsent mail of the old lead outbox moves to the
// shared outbox once, keeping its recipient and text; sent ones stay put.
func TestMoveLegacyOutbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		var id int64
		q := `INSERT INTO leads (site_name, submission_id, form_name, car_id, doc, email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`
		if err := db.QueryRow(db.Rebind(q), "group-se", "legacy-00001", "carDetailContact", 1, `{"email":"old@example.se"}`, "old@example.se", now.UnixMilli()).Scan(&id); err != nil {
			t.Fatal(err)
		}
		for _, sent := range []any{nil, now.UnixMilli()} {
			if _, err := db.Exec(db.Rebind(`INSERT INTO leads_outbox (lead_id, to_addr, subject, body, next_attempt_at, sent_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
				id, "sales@dealer.se", "Lead: Volvo", "Name: Old\r\n", now.UnixMilli(), sent, now.UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		st := leads.NewStore(db)
		for i, want := range []int{1, 0} {
			n, err := st.MoveLegacyOutbox(ctx, now)
			if err != nil || n != want {
				t.Fatalf("run %d: moved %d, %v; want %d", i, n, err, want)
			}
		}
		got, _ := mail.ExportRecipient(ctx, db, "sales@dealer.se")
		if len(got) != 1 || got[0].Ref != "lead:legacy-00001" || got[0].Text != "Name: Old\r\n" || got[0].Headers["Reply-To"] != "old@example.se" {
			t.Errorf("moved %+v", got)
		}
	})
}

// TestSubmissionIDPerSite: a formSubmissionId is unique per site. The same
// id sent to another site is that site's own lead, stored and mailed; sent
// again to either site it stores nothing new (21.24).
func TestSubmissionIDPerSite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		st := leads.NewStore(db)
		now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		f := mustForm(t, "sub-shared-0001")
		text := f.Mail(dealer, "Volvo XC60 2024", "en")
		for i, s := range []struct {
			site, nonce string
			created     bool
		}{{"group-se", "nonce-se", true}, {"group-no", "nonce-no", true}, {"group-se", "nonce-se2", false}, {"group-no", "nonce-no2", false}} {
			lead, created, err := st.Save(ctx, s.site, f, dealer, text, s.nonce, now.Add(time.Duration(i)*time.Second))
			if err != nil || created != s.created || lead.SiteName != s.site {
				t.Fatalf("save %d on %s: created=%v lead site %q err=%v; want created=%v", i, s.site, created, lead.SiteName, err, s.created)
			}
		}
		if n, _ := st.Count(ctx); n != 2 {
			t.Errorf("%d leads, want one per site", n)
		}
		if _, unsent, _ := mail.State(ctx, db); unsent != 2 {
			t.Errorf("%d mails queued, want one per site", unsent)
		}
		for _, site := range []string{"group-se", "group-no"} {
			if ok, err := st.Exists(ctx, site, "sub-shared-0001"); !ok || err != nil {
				t.Errorf("%s: exists %v %v", site, ok, err)
			}
		}
		if ok, _ := st.Exists(ctx, "group-dk", "sub-shared-0001"); ok {
			t.Error("group-dk has a lead it was never sent")
		}
	})
}
