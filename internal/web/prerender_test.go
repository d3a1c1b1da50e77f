package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/site"
	"forecourt/internal/web"
	"forecourt/internal/web/webtest"
)

// pricedNav is the navigation's data with a price in the head: what a car
// page is to the document cache (its head and data follow the stock).
type pricedNav struct {
	nav   any
	price string
}

func (p pricedNav) MarshalJSON() ([]byte, error) { return json.Marshal(p.nav) }
func (p pricedNav) ContributeHead(h *page.Head)  { h.Description = "Pris " + p.price }

// After the stock changes, the first request for a pre-rendered page gets
// the new stock's document, never the one made before; before it, the
// page is answered from the pre-rendered store without rendering.
func TestPrerenderedPagesFollowTheStock(t *testing.T) {
	var price atomic.Value
	price.Store("389 900 kr")
	paths := []string{"/om-oss", "/om-oss/jobba-hos-oss"}
	s := mustWebServer(t, pool, web.Config{Locales: []string{"sv", "en"}, RenderCacheEntries: 16,
		Prerender: web.PrerenderConfig{Dir: t.TempDir(), Share: 1}},
		func(pages *page.Assembler, d *web.Deps) {
			pages.Register("MainNavigation", func(ctx context.Context, req *page.Request, route *content.Route, c *content.Component) (any, error) {
				nav, err := pages.NavigationLoader(ctx, req, route, c)
				return pricedNav{nav, price.Load().(string)}, err
			})
			d.Sitemap = append(d.Sitemap, func(ctx context.Context, st *site.Site, base string) ([]page.SitemapURL, error) {
				if st.Name != "group-se" {
					return nil, nil
				}
				var out []page.SitemapURL
				for _, p := range paths {
					out = append(out, page.SitemapURL{Loc: base + p})
				}
				return out, nil
			})
		})
	h := s.Handler()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := s.StartPrerender(ctx); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	get := func(p string) webtest.Response {
		// Behind the load balancer's TLS, as the pre-renderer's requests are.
		return webtest.Get(t, h, p, "Host", "forecourt.se", "X-Forwarded-Proto", "https", "Accept-Encoding", "gzip")
	}
	description := func(r webtest.Response) string {
		return webtest.Attr(webtest.Find(r.Doc, "meta", "name", "description"), "content")
	}
	count := func(result string) string {
		m := webtest.Get(t, s.MetricsHandler(), "/metrics").Body
		for _, line := range strings.Split(m, "\n") {
			if strings.HasPrefix(line, `forecourt_page_documents_total{result="`+result+`"} `) {
				return strings.TrimPrefix(line, `forecourt_page_documents_total{result="`+result+`"} `)
			}
		}
		return "0"
	}
	waitDone := func() {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			var health struct {
				Checks map[string]string `json:"checks"`
			}
			json.Unmarshal([]byte(webtest.Get(t, h, "/healthz").Body), &health)
			state := health.Checks["prerender"]
			if strings.Contains(state, "group-se: done 2 pages") {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("pre-render not done: %q", state)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}

	s.StockChanged("group-se")
	waitDone()
	for _, p := range paths {
		if r := get(p); r.StatusCode != 200 || description(r) != "Pris 389 900 kr" {
			t.Fatalf("%s: %d, description %q", p, r.StatusCode, description(r))
		}
	}
	if got := count("prerendered"); got != "2" {
		t.Errorf("pre-rendered answers = %s, want 2", got)
	}
	// A repeat is answered from memory.
	first := get(paths[0])
	if got := count("memory"); got != "1" || first.Header.Get("ETag") == "" {
		t.Errorf("answers from memory = %s, want 1 (ETag %q)", got, first.Header.Get("ETag"))
	}

	// The stock changes (an import's new price is in the indexes): the
	// very next request, before any new pre-render, has the new price.
	price.Store("379 900 kr")
	s.StockChanged("group-se")
	for _, p := range paths {
		if r := get(p); description(r) != "Pris 379 900 kr" {
			t.Fatalf("%s after the change: description %q", p, description(r))
		}
	}
	if r := get(paths[0]); r.Header.Get("ETag") == first.Header.Get("ETag") {
		t.Errorf("the changed document kept its ETag")
	}

	// A change the server is not told about (a content source's own
	// cache, a clock): a document older than 5 minutes is served at once
	// and checked in the background; the next request has the new page.
	price.Store("369 900 kr")
	undo := web.SetDocClock(10 * time.Minute)
	defer undo()
	if r := get(paths[0]); description(r) != "Pris 379 900 kr" {
		t.Fatalf("a stale document was not served at once: %q", description(r))
	}
	deadline := time.Now().Add(60 * time.Second)
	for description(get(paths[0])) != "Pris 369 900 kr" {
		if time.Now().After(deadline) {
			t.Fatal("the stale document was not checked in the background")
		}
		time.Sleep(20 * time.Millisecond)
	}
	// One older than an hour is checked before it is served.
	price.Store("359 900 kr")
	web.SetDocClock(2 * time.Hour) // the deferred undo sets the clock back
	if r := get(paths[1]); description(r) != "Pris 359 900 kr" {
		t.Fatalf("a document older than an hour was served unchecked: %q", description(r))
	}
}
