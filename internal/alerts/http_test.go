package alerts_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	contentfiles "forecourt/content"
	"forecourt/internal/alerts"
	"forecourt/internal/content"
	"forecourt/internal/forms"
	"forecourt/internal/linktoken"
	"forecourt/internal/linktoken/linktokentest"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func fakeAssets(tb testing.TB) string {
	dir := tb.TempDir()
	os.MkdirAll(filepath.Join(dir, ".vite"), 0o755)
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, ".vite", "manifest.json"), []byte(`{"src/app/entry-client.tsx":{"file":"assets/entry.js","isEntry":true}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "entry.js"), []byte("//"), 0o644)
	return dir
}

type apiFixture struct {
	*fixture
	h       http.Handler
	tickets *forms.Tickets
}

// newAPI serves the alerts API over the demo content's dictionaries.
func newAPI(t *testing.T, db *store.DB) *apiFixture {
	t.Helper()
	f := newFixture(t, db)
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Texts = func(ctx context.Context, siteName, lang string) (map[string]string, error) {
		return src.Dictionary(ctx, siteName, lang)
	}
	lim := ratelimit.New(db)
	lim.Now = f.clock.now
	f.svc.Limiter = lim
	f.svc.Limits = alerts.Limits{Address: ratelimit.Limit{N: 12, Window: 10 * time.Minute}}
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	tk := &forms.Tickets{Secret: []byte("test-secret-of-the-forms")}
	api := &alerts.API{Service: f.svc, Tickets: tk, Search: stockSearcher{f.cat}}
	s, err := web.New(web.Config{Locales: []string{"sv", "en"}}, web.Deps{
		Sites: sites, Pages: &page.Assembler{Content: src, Locales: []string{"sv", "en"}}, Store: db, AssetsDir: fakeAssets(t), Logger: quiet,
		Routes: api.Routes(),
	})
	if err != nil {
		t.Fatal(err)
	}
	f.svc.Log = quiet
	return &apiFixture{fixture: f, h: s.Handler(), tickets: tk}
}

type call struct {
	path, origin, ctype, body string
	xff                       string // a spoofed X-Forwarded-For, when set
}

func (a *apiFixture) post(t *testing.T, c call) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest("POST", c.path, strings.NewReader(c.body))
	r.Host = "group-se.localhost:8080"
	if c.origin != "-" {
		o := c.origin
		if o == "" {
			o = "http://group-se.localhost:8080"
		}
		r.Header.Set("Origin", o)
	}
	if c.ctype == "" {
		c.ctype = "application/json"
	}
	r.Header.Set("Content-Type", c.ctype)
	if c.xff != "" {
		r.Header.Set("X-Forwarded-For", c.xff)
	}
	rec := httptest.NewRecorder()
	a.h.ServeHTTP(rec, r)
	return rec
}

// ticket is a form ticket issued well before now (past the minimum fill time).
func (a *apiFixture) ticket() string {
	return a.tickets.Issue("group-se", a.clock.t.Add(-10*time.Second)).Value
}

func signup(email, path, query, ticket string, extra ...string) string {
	m := map[string]string{"email": email, "frequency": "weekly", "path": path, "query": query, "ticket": ticket, "website": ""}
	for i := 0; i+1 < len(extra); i += 2 {
		m[extra[i]] = extra[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

type answer struct {
	Error struct {
		Code   string            `json:"code"`
		Fields map[string]string `json:"fields"`
	} `json:"error"`
	ManageToken string `json:"manageToken"`
}

func answerOf(rec *httptest.ResponseRecorder) answer {
	var a answer
	json.Unmarshal(rec.Body.Bytes(), &a)
	return a
}

// TestSignupAPI checks the bounds of POST /api/alerts: media type, origin,
// size, field errors, a path that is not the list, the form ticket, the
// honeypot, the per-recipient limit on confirmation mails and the
// per-address limit; and that only accepted sign-ups mail.
func TestSignupAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newAPI(t, db)
		a.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 300000))
		cases := []struct {
			name   string
			c      call
			status int
			fields map[string]string
		}{
			{"not JSON", call{path: "/api/alerts", ctype: "text/plain", body: signup("a@b.se", "/bilar", "", a.ticket())}, 415, nil},
			{"foreign origin", call{path: "/api/alerts", origin: "https://evil.example", body: signup("a@b.se", "/bilar", "", a.ticket())}, 403, nil},
			{"too large", call{path: "/api/alerts", body: signup("a@b.se", "/bilar", strings.Repeat("x", 9000), a.ticket())}, 413, nil},
			{"bad fields", call{path: "/api/alerts", body: signup("a@", "/bilar", "", a.ticket(), "frequency", "hourly")}, 400,
				map[string]string{"email": "invalidInput", "frequency": "invalidInput"}},
			{"not the car list", call{path: "/api/alerts", body: signup("a@b.se", "/om-oss", "", a.ticket())}, 400, map[string]string{"path": "invalidInput"}},
			{"unknown brand", call{path: "/api/alerts", body: signup("a@b.se", "/bilar/trabant", "", a.ticket())}, 400, map[string]string{"path": "invalidInput"}},
			{"no ticket", call{path: "/api/alerts", body: signup("a@b.se", "/bilar", "", "")}, 400, map[string]string{"ticket": "ticketMissing"}},
			{"too fast", call{path: "/api/alerts", body: signup("a@b.se", "/bilar", "", a.tickets.Issue("group-se", a.clock.t).Value)}, 400, map[string]string{"ticket": "tooFast"}},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				rec := a.post(t, c.c)
				if rec.Code != c.status {
					t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body)
				}
				if c.fields != nil {
					for k, v := range c.fields {
						if got := answerOf(rec).Error.Fields[k]; got != v {
							t.Errorf("fields.%s = %q, want %q (%s)", k, got, v, rec.Body)
						}
					}
				}
			})
		}
		if m := mails(t, db, "a@b.se"); len(m) != 0 {
			t.Fatalf("refused sign-ups mailed %d times", len(m))
		}
		// The honeypot: accepted, nothing stored or mailed.
		if rec := a.post(t, call{path: "/api/alerts", body: signup("bot@b.se", "/bilar", "", a.ticket(), "website", "http://spam")}); rec.Code != 202 {
			t.Fatalf("honeypot: %d", rec.Code)
		}
		if m := mails(t, db, "bot@b.se"); len(m) != 0 {
			t.Fatal("the honeypot mailed")
		}
		// Three confirmation mails per recipient a day, then 429 with Retry-After.
		for i, q := range []string{"car_fuel=Diesel", "car_fuel=El", "car_fuel=Bensin", "car_fuel=Hybrid"} {
			rec := a.post(t, call{path: "/api/alerts", body: signup("Kund@Example.se", "/bilar/volvo", q, a.ticket())})
			want := 202
			if i == 3 {
				want = 429
			}
			if rec.Code != want {
				t.Fatalf("sign-up %d: %d %s", i, rec.Code, rec.Body)
			}
			if i == 3 && rec.Header().Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
		if m := mails(t, db, "kund@example.se"); len(m) != 3 {
			t.Fatalf("confirmation mails = %d, want 3", len(m))
		}
		// The address limit (12 here) counts every POST, also when each
		// sends a new X-Forwarded-For (no CLIENT_IP_HEADER: not believed).
		var last int
		for i := range 3 {
			last = a.post(t, call{path: "/api/alerts", body: signup("other@b.se", "/bilar", "", a.ticket()), xff: fmt.Sprintf("203.0.113.%d", i+1)}).Code
		}
		if last != 429 {
			t.Fatalf("the per-address limit did not hold: %d", last)
		}
	})
}

// TestTokenAPI checks confirm, one-click unsubscribe (no Origin, a form
// body) and manage through HTTP, with tampered and wrong-purpose tokens.
func TestTokenAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newAPI(t, db)
		a.importFeed(t, car(t, 1, "Volvo", "XC60", "Diesel", 300000))
		x := a.subscribe(t, "anna@example.se", "/bilar/volvo", "", alerts.Daily)
		confirm := linktokentest.Sign(t, a.svc.Tokens, alerts.PurposeConfirm, x.ID, a.clock.t.Add(time.Hour))
		unsub := linktokentest.Sign(t, a.svc.Tokens, alerts.PurposeUnsubscribe, x.ID, a.clock.t.Add(time.Hour))
		tok := func(s string) string { b, _ := json.Marshal(map[string]string{"token": s}); return string(b) }

		if rec := a.post(t, call{path: "/api/alerts/confirm", body: tok(unsub)}); rec.Code != 400 || answerOf(rec).Error.Fields["token"] != linktoken.Invalid {
			t.Fatalf("confirm with an unsubscribe token: %d %s", rec.Code, rec.Body)
		}
		if rec := a.post(t, call{path: "/api/alerts/confirm", body: tok(confirm[:len(confirm)-2] + "xx")}); rec.Code != 400 || answerOf(rec).Error.Fields["token"] != linktoken.Invalid {
			t.Fatalf("confirm with a tampered token: %d %s", rec.Code, rec.Body)
		}
		expired := linktokentest.Sign(t, a.svc.Tokens, alerts.PurposeConfirm, x.ID, a.clock.t.Add(-time.Minute))
		if rec := a.post(t, call{path: "/api/alerts/confirm", body: tok(expired)}); rec.Code != 400 || answerOf(rec).Error.Fields["token"] != linktoken.Expired {
			t.Fatalf("confirm with an expired token: %d %s", rec.Code, rec.Body)
		}
		if x, err := a.svc.Get(context.Background(), x.ID); err != nil || x.Confirmed() {
			t.Fatalf("bad tokens changed the search: %+v, %v", x, err)
		}
		var manage string
		for range 2 {
			rec := a.post(t, call{path: "/api/alerts/confirm", body: tok(confirm)})
			if rec.Code != 200 || answerOf(rec).ManageToken == "" {
				t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
			}
			manage = answerOf(rec).ManageToken
		}
		rec := a.post(t, call{path: "/api/alerts/manage", body: `{"token":"` + manage + `","action":"list"}`})
		var m alerts.Managed
		json.Unmarshal(rec.Body.Bytes(), &m)
		if rec.Code != 200 || len(m.Searches) != 1 || m.Searches[0].ConfirmedAt.IsZero() {
			t.Fatalf("manage: %d %s", rec.Code, rec.Body)
		}
		if rec := a.post(t, call{path: "/api/alerts/manage", body: `{"token":"` + confirm + `","action":"list"}`}); rec.Code != 400 {
			t.Fatalf("manage with a confirm token: %d", rec.Code)
		}
		// RFC 8058: the mail provider posts the List-Unsubscribe URL without Origin.
		one := "/api/alerts/unsubscribe?token=" + url.QueryEscape(unsub)
		for range 2 {
			if rec := a.post(t, call{path: one, origin: "-", ctype: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click"}); rec.Code != 200 {
				t.Fatalf("one-click unsubscribe: %d %s", rec.Code, rec.Body)
			}
		}
		if _, err := a.svc.Get(context.Background(), x.ID); err == nil {
			t.Fatal("the search survived the unsubscribe")
		}
	})
}
