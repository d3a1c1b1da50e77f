package formsapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
	"forecourt/internal/page"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

const no = "group-no.localhost"

func serviceBody(id, ticket string, mod func(v map[string]any)) string {
	v := map[string]any{"typeCar": "car", "siteId": "301", "services": []string{"Service", "Hjulskift"}, "desiredDate": "2026-12-01",
		"regno": "EK 12345", "customerName": "Ola Nordmann", "customerPhone": "+47 912 34 567", "customerEmail": "ola@example.no",
		"milage": "85000", "description": "Bråk fra forstilling.\nSjekk bremser.", "other": "", "gdpr": true, "newsletter": false}
	if mod != nil {
		mod(v)
	}
	return jsonBody(map[string]any{"formName": "serviceRequestNo", "formSubmissionId": id, "values": v, "ticket": ticket, "website": ""})
}

func TestServiceRequestRecipients(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	tests := []struct {
		name   string
		mod    func(v map[string]any)
		to     string
		fields map[string]string
	}{
		{"workshop of the chosen dealer", nil, "verksted.oslo@forecourt.no", nil},
		{"dealer without workshop: its own address", func(v map[string]any) { v["siteId"] = "302" }, "bergen@forecourt.no", nil},
		{"motorbike: the fixed dealer", func(v map[string]any) {
			v["typeCar"], v["siteId"], v["services"] = "motorbike", "", []string{"Bestille deler"}
		}, "mc.lillestrom@forecourt.no", nil},
		{"a dealer of no address is not listed", func(v map[string]any) { v["siteId"] = "303" }, "", map[string]string{"values.siteId": "invalidInput"}},
		{"unknown dealer", func(v map[string]any) { v["siteId"] = "999" }, "", map[string]string{"values.siteId": "invalidInput"}},
		{"a car service for a motorbike", func(v map[string]any) { v["typeCar"] = "motorbike" }, "", map[string]string{"values.services": "invalidInput"}},
		// 09:00 UTC on 26 November is 10:00 in Oslo: the 25th is past.
		{"yesterday in Oslo", func(v map[string]any) { v["desiredDate"] = "2026-11-25" }, "", map[string]string{"values.desiredDate": "invalidInput"}},
		{"no consent", func(v map[string]any) { v["gdpr"] = false }, "", map[string]string{"values.gdpr": "invalidInput"}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id := "svc-req-000" + string(rune('a'+i))
			tk := f.ticket(t, no)
			rec := f.do(t, req{path: "/api/forms/comhub", host: no, body: serviceBody(id, tk, tt.mod)})
			if tt.fields != nil {
				if d := cmp.Diff(tt.fields, errOf(rec).Error.Fields); rec.Code != 400 || d != "" {
					t.Fatalf("%d, fields (-want +got):\n%s", rec.Code, d)
				}
				return
			}
			if rec.Code != http.StatusAccepted {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			ms := mails(t, f.db, leads.MailRef(id))
			// The dealer's mail, then the customer's receipt.
			if len(ms) != 2 || ms[0].To != tt.to || ms[1].To != "ola@example.no" || ms[1].Kind != leads.ReceiptKind {
				t.Fatalf("mails %+v, want one to %s and the receipt", ms, tt.to)
			}
			ref := leads.Reference(id)
			for _, s := range []string{"Takk for din henvendelse!", "Hei Ola Nordmann!", "EK12345", "Oppgi referanse " + ref, "Slik går det videre"} {
				if !strings.Contains(ms[1].Text, s) || !strings.Contains(ms[1].Subject, ref) {
					t.Errorf("receipt lacks %q:\n%s\n%s", s, ms[1].Subject, ms[1].Text)
				}
			}
			for _, s := range []string{"Registreringsnummer: EK12345", "Navn: Ola Nordmann", "Ønsket dato: 2026-12-01", "Samtykke (GDPR): ja"} {
				if !strings.Contains(ms[0].Text, s) {
					t.Errorf("mail lacks %q:\n%s", s, ms[0].Text)
				}
			}
		})
	}
}

// TestNoInjection: a one-line field with a line break is refused; a
// multi-line field reaches the mail indented, so it cannot pose as a field
// or a header.
func TestNoInjection(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	for _, bad := range []string{"Ola\r\nBcc: victim@example.com", "Ola\nE-post: x@y.no", "Ola\u2028X", "Ola\x00"} {
		tk := f.ticket(t, no)
		rec := f.do(t, req{path: "/api/forms/comhub", host: no, body: serviceBody("inject-00001", tk, func(v map[string]any) { v["customerName"] = bad })})
		if rec.Code != 400 || errOf(rec).Error.Fields["values.customerName"] != "invalidInput" {
			t.Errorf("name %q: %d %s", bad, rec.Code, rec.Body)
		}
	}
	tk := f.ticket(t, no)
	rec := f.do(t, req{path: "/api/forms/comhub", host: no, body: serviceBody("inject-00002", tk, func(v map[string]any) {
		v["description"] = "Hei\r\nE-post: angriper@evil.example\r\n\r\nSubject: x"
	})})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	m := mails(t, f.db, leads.MailRef("inject-00002"))[0]
	if strings.Contains(m.Text, "\r\nE-post: angriper") || !strings.Contains(m.Text, "\r\n  E-post: angriper@evil.example") {
		t.Errorf("description not indented:\n%s", m.Text)
	}
	raw, err := mail.Compose("web@forecourt.no", m, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	head := string(raw[:strings.Index(string(raw), "\r\n\r\n")])
	if strings.Contains(head, "angriper") || strings.Contains(head, "Bcc") {
		t.Errorf("visitor text in the headers:\n%s", head)
	}
}

func provAnswers() map[string]any {
	return map[string]any{"firstName": "Anna", "lastName": "Andersson", "email": "anna@example.se", "phone": "070 123 45 67",
		"model": "kia-ev6", "guests": "2", "consent": true, "questions": "Kan jag ta med barnen?"}
}

func TestJotformBuiltIn(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	post := func(body map[string]any) (int, string) {
		rec := f.do(t, req{path: "/api/jotform", body: jsonBody(body)})
		return rec.Code, rec.Body.String()
	}
	tk := f.ticket(t, "")
	if code, body := post(map[string]any{"formSubmissionId": "jf-0000000001", "answers": provAnswers(), "ticket": tk}); code != 400 || !strings.Contains(body, `"formId":"invalidInput"`) {
		t.Errorf("missing formId: %d %s", code, body)
	}
	if code, body := post(map[string]any{"formId": "no-such-form", "formSubmissionId": "jf-0000000001", "answers": provAnswers(), "ticket": tk}); code != 404 {
		t.Errorf("unknown formId: %d %s", code, body)
	}
	bad := provAnswers()
	bad["guests"], bad["model"], bad["consent"], bad["extra"] = 9, "tesla", false, "x"
	code, body := post(map[string]any{"formId": "provkorningskvall", "formSubmissionId": "jf-0000000001", "answers": bad, "ticket": tk})
	var e apiError
	json.Unmarshal([]byte(body), &e)
	want := map[string]string{"answers.guests": "invalidInput", "answers.model": "invalidInput", "answers.consent": "invalidInput", "answers.extra": "invalidInput"}
	if d := cmp.Diff(want, e.Error.Fields); code != 400 || d != "" {
		t.Errorf("bad answers: %d (-want +got):\n%s", code, d)
	}
	for i := 0; i < 2; i++ {
		code, body = post(map[string]any{"formId": "provkorningskvall", "formSubmissionId": "jf-0000000001", "answers": provAnswers(), "ticket": tk})
		if code != http.StatusOK {
			t.Fatalf("attempt %d: %d %s", i, code, body)
		}
	}
	var got struct {
		Content struct {
			ID      string         `json:"id"`
			Answers map[string]any `json:"answers"`
		} `json:"content"`
	}
	json.Unmarshal([]byte(body), &got)
	if got.Content.ID != "jf-0000000001" || got.Content.Answers["guests"] != float64(2) || got.Content.Answers["firstName"] != "Anna" {
		t.Errorf("answer %s", body)
	}
	if n := countRows(t, f.db, `SELECT count(*) FROM form_submissions`); n != 1 {
		t.Errorf("%d submissions stored, want 1", n)
	}
	ms := mails(t, f.db, builder.MailRef("jf-0000000001"))
	if len(ms) != 1 || ms[0].To != "event.stockholm@forecourt.se" || ms[0].Kind != "form" {
		t.Fatalf("mails %+v", ms)
	}
	for _, s := range []string{"Förnamn: Anna", "Vilken bil vill du provköra?: Kia EV6", "Antal personer: 2", "  Kan jag ta med barnen?"} {
		if !strings.Contains(ms[0].Text, s) {
			t.Errorf("mail lacks %q:\n%s", s, ms[0].Text)
		}
	}
}

func TestLoaders(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	d, err := f.lib.Form("group-se", "provkorningskvall")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(d.Public())
	if strings.Contains(string(b), "forecourt.se") || strings.Contains(string(b), "recipient") {
		t.Errorf("public definition leaks the recipient: %s", b)
	}
	if _, err := f.lib.Form("group-uk", "part-exchange-evening"); err != nil {
		t.Error(err)
	}
	load := f.svc.ServiceRequestLoader()
	st := siteByName(t, "group-no")
	v, err := load(context.Background(), pageReq(st), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(v)
	var data struct {
		Dealers           []struct{ SiteID, Name, City string }
		MotorbikeDealer   map[string]string
		CarServices       []string
		MotorbikeServices []string
		Today, LastDate   string
	}
	json.Unmarshal(b, &data)
	if len(data.Dealers) != 2 || data.Dealers[0].SiteID != "301" || data.MotorbikeDealer["name"] != "Forecourt MC Lillestrøm" ||
		len(data.CarServices) != 11 || len(data.MotorbikeServices) != 3 || data.Today != "2026-11-26" || data.LastDate != "2027-11-26" {
		t.Errorf("loader data %s", b)
	}
	if strings.Contains(string(b), "@") {
		t.Errorf("loader data leaks addresses: %s", b)
	}
}

// TestEraseAndExport: a person's leads, form submissions and the mails
// about them are exported, then erased; other people's stay.
func TestEraseAndExport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, nil)
		ctx := context.Background()
		send := func(path, host, body string) {
			t.Helper()
			if rec := f.do(t, req{path: path, host: host, body: body}); rec.Code/100 != 2 {
				t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
			}
		}
		send("/api/forms/comhub", no, serviceBody("gdpr-000000001", f.ticket(t, no), func(v map[string]any) { v["customerEmail"] = "Ola@Example.no" }))
		send("/api/forms/comhub", no, serviceBody("gdpr-000000002", f.ticket(t, no), func(v map[string]any) { v["customerEmail"] = "kari@example.no" }))
		a := provAnswers()
		a["email"] = "ola@example.no"
		send("/api/jotform", "", jsonBody(map[string]any{"formId": "provkorningskvall", "formSubmissionId": "gdpr-000000003", "answers": a, "ticket": f.ticket(t, "")}))
		fst := builder.NewStore(db)
		ls, _ := f.svc.Leads.ExportEmail(ctx, "OLA@example.no")
		fs, _ := fst.ExportEmail(ctx, "ola@example.no")
		if len(ls) != 1 || len(fs) != 1 {
			t.Fatalf("export: %d leads, %d form submissions, want 1 and 1", len(ls), len(fs))
		}
		if n, err := f.svc.Leads.EraseEmail(ctx, "ola@example.no"); err != nil || n != 1 {
			t.Fatalf("erase leads: %d %v", n, err)
		}
		if n, err := fst.EraseEmail(ctx, "ola@example.no"); err != nil || n != 1 {
			t.Fatalf("erase forms: %d %v", n, err)
		}
		for _, q := range []string{`SELECT count(*) FROM leads WHERE email = 'ola@example.no'`,
			`SELECT count(*) FROM form_submissions WHERE email = 'ola@example.no'`,
			`SELECT count(*) FROM mail_outbox WHERE doc LIKE '%Ola Nordmann%' AND doc LIKE '%ola@example.no%'`,
			`SELECT count(*) FROM mail_outbox WHERE ref IN ('lead:gdpr-000000001', 'form:gdpr-000000003')`} {
			if n := countRows(t, db, q); n != 0 {
				t.Errorf("%s: %d left", q, n)
			}
		}
		if n := countRows(t, db, `SELECT count(*) FROM mail_outbox WHERE ref = 'lead:gdpr-000000002'`); n != 2 {
			t.Errorf("kari's mails: %d, want 2 (the dealer's and her receipt)", n)
		}
		if _, err := f.svc.Leads.BySubmission(ctx, "group-no", "gdpr-000000002"); err != nil {
			t.Errorf("kari's lead: %v", err)
		}
	})
}

func siteByName(tb testing.TB, name string) *site.Site {
	tb.Helper()
	reg, _ := site.New(site.All(), "group-se")
	st, err := reg.ByName(name)
	if err != nil {
		tb.Fatal(err)
	}
	return st
}

func pageReq(st *site.Site) *page.Request {
	return &page.Request{Site: st, Lang: st.DefaultLanguage(), Path: "/bestill-service"}
}

// TestJotformBackend: with the hosted service configured, /api/jotform
// sends the answers there and queues no mail; the answer has the same shape.
func TestJotformBackend(t *testing.T) {
	var got []string
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		got = append(got, r.URL.Path+" "+r.PostForm.Get("submission[firstName]"))
		w.Write([]byte(`{"responseCode":200,"message":"success","content":{"submissionID":"999"}}`))
	}))
	defer fake.Close()
	db := storetest.MustSQLite(t)
	f := newFixture(t, db, func(s *formsapi.Service) {
		s.Backend = &builder.Jotform{APIKey: "k", Region: "eu", BaseURL: fake.URL, DB: db}
	})
	body := jsonBody(map[string]any{"formId": "provkorningskvall", "formSubmissionId": "jf-hosted-0001", "answers": provAnswers(), "ticket": f.ticket(t, "")})
	for i := 0; i < 2; i++ {
		rec := f.do(t, req{path: "/api/jotform", body: body})
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"content":{"id":"jf-hosted-0001"`) {
			t.Fatalf("attempt %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	if d := cmp.Diff([]string{"/form/provkorningskvall/submissions Anna"}, got); d != "" {
		t.Errorf("posts to the service (-want +got):\n%s", d)
	}
	if n := countRows(t, db, `SELECT count(*) FROM mail_outbox`); n != 0 {
		t.Errorf("%d mails queued", n)
	}
}
