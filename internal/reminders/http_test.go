package reminders_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"forecourt/internal/booking"
	"forecourt/internal/reminders"
	"forecourt/internal/store/storetest"
)

// countLimiter allows n calls in all.
type countLimiter struct{ left int }

func (l *countLimiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	l.left--
	return l.left >= 0, time.Minute, nil
}

func TestUnsubscribeHTTP(t *testing.T) {
	db := storetest.MustSQLite(t)
	f := newFixture(t, db)
	ctx := context.Background()
	_, r := f.book(t, booking.FlowService, "D-9001", "anna@example.se", "ABC123", []string{"originalservice"}, true)
	if _, err := f.svc.RunDue(ctx, r.DueAt); err != nil {
		t.Fatal(err)
	}
	tok := tokenOf(t, outbox(t, db, "anna@example.se")[0])
	f.clock.add(time.Minute)
	lim := &countLimiter{left: 4} // the fifth call is one too many
	api := &reminders.API{Service: f.svc, Limiter: lim}
	mux := http.NewServeMux()
	for _, rt := range api.Routes() {
		h := rt.Handler
		mux.HandleFunc(rt.Pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				http.Error(w, err.Error(), 500)
			}
		})
	}
	do := func(method, token, body string) (int, string) {
		req := httptest.NewRequest(method, "/api/reminders/unsubscribe?token="+url.QueryEscape(token), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}

	// GET shows the question and changes nothing.
	code, body := do("GET", tok, "")
	if code != 200 || !strings.Contains(body, "Vill du avsluta påminnelserna om ABC123?") || !strings.Contains(body, `method="post"`) {
		t.Fatalf("GET %d %s", code, body)
	}
	if g, _ := f.svc.Get(ctx, r.ID); g.Reason != "" {
		t.Fatalf("GET changed the reminder: %+v", g)
	}
	if code, body := do("POST", tok[:len(tok)-2]+"xx", "List-Unsubscribe=One-Click"); code != 400 || !strings.Contains(body, "Länken är ogiltig eller har gått ut.") {
		t.Errorf("tampered %d %s", code, body)
	}
	if code, body := do("POST", tok, "List-Unsubscribe=One-Click"); code != 200 || !strings.Contains(body, "Du får inga fler påminnelser om ABC123.") {
		t.Errorf("one-click %d %s", code, body)
	}
	if g, _ := f.svc.Get(ctx, r.ID); g.Reason != reminders.ReasonUnsubscribed {
		t.Errorf("after one-click %+v", g)
	}
	if code, body := do("GET", tok, ""); code != 200 || !strings.Contains(body, "Du får inga fler påminnelser") {
		t.Errorf("GET after %d %s", code, body)
	}
	// Over the limit: 429 with Retry-After.
	code, _ = do("POST", tok, "")
	if code != 429 {
		t.Errorf("over the limit: %d", code)
	}
}

// keyLimiter records the keys it is asked about and allows everything.
type keyLimiter struct{ keys map[string]int }

func (l *keyLimiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	l.keys[key]++
	return true, 0, nil
}

// TestUnsubscribeLimitIgnoresSpoofedForwardedFor: a client that sends a new
// X-Forwarded-For with every call is counted as one client (the server's
// CLIENT_IP_HEADER policy alone may name a proxy header).
func TestUnsubscribeLimitIgnoresSpoofedForwardedFor(t *testing.T) {
	f := newFixture(t, storetest.MustSQLite(t))
	lim := &keyLimiter{keys: map[string]int{}}
	api := &reminders.API{Service: f.svc, Limiter: lim}
	for _, rt := range api.Routes() {
		for i := 0; i < 3; i++ {
			method, _, _ := strings.Cut(rt.Pattern, " ")
			req := httptest.NewRequest(method, "/api/reminders/unsubscribe?token=x", strings.NewReader("List-Unsubscribe=One-Click"))
			req.RemoteAddr = "127.0.0.1:4000"
			req.Header.Set("X-Forwarded-For", "203.0.113."+string(rune('1'+i)))
			rt.Handler(httptest.NewRecorder(), req)
		}
	}
	if len(lim.keys) != 1 || lim.keys["reminders:unsubscribe:ip:127.0.0.1"] != 6 {
		t.Errorf("rate-limit keys %v, want one key for the one client", lim.keys)
	}
}
