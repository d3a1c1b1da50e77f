package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"forecourt/internal/catalog"
	"forecourt/internal/demo/stock"
	"forecourt/internal/demo/tyres"
	"forecourt/internal/store"
)

// limitedCall is one request to an endpoint that counts hits per client
// address.
type limitedCall struct {
	name, method, path, ctype, body string
}

// rateLimitedCalls are every endpoint that limits per client address, with
// a request that gets as far as the count (the count comes before the
// request's own checks, or the request passes those).
func rateLimitedCalls(tirehotelToken string) []limitedCall {
	const j = "application/json"
	return []limitedCall{
		{"form submission", "POST", "/api/forms/comhub", j, `{}`},
		{"form-builder submission", "POST", "/api/jotform", j, `{}`},
		{"saved-search sign-up", "POST", "/api/alerts", j, `{}`},
		{"saved-search link", "POST", "/api/alerts/confirm", j, `{"token":"x"}`},
		{"reminder unsubscribe", "GET", "/api/reminders/unsubscribe?token=x", "", ""},
		{"booking: car look-up", "GET", "/api/mechmate/car/ABC123", "", ""},
		{"booking: nearest workshops", "GET", "/api/mechmate/departments/closestAvailable?regNo=ABC123&serviceOfferings=originalservice&latitude=59.33&longitude=18.06", "", ""},
		{"booking: book", "POST", "/api/mechmate/book", j, `{}`},
		{"booking: cancel", "POST", "/api/mechmate/bookings/1/cancel?token=x", j, `{}`},
		{"booking page", "POST", "/api/bookings/manage", j, `{"token":"x"}`},
		{"booking page: move", "POST", "/api/bookings/manage/move", j, `{"token":"x"}`},
		{"booking page: cancel", "POST", "/api/bookings/manage/cancel", j, `{"token":"x"}`},
		{"booking page: calendar", "GET", "/api/bookings/manage/calendar?token=x", "", ""},
		{"tyre hotel: plate search", "GET", "/api/tirehotel/authorization/search?regNo=" + tyres.PlateFine, "", ""},
		{"tyre hotel: code request", "POST", "/api/tirehotel/authorization/login?encryptedPhoneNumber=" + url.QueryEscape(tirehotelToken), j, `{}`},
		{"tyre hotel: code check", "POST", "/api/tirehotel/authorization/validate?authToken=x&otpToken=1234", j, `{}`},
		{"editor sign-in", "POST", "/editor/login", "application/x-www-form-urlencoded", "name=redaktor&password=wrong"},
	}
}

// TestSpoofedForwardedFor sends every rate-limited endpoint the same
// request twice from one peer with two different X-Forwarded-For headers.
// Without CLIENT_IP_HEADER the header is a client's to choose, so the
// second request must count against exactly the keys of the first: a
// visitor cannot get a fresh limit by making up an address. With
// CLIENT_IP_HEADER=X-Forwarded-For (behind our load balancer, which
// appends the real address last) the two requests are two clients, and the
// second counts against a key of its own.
func TestSpoofedForwardedFor(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds the demo stock and wires every feature")
	}
	ctx := context.Background()
	dataDir, webDir := t.TempDir(), t.TempDir()
	fakeClientBuild(t, filepath.Join(webDir, "dist", "client"))
	for k, v := range map[string]string{
		"DATA_DIR": dataDir, "WEB_DIR": webDir, "SITE_NAME": "group-se", "RENDER_WORKERS": "0", "LOG_LEVEL": "error",
		"ACCESS_LOG": "false", "DATABASE_URL": "", "CONTENT_DIR": "", "EDGE_ENDPOINT": "", "PUBLIC_URL": "", "PUBLIC_URLS": "",
		// The demo editor of `make run` (README): its sign-in is rate-limited too.
		"EDITOR_ACCOUNTS": "redaktor:$2a$12$TDlk248Auz/TZNFMy2iZse/Psip724.OgVyFVebfTGDfFQjMKRVxe:*",
		// Both runs share the store: the tyre hotel's limits per number
		// must not end the code request before it counts the client.
		"TIREHOTEL_RATE_SCALE": "100",
	} {
		t.Setenv(k, v)
	}
	a, err := openApp(ctx, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := stock.SeedIfEmpty(ctx, catalog.NewStore(a.db), stock.SeedOptions{Scale: 0.05}); err != nil {
		t.Fatal(err)
	}
	if err := seedTirehotel(ctx, a, io.Discard); err != nil {
		t.Fatal(err)
	}
	a.db.Close()

	for _, tc := range []struct {
		name, header string
		trusted      bool
	}{
		{"no proxy header trusted", "", false},
		{"CLIENT_IP_HEADER=X-Forwarded-For", "X-Forwarded-For", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("CLIENT_IP_HEADER", tc.header)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			a, err := openApp(ctx, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			defer a.db.Close()
			srv, err := wireServer(ctx, a, false, func() {})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.close()
			hs := httptest.NewServer(srv.web.Handler())
			defer hs.Close()

			send := func(c limitedCall, forwardedFor string) (int, string) {
				t.Helper()
				req, err := http.NewRequest(c.method, hs.URL+c.path, strings.NewReader(c.body))
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("X-Forwarded-For", forwardedFor)
				if c.method == "POST" {
					req.Header.Set("Origin", hs.URL)
					req.Header.Set("Content-Type", c.ctype)
				}
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer res.Body.Close()
				b, _ := io.ReadAll(res.Body)
				return res.StatusCode, string(b)
			}
			// The code request needs a sealed number from a plate search.
			status, body := send(limitedCall{method: "GET", path: "/api/tirehotel/authorization/search?regNo=" + tyres.PlateFine}, "192.0.2.1")
			token := sealedNumber(body)
			if status != http.StatusOK || token == "" {
				t.Fatalf("plate search: %d %s", status, body)
			}
			for _, c := range rateLimitedCalls(token) {
				before := counters(t, a.db)
				status, body := send(c, "203.0.113.7")
				first := changed(before, counters(t, a.db))
				if len(first) == 0 {
					t.Errorf("%s: %d %.200s counted against no limit; the test does not reach the count", c.name, status, body)
					continue
				}
				if status == http.StatusTooManyRequests {
					t.Errorf("%s: rate-limited already (%s)", c.name, body)
				}
				mid := counters(t, a.db)
				send(c, "198.51.100.9")
				second := changed(mid, counters(t, a.db))
				t.Logf("%s: %d; keys %q then %q", c.name, status, first, second)
				fresh := slices.DeleteFunc(slices.Clone(second), func(k string) bool { return slices.Contains(first, k) })
				switch {
				case !tc.trusted && (len(fresh) > 0 || !slices.Equal(first, second)):
					t.Errorf("%s: a made-up X-Forwarded-For changed the limit keys from %q to %q", c.name, first, second)
				case tc.trusted && len(fresh) == 0:
					t.Errorf("%s: behind the trusted proxy header a second client counted against the first's keys %q", c.name, second)
				}
			}
		})
	}
}

// counters are the rate-limit counters: key → window and hits.
func counters(t *testing.T, db *store.DB) map[string][2]int64 {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT key, window_start, hits FROM ratelimit_counters`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][2]int64{}
	for rows.Next() {
		var k string
		var w, h int64
		if err := rows.Scan(&k, &w, &h); err != nil {
			t.Fatal(err)
		}
		out[k] = [2]int64{w, h}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// changed are the keys counted between two readings, sorted.
func changed(before, after map[string][2]int64) []string {
	var out []string
	for k, v := range after {
		if before[k] != v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// sealedNumber finds the encryptedPhoneNumber of a plate search's answer.
func sealedNumber(body string) string {
	var v any
	if json.Unmarshal([]byte(body), &v) != nil {
		return ""
	}
	var find func(v any) string
	find = func(v any) string {
		switch x := v.(type) {
		case map[string]any:
			if s, ok := x["encryptedPhoneNumber"].(string); ok {
				return s
			}
			for _, e := range x {
				if s := find(e); s != "" {
					return s
				}
			}
		case []any:
			for _, e := range x {
				if s := find(e); s != "" {
					return s
				}
			}
		}
		return ""
	}
	return find(v)
}
