package catalogpages_test

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"forecourt/internal/page"
	"forecourt/internal/render"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

var pool *render.Pool

// TestMain starts one real render worker: the handler tests render pages
// as production does. It needs the front-end build (make build).
func TestMain(m *testing.M) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	bundle := filepath.Join(root, "web", "dist", "server", "entry-server.js")
	if _, err := os.Stat(bundle); err != nil {
		println("catalogpages tests need the front-end build: run `make build` first")
		os.Exit(1)
	}
	var err error
	pool, err = render.Start(context.Background(), render.Config{Workers: 1, Script: filepath.Join(root, "web", "ssr", "worker.mjs"), Bundle: bundle})
	if err != nil {
		println("start render pool:", err.Error())
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	os.Exit(code)
}

func mustServer(t *testing.T) *web.Server {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		t.Fatal(err)
	}
	p := MustPages(t, MustEngine(t))
	pages := &page.Assembler{Content: p.Content, Locales: []string{"sv", "en"}}
	pages.Rewrite(p.CarListRewriter)
	pages.Register("CarList", p.CarList)
	pages.Register("Breadcrumb", p.Breadcrumb)
	s, err := web.New(web.Config{Locales: []string{"sv", "en"}}, web.Deps{Sites: sites, Pages: pages, Renderer: pool, Store: storetest.MustSQLite(t),
		AssetsDir: filepath.Join(filepath.Dir(file), "..", "..", "web", "dist", "client")})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBrandModelPageRenders(t *testing.T) {
	h := mustServer(t).Handler()
	tests := []struct {
		target, title, canonical, h1 string
		status, cards                int
	}{
		{"/bilar/bmw/x3", "X3 BMW | Forecourt", "/bilar/bmw/x3", "BMW X3", 200, 2},
		{"/bilar/bmw", "BMW | Forecourt", "/bilar/bmw", "BMW", 200, 3},
		{"/bilar?car_fuel=Diesel&page=abc", "Nya och begagnade bilar | Forecourt", "/bilar", "Nya och begagnade bilar", 200, 3},
		{"/bilar/saab", "Nya och begagnade bilar | Forecourt", "/bilar/saab", "Nya och begagnade bilar", 404, 0},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.target, nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			body, _ := io.ReadAll(rec.Result().Body)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d", rec.Code, tt.status)
			}
			doc, err := html.Parse(strings.NewReader(string(body)))
			if err != nil {
				t.Fatal(err)
			}
			if got := text(find(doc, "title")); got != tt.title {
				t.Errorf("title %q, want %q", got, tt.title)
			}
			if got := attr(find(doc, "link", "rel", "canonical"), "href"); !strings.HasSuffix(got, tt.canonical) {
				t.Errorf("canonical %q, want …%s", got, tt.canonical)
			}
			if got := text(find(doc, "h1")); got != tt.h1 {
				t.Errorf("h1 %q, want %q", got, tt.h1)
			}
			var cards []*html.Node
			findAll(doc, "article", &cards)
			if len(cards) != tt.cards {
				t.Errorf("%d car cards, want %d", len(cards), tt.cards)
			}
		})
	}
}

func find(n *html.Node, tag string, attrs ...string) *html.Node {
	if n.Type == html.ElementNode && n.Data == tag {
		ok := true
		for i := 0; i+1 < len(attrs); i += 2 {
			if attr(n, attrs[i]) != attrs[i+1] {
				ok = false
			}
		}
		if ok {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := find(c, tag, attrs...); f != nil {
			return f
		}
	}
	return nil
}

func findAll(n *html.Node, tag string, out *[]*html.Node) {
	if n.Type == html.ElementNode && n.Data == tag {
		*out = append(*out, n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		findAll(c, tag, out)
	}
}

func attr(n *html.Node, key string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}
