package tirehotel

import (
	"bytes"
	"context"
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
// when it is back; a message whose code expired is given up; nothing of
// the number or the text is logged.
func TestSMSOutbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		g := &fakeGateway{fail: 2, status: 503}
		srv := httptest.NewServer(g)
		defer srv.Close()
		var logs bytes.Buffer
		ob := NewSMSOutbox(e.st, &Gateway{URL: srv.URL, Sender: "Forecourt"}, slog.New(slog.NewJSONHandler(&logs, nil)))
		ob.Now = e.clock.Now
		e.auth.SMS = ob
		e.login(t, "ABC123", "10.0.0.1")
		ctx := context.Background()
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d during the outage", n)
		}
		e.clock.Add(ob.BaseDelay)
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d during the outage", n)
		}
		if n := ob.Deliver(ctx); n != 0 {
			t.Fatalf("sent %d before the backoff ended", n)
		}
		e.clock.Add(2 * ob.BaseDelay)
		if n := ob.Deliver(ctx); n != 1 || len(g.received) != 1 || g.received[0].Get("To") != "+46701740605" {
			t.Fatalf("after the outage: sent %d, gateway got %v", n, g.received)
		}
		if n := ob.Deliver(ctx); n != 0 {
			t.Errorf("sent again: %d", n)
		}
		// Sent texts are not kept when a gateway delivers them.
		var body string
		db.QueryRow(`SELECT body_enc FROM tirehotel_sms_outbox`).Scan(&body)
		if body != "" {
			t.Errorf("sent text kept")
		}
		// A message still failing when its code expires is given up.
		e.clock.Add(10 * time.Minute)
		g.fail, g.status = 1000, 500
		e.login(t, "ABC123", "10.0.0.1")
		for i := 0; i < 20; i++ {
			ob.Deliver(ctx)
			e.clock.Add(ob.MaxDelay)
		}
		var gaveUp int
		db.QueryRow(`SELECT count(*) FROM tirehotel_sms_outbox WHERE given_up_at IS NOT NULL`).Scan(&gaveUp)
		if gaveUp != 1 {
			t.Errorf("%d given up, want 1", gaveUp)
		}
		for _, secret := range []string{"0701740605", "701740605", "Din kod", "Däckhotellet"} {
			if strings.Contains(logs.String(), secret) {
				t.Errorf("log contains %q:\n%s", secret, logs.String())
			}
		}
	})
}
