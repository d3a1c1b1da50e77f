package render_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"forecourt/internal/render"
)

// mustPool starts real Node workers with the built server bundle, as in
// production. The bundle comes from `make build`.
func mustPool(tb testing.TB, workers int) *render.Pool {
	tb.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	bundle := filepath.Join(root, "web", "dist", "server", "entry-server.js")
	if _, err := os.Stat(bundle); err != nil {
		tb.Fatalf("render tests need the front-end build (make build): %v", err)
	}
	p, err := render.Start(context.Background(), render.Config{
		Workers: workers, Script: filepath.Join(root, "web", "ssr", "worker.mjs"), Bundle: bundle, Timeout: 3 * time.Second,
	})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(p.Close)
	return p
}

const minimalPage = `{"sitecore":{"context":{"pageEditing":false,"site":{"name":"group-se"},"language":"sv","itemPath":"/"},
"route":{"name":"home","displayName":"","itemId":"1","templateName":"HomePage","itemLanguage":"sv","itemPath":"/","fields":{},
"placeholders":{"headless-main":[{"uid":"a","componentName":"RichText","params":{},"fields":{"Text":{"value":"<p>Hej världen</p>"}}}]}}},
"site":{"name":"group-se","kind":"group","language":"sv","defaultLanguage":"sv","locale":"sv-SE","currency":"SEK","languages":[],"homePath":"/","isUK":false,"isCarStore":false},
"dictionary":{},"path":"/","query":"","status":200,"data":{},"flags":{"hideAlert":false}}`

func TestRenderContract(t *testing.T) {
	p := mustPool(t, 1)
	t.Run("renders page data to the root's HTML", func(t *testing.T) {
		html, err := p.Render(context.Background(), []byte(minimalPage))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(html), "<p>Hej världen</p>") || !strings.Contains(string(html), `class="fc-app"`) {
			t.Errorf("html = %s", html)
		}
	})
	t.Run("bad page data is an error, not a crash", func(t *testing.T) {
		_, err := p.Render(context.Background(), []byte(`{not json`))
		if err == nil || errors.Is(err, render.ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
		if _, err := p.Render(context.Background(), []byte(minimalPage)); err != nil {
			t.Fatalf("worker must keep serving after a bad request: %v", err)
		}
	})
	t.Run("page data with its dictionary apart renders the same", func(t *testing.T) {
		want, err := p.Render(context.Background(), []byte(minimalPage))
		if err != nil {
			t.Fatal(err)
		}
		noDict := strings.Replace(minimalPage, `"dictionary":{},`, "", 1)
		for _, key := range []uint64{1, 1, 2} { // parsed, then reused by key, then another
			got, err := p.RenderWithDictionary(context.Background(), key, []byte(`{}`), []byte(noDict))
			if err != nil || string(got) != string(want) {
				t.Fatalf("key %d: %v\n%s\nwant\n%s", key, err, got, want)
			}
		}
		// The dictionary reaches the components: the skip link's text.
		dict := `{"skipToContent":"Hoppa till innehållet nu"}`
		got, err := p.RenderWithDictionary(context.Background(), 3, []byte(dict), []byte(noDict))
		if err != nil || !strings.Contains(string(got), "Hoppa till innehållet nu") {
			t.Fatalf("dictionary text missing: %v\n%s", err, got)
		}
		if _, err := p.RenderWithDictionary(context.Background(), 4, []byte(`{broken`), []byte(noDict)); err == nil || errors.Is(err, render.ErrUnavailable) {
			t.Fatalf("a broken dictionary: err = %v", err)
		}
	})
	t.Run("a failing section renders the apology and the rest of the page", func(t *testing.T) {
		// A Footer whose placeholders are malformed throws inside its section.
		broken := strings.Replace(minimalPage, `"headless-main":[`, `"headless-main":[{"uid":"x","componentName":"FooterLinkList","params":{},"fields":{"Links":{"value":"not a list"}}},`, 1)
		broken = strings.Replace(broken, `"fields":{"Links":{"value":"not a list"}}`, `"fields":null`, 1)
		html, err := p.Render(context.Background(), []byte(broken))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(html), "<p>Hej världen</p>") {
			t.Errorf("rest of the page missing: %s", html)
		}
	})
}

func TestWorkerRestart(t *testing.T) {
	p := mustPool(t, 1)
	pids := p.PIDs()
	if len(pids) != 1 {
		t.Fatalf("pids = %v", pids)
	}
	syscall.Kill(pids[0], syscall.SIGKILL)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if p.Restarts() >= 1 && p.Ready() == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker not restarted: restarts=%d ready=%d", p.Restarts(), p.Ready())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if _, err := p.Render(context.Background(), []byte(minimalPage)); err != nil {
		t.Fatalf("render after restart: %v", err)
	}
}

// BenchmarkRender measures one render round trip Go → worker → Go of a
// small page, so the framing's cost shows beside React's.
func BenchmarkRender(b *testing.B) {
	p := mustPool(b, 1)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Render(ctx, []byte(minimalPage)); err != nil {
			b.Fatal(err)
		}
	}
}
