package builder_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/forms/builder"
	"forecourt/internal/mail"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

const def = `
title: Test drive
submitLabel: Send
thankYou: Thanks
errorText: Oops
recipient: events@forecourt.se
jotformId: "2401"
fields:
  - {name: name, type: text, label: Name, required: true, maxLength: 10}
  - {name: plate, type: text, label: Plate, pattern: "[A-Z]{3}[0-9]{3}"}
  - {name: email, type: email, label: E-mail, required: true, qid: "3"}
  - {name: phone, type: phone, label: Phone}
  - {name: ukPhone, type: phone, label: UK phone, pattern: "07[0-9]{9}"}
  - {name: guests, type: number, label: Guests, min: 1, max: 4}
  - {name: model, type: select, label: Model, options: [{value: ex30, label: Volvo EX30}, {value: id4, label: VW ID.4}]}
  - {name: news, type: checkbox, label: News}
  - {name: consent, type: checkbox, label: Consent, required: true}
  - {name: notes, type: textarea, label: Notes, maxLength: 20}
  - {name: day, type: date, label: Day, min: today, max: "2026-12-31"}
`

func mustDef(t *testing.T) *builder.Definition {
	t.Helper()
	d, err := builder.ParseDefinition("group-se", "test-drive", []byte(def))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestParseDefinitionErrors(t *testing.T) {
	tests := map[string]string{
		"no title":         "submitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: text, label: A}]",
		"bad recipient":    "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: nobody\nfields: [{name: a, type: text, label: A}]",
		"no fields":        "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: []",
		"unknown type":     "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: file, label: A}]",
		"duplicate name":   "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: text, label: A}, {name: a, type: email, label: B}]",
		"bad name":         "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: 1a, type: text, label: A}]",
		"bad pattern":      "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: text, label: A, pattern: '(['}]",
		"select no opts":   "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: select, label: A}]",
		"min above max":    "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: number, label: A, min: 5, max: 1}]",
		"bad date bound":   "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: date, label: A, min: tomorrow}]",
		"unknown key":      "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\ncolour: red\nfields: [{name: a, type: text, label: A}]",
		"maxLength on num": "title: T\nsubmitLabel: a\nthankYou: b\nerrorText: c\nrecipient: a@b.se\nfields: [{name: a, type: number, label: A, maxLength: 3}]",
	}
	for name, y := range tests {
		if _, err := builder.ParseDefinition("group-se", "x", []byte(y)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := builder.ParseDefinition("group-se", "Bad_ID", []byte(def)); err == nil {
		t.Error("bad form id accepted")
	}
}

func TestLoadDemoContent(t *testing.T) {
	lib, err := builder.Load(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"nyhetsbrev", "provkorningskvall"}, lib.IDs("group-se")); d != "" {
		t.Errorf("group-se forms (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"part-exchange-evening"}, lib.IDs("group-uk")); d != "" {
		t.Errorf("group-uk forms (-want +got):\n%s", d)
	}
	if lib.Settings("group-se").SellCar.Recipient == "" || lib.Settings("group-no").ServiceRequest.MotorbikeDealer.Email == "" {
		t.Error("settings missing")
	}
	if _, err := lib.Form("group-se", "part-exchange-evening"); !errs.Is(err, errs.NotFound) {
		t.Errorf("another site's form: %v", err)
	}
	bad := fstest.MapFS{"group-se/forms/x.yaml": {Data: []byte("title: [")}}
	if _, err := builder.Load(bad); err == nil || !strings.Contains(err.Error(), "group-se/forms/x.yaml") {
		t.Errorf("bad file: %v", err)
	}
}

func raw(m map[string]any) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range m {
		b, _ := json.Marshal(v)
		out[k] = b
	}
	return out
}

func TestCheckAnswers(t *testing.T) {
	d := mustDef(t)
	day := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	base := func() map[string]any {
		return map[string]any{"name": "Anna", "email": "anna@example.se", "consent": true}
	}
	tests := []struct {
		name string
		mod  func(a map[string]any)
		want map[string]string
	}{
		{"minimal", nil, nil},
		{"everything", func(a map[string]any) {
			a["plate"], a["phone"], a["ukPhone"], a["guests"], a["model"], a["news"], a["notes"], a["day"] = "ABC123", "+46 70 1234567", "07700900123", "2", "id4", false, "a\nb", "2026-11-26"
		}, nil},
		{"optional blanks", func(a map[string]any) { a["plate"], a["guests"], a["day"], a["model"] = " ", "", nil, "" }, nil},
		{"required missing", func(a map[string]any) { delete(a, "name"); a["email"] = "  " },
			map[string]string{"answers.name": "invalidInput", "answers.email": "invalidInput"}},
		{"required checkbox unticked", func(a map[string]any) { a["consent"] = false }, map[string]string{"answers.consent": "invalidInput"}},
		{"checkbox not a boolean", func(a map[string]any) { a["news"] = "yes" }, map[string]string{"answers.news": "invalidInput"}},
		{"too long", func(a map[string]any) { a["name"] = "Annabellelinda" }, map[string]string{"answers.name": "invalidInput"}},
		{"textarea too long", func(a map[string]any) { a["notes"] = strings.Repeat("x", 21) }, map[string]string{"answers.notes": "invalidInput"}},
		{"pattern", func(a map[string]any) { a["plate"] = "AB1234" }, map[string]string{"answers.plate": "invalidInput"}},
		{"pattern is anchored", func(a map[string]any) { a["plate"] = "xABC123x" }, map[string]string{"answers.plate": "invalidInput"}},
		{"phone", func(a map[string]any) { a["phone"] = "12" }, map[string]string{"answers.phone": "invalidInput"}},
		{"phone with own pattern", func(a map[string]any) { a["ukPhone"] = "+46 70 1234567" }, map[string]string{"answers.ukPhone": "invalidInput"}},
		{"number below min", func(a map[string]any) { a["guests"] = 0 }, map[string]string{"answers.guests": "invalidInput"}},
		{"number above max", func(a map[string]any) { a["guests"] = "5" }, map[string]string{"answers.guests": "invalidInput"}},
		{"number not a number", func(a map[string]any) { a["guests"] = "two" }, map[string]string{"answers.guests": "invalidInput"}},
		{"select outside options", func(a map[string]any) { a["model"] = "tesla" }, map[string]string{"answers.model": "invalidInput"}},
		{"date before today", func(a map[string]any) { a["day"] = "2026-11-25" }, map[string]string{"answers.day": "invalidInput"}},
		{"date after max", func(a map[string]any) { a["day"] = "2027-01-01" }, map[string]string{"answers.day": "invalidInput"}},
		{"date malformed", func(a map[string]any) { a["day"] = "26/11/2026" }, map[string]string{"answers.day": "invalidInput"}},
		{"line break in a text", func(a map[string]any) { a["name"] = "A\r\nB" }, map[string]string{"answers.name": "invalidInput"}},
		{"unknown answer", func(a map[string]any) { a["admin"] = true }, map[string]string{"answers.admin": "invalidInput"}},
		{"text of the wrong type", func(a map[string]any) { a["name"] = 42 }, map[string]string{"answers.name": "invalidInput"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := base()
			if tt.mod != nil {
				tt.mod(a)
			}
			got, err := d.Check(raw(a), day, "SE")
			var fields map[string]string
			if err != nil {
				fields = err.(*errs.Error).Fields
			}
			if diff := cmp.Diff(tt.want, fields); diff != "" {
				t.Fatalf("fields (-want +got):\n%s", diff)
			}
			if err == nil && got.Email != "anna@example.se" {
				t.Errorf("email %q", got.Email)
			}
		})
	}
}

// TestCheckPhoneAsWritten: a phone field without its own pattern takes
// numbers as people write them on the site's country and keeps E.164, as
// the lead forms and bookings do; a field with a pattern keeps its shape.
func TestCheckPhoneAsWritten(t *testing.T) {
	d := mustDef(t)
	day := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct{ country, written, want string }{
		{"SE", "070-123 45 67", "+46701234567"},
		{"SE", "+46 (0)70 123 45 67", "+46701234567"},
		{"SE", "0046 70 123 45 67", "+46701234567"},
		{"NO", "412 34 567", "+4741234567"},
	} {
		a, err := d.Check(raw(map[string]any{"name": "Anna", "email": "anna@example.se", "consent": true, "phone": tt.written}), day, tt.country)
		if err != nil {
			t.Fatalf("%s %q: %v", tt.country, tt.written, err)
		}
		if got := a.Values["phone"]; got != tt.want {
			t.Errorf("%s %q: kept %q, want %q", tt.country, tt.written, got, tt.want)
		}
	}
	a, err := d.Check(raw(map[string]any{"name": "Anna", "email": "anna@example.se", "consent": true, "ukPhone": "07700900123"}), day, "SE")
	if err != nil || a.Values["ukPhone"] != "07700900123" {
		t.Errorf("a pattern field keeps its answer as written: %v %v", a.Values["ukPhone"], err)
	}
}

func answers(t *testing.T, d *builder.Definition) builder.Answers {
	t.Helper()
	a, err := d.Check(raw(map[string]any{"name": "Anna", "email": "Anna@Example.se", "consent": true, "model": "ex30", "guests": 2,
		"notes": "Rad 1\nE-mail: e@x.se"}), time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), "SE")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestStoreSubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		d := mustDef(t)
		st := builder.NewStore(db)
		sub := builder.Submission{Site: "group-se", Def: d, SubmissionID: "fb-00000001", Answers: answers(t, d), Nonce: "n1"}
		now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
		for i, want := range []bool{true, false} {
			res, err := st.Submit(ctx, sub, now)
			if err != nil || res.Created != want || res.ID != "fb-00000001" {
				t.Fatalf("submit %d: %+v %v", i, res, err)
			}
		}
		other := sub
		other.SubmissionID = "fb-00000002"
		if _, err := st.Submit(ctx, other, now); err == nil || err.(*errs.Error).Fields["ticket"] != forms.TicketUsed {
			t.Errorf("reused ticket: %v", err)
		}
		got, err := st.BySubmission(ctx, "fb-00000001")
		if err != nil || got.Email != "anna@example.se" || got.FormID != "test-drive" {
			t.Fatalf("stored %+v %v", got, err)
		}
		exp, _ := mail.ExportRecipient(ctx, db, "events@forecourt.se")
		if len(exp) != 1 {
			t.Fatalf("%d mails to the recipient, want 1", len(exp))
		}
		m := exp[0]
		for _, s := range []string{"Name: Anna", "Model: Volvo EX30", "Guests: 2", "Consent: ✓", "Notes:\r\n  Rad 1\r\n  E-mail: e@x.se"} {
			if !strings.Contains(m.Text, s) {
				t.Errorf("mail lacks %q:\n%s", s, m.Text)
			}
		}
		if m.Headers["Reply-To"] != "anna@example.se" || m.Kind != "form" || m.Ref != "form:fb-00000001" {
			t.Errorf("mail %+v", m)
		}
	})
}

// fakeJotform is the hosted form service on loopback.
type fakeJotform struct {
	mu    sync.Mutex
	posts []url.Values
	paths []string
	keys  []string
	fail  bool
}

func (f *fakeJotform) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	v, _ := url.ParseQuery(string(body))
	f.posts, f.paths, f.keys = append(f.posts, v), append(f.paths, r.Method+" "+r.URL.Path), append(f.keys, r.Header.Get("APIKEY"))
	w.Header().Set("Content-Type", "application/json")
	if f.fail {
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"responseCode":500,"message":"Server error"}`))
		return
	}
	w.Write([]byte(`{"responseCode":200,"message":"success","content":{"submissionID":"5823000000000000001","URL":"https://x/submission/5823"}}`))
}

func TestJotformAdapter(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fake := &fakeJotform{fail: true}
		srv := httptest.NewServer(fake)
		defer srv.Close()
		d := mustDef(t)
		j := &builder.Jotform{APIKey: "key-123", Region: "eu", BaseURL: srv.URL, DB: db}
		sub := builder.Submission{Site: "group-se", Def: d, SubmissionID: "jf-adapter-01", Answers: answers(t, d), Nonce: "n-jf"}
		now := time.Now()
		// The service fails: Unavailable, and the claim is dropped so the retry can go.
		if _, err := j.Submit(ctx, sub, now); !errs.Is(err, errs.Unavailable) {
			t.Fatalf("failing service: %v", err)
		}
		fake.fail = false
		for i, want := range []bool{true, false} {
			res, err := j.Submit(ctx, sub, now)
			if err != nil || res.Created != want {
				t.Fatalf("submit %d: %+v %v", i, res, err)
			}
		}
		if len(fake.posts) != 2 {
			t.Fatalf("%d posts to the service, want 2 (one failed, one good)", len(fake.posts))
		}
		want := url.Values{"submission[name]": {"Anna"}, "submission[3]": {"Anna@Example.se"}, "submission[consent]": {"Yes"},
			"submission[model]": {"ex30"}, "submission[guests]": {"2"}, "submission[notes]": {"Rad 1\nE-mail: e@x.se"}}
		if d := cmp.Diff(want, fake.posts[1]); d != "" {
			t.Errorf("posted (-want +got):\n%s", d)
		}
		if fake.paths[1] != "POST /form/2401/submissions" || fake.keys[1] != "key-123" {
			t.Errorf("request %s key %q", fake.paths[1], fake.keys[1])
		}
		// Nothing personal kept here, no mail queued: the service has it.
		got, _ := builder.NewStore(db).BySubmission(ctx, "jf-adapter-01")
		if got.Email != "" || !strings.Contains(string(got.Answers), "5823000000000000001") {
			t.Errorf("kept %+v", got)
		}
		if _, unsent, _ := mail.State(ctx, db); unsent != 0 {
			t.Errorf("%d mails queued", unsent)
		}
	})
	for in, want := range map[string]string{"": "us", "EU": "eu", "us": "us"} {
		if got, err := builder.ParseRegion(in); err != nil || got != want {
			t.Errorf("ParseRegion(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := builder.ParseRegion("asia"); err == nil {
		t.Error("ParseRegion(asia) accepted")
	}
}
