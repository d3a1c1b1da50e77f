package formsapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	contentfiles "forecourt/content"
	"forecourt/internal/catalog"
	"forecourt/internal/content"
	"forecourt/internal/forms"
	"forecourt/internal/forms/builder"
	"forecourt/internal/forms/formsapi"
	"forecourt/internal/forms/leads"
	"forecourt/internal/mail"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

// fakeDealers are group-no's dealer sites for the service request.
type fakeDealers struct{}

func (fakeDealers) DealerSites(ctx context.Context, siteName string) ([]catalog.DealerSite, error) {
	if siteName != "group-no" {
		return nil, nil
	}
	return []catalog.DealerSite{
		{SiteID: 301, SiteOfficialName: "Forecourt Bil Oslo/Alnabru", SiteCity: "Oslo", SiteEmail: "oslo-alnabru@forecourt.no", WebsiteSortOrder: 1,
			SiteDepartments: []catalog.Department{{Group: catalog.GroupNewCars, Email: "nybil.oslo@forecourt.no"}, {Group: catalog.GroupWorkshop, Email: "verksted.oslo@forecourt.no"}}},
		{SiteID: 302, SiteOfficialName: "Forecourt Bil Bergen", SiteCity: "Bergen", SiteEmail: "bergen@forecourt.no", WebsiteSortOrder: 2},
		{SiteID: 303, SiteOfficialName: "Forecourt Bil uten e-post", SiteCity: "Hamar", WebsiteSortOrder: 3},
	}, nil
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// clock is a settable time for the service.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// fixture is a server with the form endpoints over one store.
type fixture struct {
	h     http.Handler
	db    *store.DB
	svc   *formsapi.Service
	clock *clock
	lib   *builder.Library
}

// fakeAssets makes a front-end build of one file, enough for web.New.
func fakeAssets(tb testing.TB) string {
	dir := tb.TempDir()
	os.MkdirAll(filepath.Join(dir, ".vite"), 0o755)
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, ".vite", "manifest.json"), []byte(`{"src/app/entry-client.tsx":{"file":"assets/entry.js","isEntry":true}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "entry.js"), []byte("//"), 0o644)
	return dir
}

func newFixture(tb testing.TB, db *store.DB, mod func(*formsapi.Service)) *fixture {
	tb.Helper()
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	lib, err := builder.Load(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	lim := ratelimit.New(db)
	lim.Now = c.now
	svc := &formsapi.Service{
		Leads: leads.NewStore(db), Forms: lib, Backend: builder.NewStore(db),
		Tickets: &forms.Tickets{Secret: []byte("test-secret-of-the-forms")},
		Limiter: lim, Dealers: fakeDealers{}, Now: c.now, Log: quiet,
	}
	if mod != nil {
		mod(svc)
	}
	pages := &page.Assembler{Content: src, Locales: []string{"sv", "en", "nb"}}
	pages.Register("FormBuilder", lib.Loader())
	pages.Register("ServiceRequestForm", svc.ServiceRequestLoader())
	s, err := web.New(web.Config{Locales: []string{"sv", "en", "nb"}}, web.Deps{
		Sites: sites, Pages: pages, Store: db, AssetsDir: fakeAssets(tb), Logger: quiet,
		Routes: svc.Routes(),
	})
	if err != nil {
		tb.Fatal(err)
	}
	return &fixture{h: s.Handler(), db: db, svc: svc, clock: c, lib: lib}
}

// req is one request to the fixture.
type req struct {
	method, path, host, origin, ctype, body string
	hdr                                     map[string]string
}

func (f *fixture) do(tb testing.TB, r req) *httptest.ResponseRecorder {
	tb.Helper()
	if r.method == "" {
		r.method = "POST"
	}
	hr := httptest.NewRequest(r.method, r.path, strings.NewReader(r.body))
	hr.Host = r.host
	if hr.Host == "" {
		hr.Host = "group-se.localhost:8080"
	}
	if r.origin != "-" {
		o := r.origin
		if o == "" {
			o = "http://" + hr.Host
		}
		hr.Header.Set("Origin", o)
	}
	if r.ctype != "-" {
		ct := r.ctype
		if ct == "" {
			ct = "application/json"
		}
		hr.Header.Set("Content-Type", ct)
	}
	for k, v := range r.hdr {
		hr.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, hr)
	return rec
}

// ticket fetches a form ticket for host and lets the minimum fill time pass.
func (f *fixture) ticket(tb testing.TB, host string) string {
	tb.Helper()
	rec := f.do(tb, req{method: "GET", path: "/api/forms/ticket", host: host, ctype: "-"})
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "no-store" {
		tb.Fatalf("ticket: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	var t forms.Ticket
	json.Unmarshal(rec.Body.Bytes(), &t)
	if t.NotBefore-f.clock.t.UnixMilli() != 3000 {
		tb.Errorf("notBefore %d ms after issue, want 3000", t.NotBefore-f.clock.t.UnixMilli())
	}
	f.clock.t = f.clock.t.Add(5 * time.Second)
	return t.Value
}

// apiError is the error body of every API answer.
type apiError struct {
	Error struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Fields  map[string]string `json:"fields"`
	} `json:"error"`
}

func errOf(rec *httptest.ResponseRecorder) apiError {
	var e apiError
	json.Unmarshal(rec.Body.Bytes(), &e)
	return e
}

func jsonBody(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func sellValues() map[string]any {
	return map[string]any{"regno": "abc 123", "milage": 12000, "customerName": "Sara Svensson", "customerPhone": "070-1234567",
		"customerEmail": "Sara@Example.se", "option": "tradeIn", "other": "Vinterdäck ingår.", "source": "https://forecourt.se/salja-bil"}
}

func sellBody(id, ticket string, mod func(v map[string]any)) string {
	v := sellValues()
	v["customerPhone"] = "070 123 45 67"
	if mod != nil {
		mod(v)
	}
	return jsonBody(map[string]any{"formName": "sellCar", "formSubmissionId": id, "values": v, "ticket": ticket, "website": ""})
}

func countRows(tb testing.TB, db *store.DB, q string, args ...any) int {
	tb.Helper()
	var n int
	if err := db.QueryRow(db.Rebind(q), args...).Scan(&n); err != nil {
		tb.Fatal(err)
	}
	return n
}

// mails returns the outbox's mails with ref (or all with ref "").
func mails(tb testing.TB, db *store.DB, ref string) []mail.Message {
	tb.Helper()
	rows, err := db.Query(db.Rebind(`SELECT doc FROM mail_outbox WHERE ref = ? OR ? = '' ORDER BY id`), ref, ref)
	if err != nil {
		tb.Fatal(err)
	}
	defer rows.Close()
	var out []mail.Message
	for rows.Next() {
		var doc string
		rows.Scan(&doc)
		var m mail.Message
		json.Unmarshal([]byte(doc), &m)
		out = append(out, m)
	}
	return out
}

func TestGuard(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), func(s *formsapi.Service) { s.ExtraOriginHosts = []string{"staging.forecourt.example"} })
	big := sellBody("guard-big-0001", "x", func(v map[string]any) { v["other"] = strings.Repeat("a", formsapi.MaxBody) })
	tests := []struct {
		name   string
		r      req
		status int
		code   string
	}{
		{"no content type", req{ctype: "-"}, 415, "unsupported_media_type"},
		{"form encoding", req{ctype: "application/x-www-form-urlencoded"}, 415, "unsupported_media_type"},
		{"no origin", req{origin: "-"}, 403, "forbidden"},
		{"foreign origin", req{origin: "https://evil.example"}, 403, "forbidden"},
		{"another site's origin", req{origin: "http://group-uk.localhost:8080"}, 403, "forbidden"},
		{"opaque origin", req{origin: "null"}, 403, "forbidden"},
		{"lookalike host", req{origin: "https://forecourt.se.evil.example"}, 403, "forbidden"},
		{"too large", req{body: big}, 413, "too_large"},
		{"malformed JSON", req{body: `{"formName": "sellCar",`}, 400, "invalid"},
		{"not an object", req{body: `[1,2]`}, 400, "invalid"},
		{"trailing data", req{body: `{} {}`}, 400, "invalid"},
		{"charset is fine", req{ctype: "application/json; charset=utf-8", body: `{`}, 400, "invalid"},
		{"site host origin", req{origin: "https://forecourt.se", body: `{`}, 400, "invalid"},
		{"www host origin", req{origin: "https://www.forecourt.se", body: `{`}, 400, "invalid"},
		{"loopback origin", req{origin: "http://127.0.0.1:41234", body: `{`}, 400, "invalid"},
		{"public URL host", req{origin: "https://staging.forecourt.example", body: `{`}, 400, "invalid"},
		{"referer without origin", req{origin: "-", hdr: map[string]string{"Referer": "http://group-se.localhost:8080/salja-bil"}, body: `{`}, 400, "invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.r.path = "/api/forms/comhub"
			rec := f.do(t, tt.r)
			e := errOf(rec)
			if rec.Code != tt.status || e.Error.Code != tt.code {
				t.Fatalf("got %d %s, want %d %s", rec.Code, rec.Body, tt.status, tt.code)
			}
			if tt.status == 400 && e.Error.Fields != nil {
				t.Errorf("malformed body answered with fields %v", e.Error.Fields)
			}
			// The same guard covers the form builder.
			tt.r.path = "/api/jotform"
			if rec := f.do(t, tt.r); rec.Code != tt.status {
				t.Errorf("jotform: got %d %s, want %d", rec.Code, rec.Body, tt.status)
			}
		})
	}
	if n := countRows(t, f.db, `SELECT count(*) FROM leads`); n != 0 {
		t.Errorf("%d leads stored by rejected requests", n)
	}
}

func TestSellCarSubmission(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	tk := f.ticket(t, "")
	// Bad fields first: every bad field is named, nothing is stored.
	rec := f.do(t, req{path: "/api/forms/comhub", body: sellBody("sell-000000001", tk, func(v map[string]any) {
		v["customerPhone"], v["milage"], v["option"] = "12", -5, "both"
	})})
	want := map[string]string{"values.customerPhone": "invalidInput", "values.milage": "invalidInput", "values.option": "invalidInput"}
	if d := cmp.Diff(want, errOf(rec).Error.Fields); rec.Code != 400 || d != "" {
		t.Fatalf("bad fields: %d, fields (-want +got):\n%s", rec.Code, d)
	}
	for i := 0; i < 2; i++ { // the client's retry sends the same body
		rec = f.do(t, req{path: "/api/forms/comhub", body: sellBody("sell-000000001", tk, nil)})
		if rec.Code != http.StatusAccepted || !strings.Contains(rec.Body.String(), `"formSubmissionId":"sell-000000001"`) {
			t.Fatalf("attempt %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	lead, err := f.svc.Leads.BySubmission(context.Background(), "group-se", "sell-000000001")
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	json.Unmarshal(lead.Values, &v)
	if v["regno"] != "ABC123" || v["milage"] != float64(12000) || lead.Email != "sara@example.se" || lead.Recipient != "bilinkop@forecourt.se" {
		t.Errorf("stored %+v %s", lead, lead.Values)
	}
	ms := mails(t, f.db, leads.MailRef("sell-000000001"))
	if len(ms) != 2 {
		t.Fatalf("%d mails, want 2 (the dealer's and the customer's receipt)", len(ms))
	}
	// The receipt, in the site's language, with the reference and what happens next.
	rc := ms[1]
	ref := leads.Reference("sell-000000001")
	if !strings.EqualFold(rc.To, "sara@example.se") || rc.Kind != leads.ReceiptKind || rc.Headers["Reply-To"] != "bilinkop@forecourt.se" || !strings.Contains(rc.Subject, ref) {
		t.Errorf("receipt %+v", rc)
	}
	for _, s := range []string{"Hej Sara Svensson!", "byta in ABC123", "Så här går det till", "Ange referens " + ref} {
		if !strings.Contains(rc.Text, s) {
			t.Errorf("receipt lacks %q:\n%s", s, rc.Text)
		}
	}
	m := ms[0]
	if m.To != "bilinkop@forecourt.se" || m.Kind != "lead" || m.Headers["Reply-To"] != "sara@example.se" {
		t.Errorf("mail %+v", m)
	}
	// group-se's dealer gets the mail in Swedish (21.10), subject included.
	if !strings.HasPrefix(m.Subject, "Byta in bilen: ABC123") {
		t.Errorf("subject %q", m.Subject)
	}
	for _, s := range []string{"Vill: Byta in bilen", "Registreringsnummer: ABC123", "Mätarställning: 12000", "Namn: Sara Svensson", "  Vinterdäck ingår."} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("mail lacks %q:\n%s", s, m.Text)
		}
	}
	// A site without a sell-car address takes no sell requests.
	tk = f.ticket(t, "group-uk.localhost")
	rec = f.do(t, req{path: "/api/forms/comhub", host: "group-uk.localhost", body: sellBody("sell-uk-000001", tk, nil)})
	if rec.Code != 400 || errOf(rec).Error.Fields["formName"] != "invalidInput" {
		t.Errorf("uk sell: %d %s", rec.Code, rec.Body)
	}
}

func TestHoneypot(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	b := map[string]any{"formName": "sellCar", "formSubmissionId": "honey-0000001", "values": sellValues(), "ticket": "", "website": "http://spam.example"}
	b["values"].(map[string]any)["customerPhone"] = "070 123 45 67"
	rec := f.do(t, req{path: "/api/forms/comhub", body: jsonBody(b)})
	if rec.Code != http.StatusAccepted {
		t.Fatalf("honeypot: %d %s", rec.Code, rec.Body)
	}
	jb := jsonBody(map[string]any{"formId": "provkorningskvall", "formSubmissionId": "honey-0000002", "answers": provAnswers(), "website": "x"})
	if rec := f.do(t, req{path: "/api/jotform", body: jb}); rec.Code != http.StatusOK {
		t.Fatalf("jotform honeypot: %d %s", rec.Code, rec.Body)
	}
	if n := countRows(t, f.db, `SELECT (SELECT count(*) FROM leads) + (SELECT count(*) FROM form_submissions) + (SELECT count(*) FROM mail_outbox)`); n != 0 {
		t.Errorf("%d rows stored for bots", n)
	}
}

func TestTickets(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t), nil)
	post := func(id, tk string) *httptest.ResponseRecorder {
		return f.do(t, req{path: "/api/forms/comhub", body: sellBody(id, tk, nil)})
	}
	problem := func(rec *httptest.ResponseRecorder) string { return errOf(rec).Error.Fields["ticket"] }
	if rec := post("ticket-0000001", ""); rec.Code != 400 || problem(rec) != forms.TicketMissing {
		t.Errorf("missing: %d %s", rec.Code, rec.Body)
	}
	// Too fast: sent one second after the ticket was issued.
	rec := f.do(t, req{method: "GET", path: "/api/forms/ticket", ctype: "-"})
	var tk forms.Ticket
	json.Unmarshal(rec.Body.Bytes(), &tk)
	f.clock.t = f.clock.t.Add(time.Second)
	if rec := post("ticket-0000001", tk.Value); rec.Code != 400 || problem(rec) != forms.TicketTooFast {
		t.Errorf("too fast: %d %s", rec.Code, rec.Body)
	}
	f.clock.t = f.clock.t.Add(3 * time.Second)
	if rec := post("ticket-0000001", tk.Value); rec.Code != http.StatusAccepted {
		t.Fatalf("after the fill time: %d %s", rec.Code, rec.Body)
	}
	// One ticket, one submission.
	if rec := post("ticket-0000002", tk.Value); rec.Code != 400 || problem(rec) != forms.TicketUsed {
		t.Errorf("reused: %d %s", rec.Code, rec.Body)
	}
	// Tampered, another site's, expired.
	if rec := post("ticket-0000003", tk.Value[:len(tk.Value)-2]+"xx"); rec.Code != 400 || problem(rec) != forms.TicketInvalid {
		t.Errorf("tampered: %d %s", rec.Code, rec.Body)
	}
	uk := f.ticket(t, "group-uk.localhost")
	if rec := post("ticket-0000004", uk); rec.Code != 400 || problem(rec) != forms.TicketInvalid {
		t.Errorf("other site's: %d %s", rec.Code, rec.Body)
	}
	old := f.ticket(t, "")
	f.clock.t = f.clock.t.Add(13 * time.Hour)
	if rec := post("ticket-0000005", old); rec.Code != 400 || problem(rec) != forms.TicketExpired {
		t.Errorf("expired: %d %s", rec.Code, rec.Body)
	}
	if n := countRows(t, f.db, `SELECT count(*) FROM leads`); n != 1 {
		t.Errorf("%d leads, want 1", n)
	}
}

func TestRateLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, func(s *formsapi.Service) {
			s.AddressLimit = ratelimit.Limit{N: 3, Window: 10 * time.Minute}
			s.RecipientLimit = ratelimit.Limit{N: 2, Window: time.Hour}
		})
		// Per recipient: the third accepted sell request to the same mailbox waits.
		for i, id := range []string{"limit-rcpt-0001", "limit-rcpt-0002"} {
			tk := f.ticket(t, "")
			if rec := f.do(t, req{path: "/api/forms/comhub", body: sellBody(id, tk, nil), hdr: map[string]string{"X-Forwarded-For": "10.0.0.1"}}); rec.Code != http.StatusAccepted {
				t.Fatalf("submission %d: %d %s", i, rec.Code, rec.Body)
			}
			f.clock.t = f.clock.t.Add(6 * time.Minute) // a new address window each time
		}
		tk := f.ticket(t, "")
		rec := f.do(t, req{path: "/api/forms/comhub", body: sellBody("limit-rcpt-0003", tk, nil)})
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" || !strings.Contains(errOf(rec).Error.Message, "to this dealer") {
			t.Fatalf("recipient limit: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		// Per address: every POST counts, bad ones too, and a new
		// X-Forwarded-For each time does not make a new client (only the
		// server's CLIENT_IP_HEADER policy names a proxy header).
		f.clock.t = f.clock.t.Add(11 * time.Minute)
		spoof := func(i int) map[string]string {
			return map[string]string{"X-Forwarded-For": fmt.Sprintf("203.0.113.%d", i+1)}
		}
		for i := 0; i < 3; i++ {
			if rec := f.do(t, req{path: "/api/jotform", body: `{}`, hdr: spoof(i)}); rec.Code != 400 {
				t.Fatalf("post %d: %d %s", i, rec.Code, rec.Body)
			}
		}
		rec = f.do(t, req{path: "/api/jotform", body: `{}`, hdr: spoof(3)})
		e := errOf(rec)
		if rec.Code != http.StatusTooManyRequests || e.Error.Code != "rate_limited" || !strings.Contains(e.Error.Message, "from your address") {
			t.Fatalf("address limit: %d %s", rec.Code, rec.Body)
		}
		if ra := rec.Header().Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After %q", ra)
		}
		if n := countRows(t, db, `SELECT count(*) FROM leads`); n != 2 {
			t.Errorf("%d leads, want 2", n)
		}
		// Counters live in the store: a second server process over the same store is limited too.
		g := newFixture(t, db, func(s *formsapi.Service) { s.AddressLimit = ratelimit.Limit{N: 3, Window: 10 * time.Minute} })
		g.clock.t = f.clock.t
		if rec := g.do(t, req{path: "/api/jotform", body: `{}`}); rec.Code != http.StatusTooManyRequests {
			t.Errorf("second process: %d %s", rec.Code, rec.Body)
		}
	})
}
