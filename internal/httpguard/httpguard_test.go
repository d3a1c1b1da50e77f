package httpguard

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"forecourt/internal/errs"
	"forecourt/internal/site"
)

// TestAddrFrom: a proxy header counts only when the policy names it, and
// then only its last address (the one our own balancer appended).
func TestAddrFrom(t *testing.T) {
	for _, tc := range []struct {
		name, header, xff, realIP, peer, want string
	}{
		{"no policy ignores X-Forwarded-For", "", "198.51.100.7, 203.0.113.5", "", "10.0.0.1:5555", "10.0.0.1"},
		{"no policy ignores it from loopback too", "", "198.51.100.7", "", "127.0.0.1:5555", "127.0.0.1"},
		{"X-Forwarded-For: the last entry", "X-Forwarded-For", "198.51.100.7, 203.0.113.5", "", "10.0.0.1:5555", "203.0.113.5"},
		{"X-Real-IP", "X-Real-IP", "198.51.100.7", "203.0.113.9", "10.0.0.1:5555", "203.0.113.9"},
		{"garbage in the header: the peer", "X-Forwarded-For", "not-an-ip", "", "10.0.0.1:5555", "10.0.0.1"},
		{"policy without the header: the peer", "X-Forwarded-For", "", "", "[::1]:5555", "::1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.peer
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if tc.realIP != "" {
				r.Header.Set("X-Real-IP", tc.realIP)
			}
			if got := AddrFrom(r, tc.header); got != tc.want {
				t.Errorf("AddrFrom = %q, want %q", got, tc.want)
			}
			var seen string
			p := &Policy{Sites: testSites(t), ClientIPHeader: tc.header}
			p.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				seen = ClientAddr(r)
			})).ServeHTTP(httptest.NewRecorder(), r)
			if seen != tc.want {
				t.Errorf("ClientAddr behind the middleware = %q, want %q", seen, tc.want)
			}
		})
	}
}

// TestMutation: foreign Origin, a missing Origin, text/plain and an
// oversized body are refused before the handler runs.
func TestMutation(t *testing.T) {
	st := &site.Site{Name: "group-se", Hosts: []string{"forecourt.se"}}
	m := Mutation{Allowed: func(r *http.Request) bool { return AllowedOrigin(r, st) }, MaxBody: 16}
	for _, tc := range []struct {
		name, origin, ctype, body string
		want                      errs.Code
	}{
		{"own origin, JSON", "https://forecourt.se", "application/json", `{}`, ""},
		{"name.localhost", "http://group-se.localhost:8080", "application/json; charset=utf-8", `{}`, ""},
		{"foreign origin", "https://evil.example", "application/json", `{}`, errs.Forbidden},
		{"no origin", "", "application/json", `{}`, errs.Forbidden},
		{"null origin", "null", "application/json", `{}`, errs.Forbidden},
		{"text/plain", "https://forecourt.se", "text/plain", `{}`, errs.UnsupportedMediaType},
		{"form", "https://forecourt.se", "application/x-www-form-urlencoded", `a=1`, errs.UnsupportedMediaType},
		{"oversized", "https://forecourt.se", "application/json", strings.Repeat(" ", 17) + "{}", errs.TooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tc.body))
			r.Header.Set("Content-Type", tc.ctype)
			if tc.origin != "" {
				r.Header.Set("Origin", tc.origin)
			}
			ran := false
			err := m.Wrap(func(w http.ResponseWriter, r *http.Request) error {
				ran = true
				_, err := io.ReadAll(r.Body)
				return err
			})(httptest.NewRecorder(), r)
			if tc.want == "" {
				if err != nil || !ran {
					t.Fatalf("err %v, ran %v; want the handler to run", err, ran)
				}
				return
			}
			if got := errs.CodeOf(err); got != tc.want || ran {
				t.Errorf("code %q (ran %v), want %q and the handler not run", got, ran, tc.want)
			}
		})
	}
	// A body without Content-Length (chunked) is cut by MaxBytesReader.
	r := httptest.NewRequest("POST", "/", io.MultiReader(strings.NewReader(strings.Repeat(" ", 40))))
	r.ContentLength = -1
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Origin", "https://forecourt.se")
	err := m.Wrap(func(w http.ResponseWriter, r *http.Request) error {
		_, err := io.ReadAll(r.Body)
		return err
	})(httptest.NewRecorder(), r)
	var mbe *http.MaxBytesError
	if !errors.As(err, &mbe) {
		t.Errorf("chunked oversized body: %v, want a MaxBytesError", err)
	}
}

func testSites(t *testing.T) *site.Registry {
	t.Helper()
	reg, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestFacts: the site, base URL and allowed origins follow the one policy
// (PUBLIC_URLS per site, PUBLIC_URL for the default site, the request's
// host only when it is the site's), and a redirect host is redirected.
func TestFacts(t *testing.T) {
	sites := testSites(t)
	uk, err := sites.ByName("group-uk")
	if err != nil {
		t.Fatal(err)
	}
	se := sites.Default()
	p := &Policy{Sites: sites, PublicURL: "https://staging.forecourt.example/",
		PublicURLs: map[string]string{"group-uk": "https://uk.staging.example"}}
	facts := func(host, origin, proto string) (*Facts, *httptest.ResponseRecorder, bool) {
		r := httptest.NewRequest("POST", "/api/x?y=1", nil)
		r.Host = host
		r.RemoteAddr = "192.0.2.4:1234"
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if proto != "" {
			r.Header.Set("X-Forwarded-Proto", proto)
		}
		var f *Facts
		allowed := false
		rec := httptest.NewRecorder()
		p.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			f = FactsOf(r)
			allowed = OriginAllowed(r)
		})).ServeHTTP(rec, r)
		return f, rec, allowed
	}
	f, _, ok := facts(uk.Hosts[0], "https://uk.staging.example", "https")
	if f.Site != uk || f.BaseURL != "https://uk.staging.example" || !f.Secure || f.ClientAddr != "192.0.2.4" || !ok {
		t.Errorf("uk behind PUBLIC_URLS: %+v allowed %v", f, ok)
	}
	f, _, ok = facts("evil.example", "https://staging.forecourt.example", "")
	if f.Site != se || f.BaseURL != "https://staging.forecourt.example" || f.Secure || !ok {
		t.Errorf("unknown host, default site: %+v allowed %v", f, ok)
	}
	if _, _, ok := facts(se.Hosts[0], "https://uk.staging.example", ""); ok {
		t.Error("the UK site's public host is allowed on the Swedish site")
	}
	p.PublicURL = ""
	f, _, _ = facts("evil.example", "", "")
	if f.BaseURL != "https://"+se.Hosts[0] {
		t.Errorf("a foreign Host header made the base URL %q", f.BaseURL)
	}
	f, _, _ = facts("127.0.0.1:8080", "", "")
	if f.BaseURL != "http://127.0.0.1:8080" {
		t.Errorf("loopback base URL %q", f.BaseURL)
	}
	if len(se.RedirectHosts) > 0 {
		f, rec, _ := facts(se.RedirectHosts[0]+":8080", "", "https")
		if f != nil || rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "https://"+se.Hosts[0]+":8080/api/x?y=1" {
			t.Errorf("redirect host: %d %q", rec.Code, rec.Header().Get("Location"))
		}
	}
	// Outside the server: the peer and the request's own origin, no site.
	r := httptest.NewRequest("GET", "http://group-se.localhost:8080/", nil)
	r.RemoteAddr = "127.0.0.1:9"
	r.Header.Set("X-Forwarded-For", "203.0.113.1")
	if f := FactsOf(r); f.Site != nil || f.ClientAddr != "127.0.0.1" || f.BaseURL != "http://group-se.localhost:8080" {
		t.Errorf("facts without the middleware: %+v", f)
	}
	if Local(r) {
		t.Error("a forwarded request counts as local")
	}
}
