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
			ClientAddrMiddleware(tc.header, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
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
