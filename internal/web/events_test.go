package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/personalize"
)

func TestPageViewForwarding(t *testing.T) {
	var mu sync.Mutex
	var got []personalize.PageView
	var slow atomic.Bool
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev personalize.PageView
		json.NewDecoder(r.Body).Decode(&ev)
		mu.Lock()
		got = append(got, ev)
		mu.Unlock()
		if slow.Load() {
			time.Sleep(500 * time.Millisecond)
		}
		w.WriteHeader(http.StatusCreated)
	}))
	defer fake.Close()

	post := func(srv *httptest.Server, body, origin string) int {
		req, _ := http.NewRequest("POST", srv.URL+"/api/events/pageview", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode
	}
	// A server with the endpoint configured.
	srv := func(endpoint string) *httptest.Server {
		env := mustEditingServerWith(t, &personalize.Client{Endpoint: endpoint, Timeout: 200 * time.Millisecond})
		return env.srv
	}
	on := srv(fake.URL)
	if st := post(on, `{"page":"home","variantId":"item-1_sv_default","language":"sv"}`, ""); st != http.StatusAccepted {
		t.Fatalf("status %d", st)
	}
	want := []personalize.PageView{{Channel: "WEB", Type: "VIEW", Page: "home", VariantID: "item-1_sv_default", Language: "SV", Site: "group-se"}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("forwarded (-want +got):\n%s", d)
	}
	if st := post(on, `{"page":"","language":"<x>"}`, ""); st != http.StatusBadRequest {
		t.Errorf("bad event: %d", st)
	}
	if st := post(on, `{"page":"home","language":"sv"}`, "https://evil.example"); st != http.StatusForbidden {
		t.Errorf("cross-origin: %d", st)
	}
	// A slow service: the event is dropped after the timeout, the browser still gets 202.
	slow.Store(true)
	start := time.Now()
	if st := post(on, `{"page":"home","language":"sv"}`, ""); st != http.StatusAccepted || time.Since(start) > 450*time.Millisecond {
		t.Errorf("slow service: %d after %v", st, time.Since(start))
	}
	slow.Store(false)
	// No endpoint: dropped silently.
	mu.Lock()
	n := len(got)
	mu.Unlock()
	off := srv("")
	if st := post(off, `{"page":"home","language":"sv"}`, ""); st != http.StatusAccepted {
		t.Errorf("no endpoint: %d", st)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != n {
		t.Error("an event was sent without an endpoint")
	}
}
