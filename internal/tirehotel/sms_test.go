package tirehotel

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"forecourt/internal/jobs"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

// fakeGateway is a Twilio-style SMS gateway on loopback that fails the
// first fail requests with status, then accepts.
type fakeGateway struct {
	mu       sync.Mutex
	fail     int
	status   int
	delay    time.Duration
	received []url.Values
	auth     []string
}

func (g *fakeGateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if g.delay > 0 {
		time.Sleep(g.delay)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if g.fail > 0 {
		g.fail--
		w.WriteHeader(g.status)
		return
	}
	b, _ := io.ReadAll(r.Body)
	v, _ := url.ParseQuery(string(b))
	g.received = append(g.received, v)
	u, p, _ := r.BasicAuth()
	g.auth = append(g.auth, u+":"+p)
	w.WriteHeader(http.StatusCreated)
	io.WriteString(w, `{"sid":"SM123","status":"queued"}`)
}

func TestGatewaySend(t *testing.T) {
	g := &fakeGateway{}
	srv := httptest.NewServer(g)
	defer srv.Close()
	gw := &Gateway{URL: srv.URL + "/2010-04-01/Accounts/AC1/Messages.json", User: "AC1", Token: "secret", Sender: "Forecourt"}
	if err := gw.Send(context.Background(), SMS{To: "+46701740605", Body: CodeText("4821")}); err != nil {
		t.Fatal(err)
	}
	if len(g.received) != 1 || g.received[0].Get("To") != "+46701740605" || g.received[0].Get("From") != "Forecourt" ||
		g.received[0].Get("Body") != "Din kod till Däckhotellet är 4821. Den gäller i 5 minuter." || g.auth[0] != "AC1:secret" {
		t.Errorf("gateway got %v %v", g.received, g.auth)
	}
	// 5xx and 429 are retried; other 4xx are permanent.
	for status, permanent := range map[int]bool{500: false, 503: false, 429: false, 400: true, 401: true} {
		g.fail, g.status = 1, status
		err := gw.Send(context.Background(), SMS{To: "+46701740605", Body: "x"})
		var pe *PermanentError
		if err == nil || errors.As(err, &pe) != permanent {
			t.Errorf("status %d: %v (permanent %v)", status, err, permanent)
		}
	}
	// A slow gateway meets the client's timeout.
	g.fail, g.delay = 0, 300*time.Millisecond
	slow := &Gateway{URL: srv.URL, Client: &http.Client{Timeout: 50 * time.Millisecond}}
	if err := slow.Send(context.Background(), SMS{To: "+46701740605", Body: "x"}); err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("slow gateway: %v", err)
	}
}

// TestSMSOutbox: a code request survives a gateway outage and is sent
// when it is back, once; a message whose code expired is given up; a
// message whose job is gone is queued again by the sweep; nothing of the
// number or the text is logged.
func TestSMSOutbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		ctx := context.Background()
		g := &fakeGateway{fail: 2, status: 503}
		srv := httptest.NewServer(g)
		defer srv.Close()
		q, err := jobs.Open(ctx, db, nil, jobs.Options{PollInterval: 20 * time.Millisecond,
			Retry: jobs.Retry{Base: 50 * time.Millisecond, Max: 200 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		defer q.Stop(ctx)
		e.st.Jobs = q
		var logs syncBuffer
		ob := NewSMSSender(e.st, &Gateway{URL: srv.URL, Sender: "Forecourt"}, slog.New(slog.NewJSONHandler(&logs, nil)))
		ob.Now = e.clock.Now
		ob.Register()
		if err := q.Start(ctx); err != nil {
			t.Fatal(err)
		}
		received := func() []url.Values {
			g.mu.Lock()
			defer g.mu.Unlock()
			return append([]url.Values(nil), g.received...)
		}
		count := func(where string) int {
			var n int
			db.QueryRow(`SELECT count(*) FROM tirehotel_sms_outbox WHERE ` + where).Scan(&n)
			return n
		}
		wait := func(what string, cond func() bool) {
			t.Helper()
			for deadline := time.Now().Add(20 * time.Second); !cond(); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("timed out waiting for %s", what)
				}
			}
		}
		drain := func() {
			t.Helper()
			dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			defer cancel()
			if err := q.Drain(dctx); err != nil {
				t.Fatal(err)
			}
		}

		e.login(t, "ABC123", "10.0.0.1")
		wait("the code to be sent", func() bool { return count("sent_at IS NOT NULL") == 1 })
		drain()
		if got := received(); len(got) != 1 || got[0].Get("To") != "+46701740605" {
			t.Fatalf("after the outage the gateway got %v, want the code once", got)
		}
		var attempts int
		var body string
		db.QueryRow(`SELECT attempts, body_enc FROM tirehotel_sms_outbox`).Scan(&attempts, &body)
		if attempts != 3 {
			t.Errorf("sent at attempt %d, want 3 (two failed during the outage)", attempts)
		}
		// Sent texts are not kept when a gateway delivers them.
		if body != "" {
			t.Errorf("sent text kept")
		}
		if n, err := ob.Sweep(ctx); err != nil || n != 0 {
			t.Errorf("sweep queued %d (%v) for a sent message", n, err)
		}

		// A message still failing when its code expires is given up.
		e.clock.Add(10 * time.Minute)
		g.mu.Lock()
		g.fail, g.status = 1000, 500
		g.mu.Unlock()
		e.login(t, "ABC123", "10.0.0.1")
		wait("a failed attempt", func() bool { return count("sent_at IS NULL AND attempts > 0") == 1 })
		e.clock.Add(10 * time.Minute)
		wait("the expired message to be given up", func() bool { return count("given_up_at IS NOT NULL") == 1 })
		drain()
		if got := len(received()); got != 1 {
			t.Errorf("the gateway got %d messages, want only the first", got)
		}

		// A message whose job is gone (a command-line tool, or attempts
		// used up) is queued again by the sweep and sent.
		g.mu.Lock()
		g.fail = 0
		g.mu.Unlock()
		e.st.Jobs = nil
		if err := db.Tx(ctx, func(tx *sql.Tx) error {
			return e.st.QueueSMSTx(ctx, tx, "+46701740606", "Hej", e.clock.Now().Add(time.Hour))
		}); err != nil {
			t.Fatal(err)
		}
		e.st.Jobs = q
		if n, err := ob.Sweep(ctx); err != nil || n != 1 {
			t.Fatalf("sweep queued %d (%v), want 1", n, err)
		}
		wait("the swept message to be sent", func() bool { return count("sent_at IS NOT NULL") == 2 })

		for _, secret := range []string{"0701740605", "701740605", "Din kod", "Däckhotellet"} {
			if strings.Contains(logs.String(), secret) {
				t.Errorf("log contains %q:\n%s", secret, logs.String())
			}
		}
	})
}

// syncBuffer is a bytes.Buffer the job workers may log into concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
