package web_test

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/net/html"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/render"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
)

// repoRoot finds the repository root from this file.
func repoRoot(tb testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

var pool *render.Pool

// TestMain starts one real render worker for the whole package: the
// server tests render pages exactly as production does. It needs the
// front-end build (make build); `make test` builds first.
func TestMain(m *testing.M) {
	root := repoRoot(nil)
	bundle := filepath.Join(root, "web", "dist", "server", "entry-server.js")
	if _, err := os.Stat(bundle); err != nil {
		println("web tests need the front-end build: run `make build` first")
		os.Exit(1)
	}
	var err error
	pool, err = render.Start(context.Background(), render.Config{
		Workers: 1, Script: filepath.Join(root, "web", "ssr", "worker.mjs"), Bundle: bundle,
	})
	if err != nil {
		println("start render pool:", err.Error())
		os.Exit(1)
	}
	code := m.Run()
	pool.Close()
	os.Exit(code)
}

// mustServer builds the real server over the embedded demo content.
func mustServer(tb testing.TB, renderer web.Renderer) http.Handler {
	tb.Helper()
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	redirects, err := web.LoadRedirects(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	pages := &page.Assembler{Content: src, Locales: []string{"sv", "en", "da", "nb", "fi", "sk"}}
	pages.Register("MainNavigation", pages.NavigationLoader)
	s, err := web.New(web.Config{PublicURL: "", Locales: []string{"sv", "en", "da", "nb", "fi", "sk"}},
		web.Deps{Sites: sites, Pages: pages, Renderer: renderer, Store: storetest.MustSQLite(tb), Redirects: redirects,
			AssetsDir: filepath.Join(repoRoot(tb), "web", "dist", "client")})
	if err != nil {
		tb.Fatal(err)
	}
	return s.Handler()
}

type response struct {
	*http.Response
	body string
	doc  *html.Node
}

func get(tb testing.TB, h http.Handler, target string, hdr ...string) response {
	tb.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	var rd io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		gz, err := gzip.NewReader(res.Body)
		if err != nil {
			tb.Fatal(err)
		}
		rd = gz
	}
	b, _ := io.ReadAll(rd)
	r := response{Response: res, body: string(b)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		doc, err := html.Parse(strings.NewReader(r.body))
		if err != nil {
			tb.Fatal(err)
		}
		r.doc = doc
	}
	return r
}

// find returns the first element matching tag and all attr=value pairs.
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

func TestHomePageHead(t *testing.T) {
	h := mustServer(t, pool)
	r := get(t, h, "/", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	checks := []struct{ name, got, want string }{
		{"title", text(find(r.doc, "title")), "Bilar, service och däck | Forecourt"},
		{"lang", attr(find(r.doc, "html"), "lang"), "sv-SE"},
		{"canonical", attr(find(r.doc, "link", "rel", "canonical"), "href"), "https://forecourt.se/"},
		{"og:title", attr(find(r.doc, "meta", "property", "og:title"), "content"), "Bilar, service och däck"},
		{"og:site_name", attr(find(r.doc, "meta", "property", "og:site_name"), "content"), "Forecourt Sverige"},
		{"og:image", attr(find(r.doc, "meta", "property", "og:image"), "content"), "http://forecourt.se/-/media/demo/scene/road.jpg"},
		{"hreflang sv", attr(find(r.doc, "link", "hreflang", "sv-SE"), "href"), "http://forecourt.se/"},
		{"hreflang en", attr(find(r.doc, "link", "hreflang", "en-GB"), "href"), "http://forecourt.se/en"},
		{"favicon", attr(find(r.doc, "link", "rel", "icon"), "href"), "/favicon.svg"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if d := attr(find(r.doc, "meta", "name", "description"), "content"); !strings.HasPrefix(d, "Nya och begagnade bilar") {
		t.Errorf("description = %q", d)
	}
	ld := find(r.doc, "script", "type", "application/ld+json")
	var website map[string]any
	if err := json.Unmarshal([]byte(text(ld)), &website); err != nil || website["@type"] != "WebSite" {
		t.Errorf("JSON-LD = %q (%v)", text(ld), err)
	}
	// The body was rendered on the server, with the hero first in main.
	root := find(r.doc, "div", "id", "root")
	if attr(root, "data-fallback") != "" || !strings.Contains(r.body, "fc-hero__title") {
		t.Errorf("home page not server-rendered")
	}
	// Every script carries the response's CSP nonce, the tag manager included.
	csp := r.Header.Get("Content-Security-Policy")
	var scripts []*html.Node
	findAll(r.doc, "script", &scripts)
	if len(scripts) < 3 {
		t.Fatalf("scripts = %d", len(scripts))
	}
	for _, s := range scripts {
		if n := attr(s, "nonce"); n == "" || !strings.Contains(csp, "'nonce-"+n+"'") {
			t.Errorf("script without the CSP nonce: %q", attr(s, "src"))
		}
	}
	if !strings.Contains(r.body, "GTM-FC0SE01") {
		t.Errorf("tag manager missing although the site has an id")
	}
	for _, h := range []string{"X-Content-Type-Options", "Referrer-Policy", "ETag"} {
		if r.Header.Get(h) == "" {
			t.Errorf("header %s missing", h)
		}
	}
	if !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP = %q", csp)
	}
}

func TestHeadRules(t *testing.T) {
	h := mustServer(t, pool)
	t.Run("canonical is lowercased and absolute", func(t *testing.T) {
		r := get(t, h, "/om-oss/historia", "Host", "forecourt.se")
		if got := attr(find(r.doc, "link", "rel", "canonical"), "href"); got != "https://forecourt.se/om-oss/historia" {
			t.Errorf("canonical = %q", got)
		}
	})
	t.Run("language prefix", func(t *testing.T) {
		r := get(t, h, "/en/om-oss/historia", "Host", "forecourt.se")
		if got := text(find(r.doc, "title")); got != "Our history | Forecourt" {
			t.Errorf("title = %q", got)
		}
		if got := attr(find(r.doc, "html"), "lang"); got != "en-GB" {
			t.Errorf("lang = %q", got)
		}
	})
	t.Run("no tag manager without an id", func(t *testing.T) {
		r := get(t, h, "/", "Host", "forecourt.dk")
		if strings.Contains(r.body, "googletagmanager.com/gtm.js") {
			t.Errorf("tag manager script on a site without an id")
		}
	})
	t.Run("host picks the site", func(t *testing.T) {
		r := get(t, h, "/", "Host", "group-uk.localhost:8080")
		if got := text(find(r.doc, "title")); got != "Cars, servicing and finance | Forecourt UK" {
			t.Errorf("title = %q", got)
		}
	})
	t.Run("unknown page is 404 with the not-found page", func(t *testing.T) {
		r := get(t, h, "/finns-inte", "Host", "forecourt.se")
		if r.StatusCode != 404 {
			t.Errorf("status %d", r.StatusCode)
		}
		if got := text(find(r.doc, "title")); got != "Sidan kunde inte hittas | Forecourt" {
			t.Errorf("title = %q", got)
		}
		if attr(find(r.doc, "meta", "name", "robots"), "content") != "noindex" {
			t.Errorf("404 page must be noindex")
		}
	})
	t.Run("a language that is not the site's is not a prefix", func(t *testing.T) {
		if r := get(t, h, "/en/om-oss", "Host", "forecourt.dk"); r.StatusCode != 404 {
			t.Errorf("status %d", r.StatusCode)
		}
	})
}

func TestRedirects(t *testing.T) {
	h := mustServer(t, pool)
	tests := []struct {
		host, path, want string
	}{
		{"www.forecourt.se", "/om-oss?a=1", "http://forecourt.se/om-oss?a=1"},
		{"forecourt.se", "/begagnade-bilar/12345", "/bilar/12345"},
		{"forecourt.se", "/elbilar", "/bilar?car_fuel=El"},
		{"forecourt.se", "/transportbilar?sort=price", "/bilar?car_vehicle_type_code=LCV&sort=price"},
		{"forecourt.se", "/marken/volvo", "/bilar?car_brand=volvo"},
		{"forecourt.se", "/anlaggning/uppsala", "/anlaggningar/uppsala"},
		{"forecourt.no", "/bruktbil/77", "/biler/77"},
		{"forecourt.sk", "/predajne/nitra", "/predajne-a-servisy/nitra"},
		{"bilhallen-norrort.se", "/lastbilar", "/bilar?car_vehicle_type_code=Truck"},
		{"forecourt.se", "/om-oss/", "/om-oss"},
	}
	for _, tt := range tests {
		t.Run(tt.host+tt.path, func(t *testing.T) {
			r := get(t, h, tt.path, "Host", tt.host)
			if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != tt.want {
				t.Errorf("got %d %q, want 301 %q", r.StatusCode, r.Header.Get("Location"), tt.want)
			}
		})
	}
}

func TestRobotsSitemapHealth(t *testing.T) {
	h := mustServer(t, pool)
	r := get(t, h, "/robots.txt", "Host", "forecourt.se")
	if r.StatusCode != 200 || !strings.Contains(r.body, "Sitemap: http://forecourt.se/sitemap.xml") {
		t.Errorf("robots = %d %q", r.StatusCode, r.body)
	}
	r = get(t, h, "/sitemap.xml", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("sitemap status %d", r.StatusCode)
	}
	for _, want := range []string{
		"<loc>http://forecourt.se/om-oss/historia</loc>",
		"<loc>http://forecourt.se/en/om-oss/historia</loc>",
		`hreflang="en-GB" href="http://forecourt.se/en/om-oss/historia"`,
	} {
		if !strings.Contains(r.body, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if strings.Contains(r.body, "/404") {
		t.Errorf("sitemap lists the not-found page")
	}
	r = get(t, h, "/healthz")
	var health struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	if err := json.Unmarshal([]byte(r.body), &health); err != nil || r.StatusCode != 200 {
		t.Fatalf("healthz %d %q", r.StatusCode, r.body)
	}
	if health.Checks["store"] != "ok" || health.Checks["render"] != "1/1 workers" {
		t.Errorf("health = %+v", health)
	}
}

func TestPageDataAndCaching(t *testing.T) {
	h := mustServer(t, pool)
	r := get(t, h, "/_page/om-oss", "Host", "forecourt.se")
	var pd struct {
		Title string `json:"title"`
		Page  struct {
			Sitecore struct {
				Route struct{ TemplateName string } `json:"route"`
			} `json:"sitecore"`
		} `json:"page"`
	}
	if err := json.Unmarshal([]byte(r.body), &pd); err != nil || pd.Title != "Om Forecourt | Forecourt" || pd.Page.Sitecore.Route.TemplateName != "ContentPage" {
		t.Errorf("page data = %q (%v)", r.body, err)
	}
	first := get(t, h, "/om-oss", "Host", "forecourt.se", "Accept-Encoding", "gzip")
	if first.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("page not compressed")
	}
	etag := first.Header.Get("ETag")
	second := get(t, h, "/om-oss", "Host", "forecourt.se", "If-None-Match", etag)
	if second.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation status %d", second.StatusCode)
	}
	if second.Header.Get("Content-Security-Policy") != "" {
		t.Errorf("304 must keep the cached response's CSP (its nonce matches the cached body)")
	}
}

// brokenRenderer fails every render, as a crashed worker pool would.
type brokenRenderer struct{}

func (brokenRenderer) Render(context.Context, []byte) ([]byte, error) {
	return nil, render.ErrUnavailable
}
func (brokenRenderer) Ready() int { return 0 }
func (brokenRenderer) Size() int  { return 1 }

func TestFallbackKeepsHead(t *testing.T) {
	h := mustServer(t, brokenRenderer{})
	r := get(t, h, "/om-oss", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	if attr(find(r.doc, "div", "id", "root"), "data-fallback") != "" && find(r.doc, "div", "id", "root").FirstChild != nil {
		t.Errorf("fallback root must be empty")
	}
	if !strings.Contains(r.body, `<div id="root" data-fallback></div>`) {
		t.Errorf("no client-side fallback root")
	}
	if got := text(find(r.doc, "title")); got != "Om Forecourt | Forecourt" {
		t.Errorf("title = %q", got)
	}
	if !strings.Contains(r.body, `id="__PAGE_DATA__"`) {
		t.Errorf("page data missing")
	}
	m := get(t, h, "/metrics")
	if !strings.Contains(m.body, `forecourt_render_fallbacks_total{reason="timeout"} 1`) {
		t.Errorf("fallback not counted")
	}
}
