package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/page"
	"forecourt/internal/render"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
	"forecourt/internal/web"
	"forecourt/internal/web/webtest"

	"golang.org/x/net/html"
)

var pool *render.Pool

// TestMain starts one real render worker for the whole package: the
// server tests render pages exactly as production does. It needs the
// front-end build (make build); `make test` builds first.
func TestMain(m *testing.M) {
	if webtest.Fuzzing() {
		// A fuzz run (make test-fuzz) runs no server test: no render worker.
		os.Exit(m.Run())
	}
	var err error
	pool, err = webtest.StartPool()
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
	return mustServerWith(tb, renderer, web.Config{Locales: []string{"sv", "en", "da", "nb", "fi", "sk"}})
}

func mustServerWith(tb testing.TB, renderer web.Renderer, cfg web.Config) http.Handler {
	tb.Helper()
	return mustWebServer(tb, renderer, cfg, nil).Handler()
}

// mustWebServer builds the real server over the embedded demo content;
// wire, when set, adds to its page assembler and dependencies.
func mustWebServer(tb testing.TB, renderer web.Renderer, cfg web.Config, wire func(*page.Assembler, *web.Deps)) *web.Server {
	tb.Helper()
	// The demo sites carry no tag-manager id (a made-up one loads a script
	// that cannot exist); group-se gets one here so the snippet is checked.
	all := site.All()
	for _, st := range all {
		if st.Name == "group-se" {
			st.Settings.GTMID = "GTM-TEST01"
		}
	}
	sites, err := site.New(all, "group-se")
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
	deps := web.Deps{Sites: sites, Pages: pages, Renderer: renderer, Store: storetest.MustSQLite(tb), Redirects: redirects,
		AssetsDir: webtest.AssetsDir()}
	if wire != nil {
		wire(pages, &deps)
	} else {
		pages.Register("MainNavigation", pages.NavigationLoader)
	}
	s, err := web.New(cfg, deps)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestHomePageHead(t *testing.T) {
	h := mustServer(t, pool)
	r := webtest.Get(t, h, "/", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	checks := []struct{ name, got, want string }{
		{"title", webtest.Text(webtest.Find(r.Doc, "title")), "Bilar, service och däck | Forecourt"},
		{"lang", webtest.Attr(webtest.Find(r.Doc, "html"), "lang"), "sv-SE"},
		{"canonical", webtest.Attr(webtest.Find(r.Doc, "link", "rel", "canonical"), "href"), "https://forecourt.se/"},
		{"og:title", webtest.Attr(webtest.Find(r.Doc, "meta", "property", "og:title"), "content"), "Bilar, service och däck"},
		{"og:site_name", webtest.Attr(webtest.Find(r.Doc, "meta", "property", "og:site_name"), "content"), "Forecourt Sverige"},
		{"og:image", webtest.Attr(webtest.Find(r.Doc, "meta", "property", "og:image"), "content"), "http://forecourt.se/-/media/demo/scene/road.jpg"},
		{"hreflang sv", webtest.Attr(webtest.Find(r.Doc, "link", "hreflang", "sv-SE"), "href"), "http://forecourt.se/"},
		{"hreflang en", webtest.Attr(webtest.Find(r.Doc, "link", "hreflang", "en-GB"), "href"), "http://forecourt.se/en"},
		{"favicon", webtest.Attr(webtest.Find(r.Doc, "link", "rel", "icon"), "href"), "/icons/se.svg"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if d := webtest.Attr(webtest.Find(r.Doc, "meta", "name", "description"), "content"); !strings.HasPrefix(d, "Nya och begagnade bilar") {
		t.Errorf("description = %q", d)
	}
	ld := webtest.Find(r.Doc, "script", "type", "application/ld+json")
	var website map[string]any
	if err := json.Unmarshal([]byte(webtest.Text(ld)), &website); err != nil || website["@type"] != "WebSite" {
		t.Errorf("JSON-LD = %q (%v)", webtest.Text(ld), err)
	}
	// The body was rendered on the server, with the hero first in main.
	root := webtest.Find(r.Doc, "div", "id", "root")
	if webtest.Attr(root, "data-fallback") != "" || !strings.Contains(r.Body, "fc-hero__title") {
		t.Errorf("home page not server-rendered")
	}
	// Every inline script that runs is allowed by its hash, the tag
	// manager's included; no script carries a nonce (the document is the
	// same for every visitor) and the policy allows no other inline script.
	csp := r.Header.Get("Content-Security-Policy")
	checkScriptHashes(t, r.Doc, csp, 3)
	if !strings.Contains(r.Body, "GTM-TEST01") {
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
		r := webtest.Get(t, h, "/om-oss/historia", "Host", "forecourt.se")
		if got := webtest.Attr(webtest.Find(r.Doc, "link", "rel", "canonical"), "href"); got != "https://forecourt.se/om-oss/historia" {
			t.Errorf("canonical = %q", got)
		}
	})
	t.Run("language prefix", func(t *testing.T) {
		r := webtest.Get(t, h, "/en/om-oss/historia", "Host", "forecourt.se")
		if got := webtest.Text(webtest.Find(r.Doc, "title")); got != "Our history | Forecourt" {
			t.Errorf("title = %q", got)
		}
		if got := webtest.Attr(webtest.Find(r.Doc, "html"), "lang"); got != "en-GB" {
			t.Errorf("lang = %q", got)
		}
	})
	t.Run("no tag manager without an id", func(t *testing.T) {
		r := webtest.Get(t, h, "/", "Host", "forecourt.dk")
		if strings.Contains(r.Body, "googletagmanager.com/gtm.js") {
			t.Errorf("tag manager script on a site without an id")
		}
	})
	t.Run("host picks the site", func(t *testing.T) {
		r := webtest.Get(t, h, "/", "Host", "group-uk.localhost:8080")
		if got := webtest.Text(webtest.Find(r.Doc, "title")); got != "Cars, servicing and finance | Forecourt UK" {
			t.Errorf("title = %q", got)
		}
	})
	t.Run("unknown page is 404 with the not-found page", func(t *testing.T) {
		r := webtest.Get(t, h, "/finns-inte", "Host", "forecourt.se")
		if r.StatusCode != 404 {
			t.Errorf("status %d", r.StatusCode)
		}
		if got := webtest.Text(webtest.Find(r.Doc, "title")); got != "Sidan kunde inte hittas | Forecourt" {
			t.Errorf("title = %q", got)
		}
		if webtest.Attr(webtest.Find(r.Doc, "meta", "name", "robots"), "content") != "noindex" {
			t.Errorf("404 page must be noindex")
		}
	})
	t.Run("story tags are data, not pages", func(t *testing.T) {
		for _, p := range []string{"/story-tags", "/story-tags/elbil"} {
			r := webtest.Get(t, h, p, "Host", "forecourt.se")
			if r.StatusCode != 404 {
				t.Errorf("%s: status %d", p, r.StatusCode)
			}
			if got := webtest.Text(webtest.Find(r.Doc, "title")); got != "Sidan kunde inte hittas | Forecourt" {
				t.Errorf("%s: title = %q", p, got)
			}
		}
	})
	t.Run("a language that is not the site's is not a prefix", func(t *testing.T) {
		if r := webtest.Get(t, h, "/en/om-oss", "Host", "forecourt.dk"); r.StatusCode != 404 {
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
		{"forecourt.se", "/marken/volvo", "/bilar/volvo"},
		{"forecourt.se", "/anlaggning/uppsala", "/anlaggningar/uppsala"},
		{"forecourt.no", "/bruktbil/77", "/biler/77"},
		{"forecourt.sk", "/predajne/nitra", "/pobocky/nitra"},
		{"bilhallen-norrort.se", "/lastbilar", "/bilar?car_vehicle_type_code=TRUCK"},
		{"forecourt.se", "/om-oss/", "/om-oss"},
	}
	for _, tt := range tests {
		t.Run(tt.host+tt.path, func(t *testing.T) {
			r := webtest.Get(t, h, tt.path, "Host", tt.host)
			if r.StatusCode != http.StatusMovedPermanently || r.Header.Get("Location") != tt.want {
				t.Errorf("got %d %q, want 301 %q", r.StatusCode, r.Header.Get("Location"), tt.want)
			}
		})
	}
}

func TestRobotsSitemapHealth(t *testing.T) {
	h := mustServer(t, pool)
	r := webtest.Get(t, h, "/robots.txt", "Host", "forecourt.se")
	if r.StatusCode != 200 || !strings.Contains(r.Body, "Sitemap: http://forecourt.se/sitemap.xml") {
		t.Errorf("robots = %d %q", r.StatusCode, r.Body)
	}
	r = webtest.Get(t, h, "/sitemap.xml", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("sitemap status %d", r.StatusCode)
	}
	for _, want := range []string{
		"<loc>http://forecourt.se/om-oss/historia</loc>",
		"<loc>http://forecourt.se/en/om-oss/historia</loc>",
		`hreflang="en-GB" href="http://forecourt.se/en/om-oss/historia"`,
	} {
		if !strings.Contains(r.Body, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
	if strings.Contains(r.Body, "/404") {
		t.Errorf("sitemap lists the not-found page")
	}
	// The saved-searches page (reached from personal mail links) is noIndex.
	for _, p := range []string{"/bevakningar", "/bilar/favoriter"} {
		if strings.Contains(r.Body, p) {
			t.Errorf("sitemap lists the noIndex page %s", p)
		}
	}
	if r := webtest.Get(t, h, "/bevakningar", "Host", "forecourt.se"); webtest.Attr(webtest.Find(r.Doc, "meta", "name", "robots"), "content") != "noindex" {
		t.Errorf("/bevakningar has no robots noindex (status %d)", r.StatusCode)
	}
	r = webtest.Get(t, h, "/healthz")
	var health struct {
		Status string            `json:"status"`
		Checks map[string]string `json:"checks"`
	}
	if err := json.Unmarshal([]byte(r.Body), &health); err != nil || r.StatusCode != 200 {
		t.Fatalf("healthz %d %q", r.StatusCode, r.Body)
	}
	if health.Checks["store"] != "ok" || health.Checks["render"] != "1/1 workers" {
		t.Errorf("health = %+v", health)
	}
}

func TestPageDataAndCaching(t *testing.T) {
	h := mustServer(t, pool)
	r := webtest.Get(t, h, "/_page/om-oss", "Host", "forecourt.se")
	var pd struct {
		Title string `json:"title"`
		Page  struct {
			Sitecore struct {
				Route struct{ TemplateName string } `json:"route"`
			} `json:"sitecore"`
		} `json:"page"`
	}
	if err := json.Unmarshal([]byte(r.Body), &pd); err != nil || pd.Title != "Om Forecourt | Forecourt" || pd.Page.Sitecore.Route.TemplateName != "ContentPage" {
		t.Errorf("page data = %q (%v)", r.Body, err)
	}
	first := webtest.Get(t, h, "/om-oss", "Host", "forecourt.se", "Accept-Encoding", "gzip")
	if first.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("page not compressed")
	}
	etag := first.Header.Get("ETag")
	second := webtest.Get(t, h, "/om-oss", "Host", "forecourt.se", "If-None-Match", etag)
	if second.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation status %d", second.StatusCode)
	}
	if second.Header.Get("Content-Security-Policy") != first.Header.Get("Content-Security-Policy") {
		t.Errorf("304 with another CSP than the document's")
	}
}

// brokenRenderer fails every render, as a crashed worker pool would.
type brokenRenderer struct{}

func (brokenRenderer) RenderWithDictionary(context.Context, uint64, []byte, []byte) ([]byte, error) {
	return nil, render.ErrUnavailable
}
func (brokenRenderer) Ready() int { return 0 }
func (brokenRenderer) Size() int  { return 1 }

func TestFallbackKeepsHead(t *testing.T) {
	h := mustServerWith(t, brokenRenderer{}, web.Config{Locales: []string{"sv", "en", "da", "nb", "fi", "sk"}, MetricsToken: "metrics-token-0123456789"})
	r := webtest.Get(t, h, "/om-oss", "Host", "forecourt.se")
	if r.StatusCode != 200 {
		t.Fatalf("status %d", r.StatusCode)
	}
	if webtest.Attr(webtest.Find(r.Doc, "div", "id", "root"), "data-fallback") != "" && webtest.Find(r.Doc, "div", "id", "root").FirstChild != nil {
		t.Errorf("fallback root must be empty")
	}
	if !strings.Contains(r.Body, `<div id="root" data-fallback></div>`) {
		t.Errorf("no client-side fallback root")
	}
	if got := webtest.Text(webtest.Find(r.Doc, "title")); got != "Om Forecourt | Forecourt" {
		t.Errorf("title = %q", got)
	}
	if !strings.Contains(r.Body, `id="__PAGE_DATA__"`) {
		t.Errorf("page data missing")
	}
	// The dictionary travels in its own element, not in the page data.
	script := func(id string) map[string]json.RawMessage {
		n := webtest.Find(r.Doc, "script", "id", id)
		if n == nil || n.FirstChild == nil {
			t.Fatalf("no %s", id)
		}
		var v map[string]json.RawMessage
		if err := json.Unmarshal([]byte(n.FirstChild.Data), &v); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		return v
	}
	if _, ok := script("__PAGE_DATA__")["dictionary"]; ok {
		t.Error("the page data carries the dictionary too")
	}
	if len(script("__DICT__")) < 100 {
		t.Error("the dictionary element holds too few texts")
	}
	m := webtest.Get(t, h, "/metrics", "Authorization", "Bearer metrics-token-0123456789")
	if !strings.Contains(m.Body, `forecourt_render_fallbacks_total{reason="timeout"} 1`) {
		t.Errorf("fallback not counted")
	}
}

func TestCachedDocumentsKeepTheirBytes(t *testing.T) {
	h := mustServerWith(t, pool, web.Config{Locales: []string{"sv", "en"}, RenderCacheEntries: 16})
	var bodies, csps []string
	for i := 0; i < 3; i++ {
		r := webtest.Get(t, h, "/om-oss", "Host", "forecourt.se", "Accept-Encoding", "gzip")
		if r.StatusCode != 200 || r.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("request %d: %d %q", i, r.StatusCode, r.Header.Get("Content-Encoding"))
		}
		checkScriptHashes(t, r.Doc, r.Header.Get("Content-Security-Policy"), 2)
		bodies = append(bodies, r.Body)
		csps = append(csps, r.Header.Get("Content-Security-Policy"))
	}
	// Byte-identical documents for everyone: a shared cache may keep them.
	if bodies[0] != bodies[1] || bodies[1] != bodies[2] || csps[0] != csps[1] || csps[1] != csps[2] {
		t.Fatalf("cached documents (or their policies) differ from the first one")
	}
	plain := webtest.Get(t, h, "/om-oss", "Host", "forecourt.se")
	if plain.Body != bodies[0] || plain.Header.Get("Content-Security-Policy") != csps[0] {
		t.Fatalf("the uncompressed document differs from the compressed one")
	}
}

// checkScriptHashes checks that a page's executable inline scripts (at
// least min) are allowed by their hashes, that it has no other script
// (nothing parser-inserted from a URL), that no script carries a nonce,
// and that the policy lists no hash the page does not use.
func checkScriptHashes(t *testing.T, doc *html.Node, csp string, min int) {
	t.Helper()
	if strings.Contains(csp, "'nonce-") || !strings.Contains(csp, "'strict-dynamic'") {
		t.Errorf("CSP = %q", csp)
	}
	used := 0
	for _, s := range webtest.FindAll(doc, "script") {
		if webtest.Attr(s, "nonce") != "" {
			t.Errorf("a script carries a nonce")
		}
		switch typ := webtest.Attr(s, "type"); {
		case webtest.Attr(s, "src") != "":
			t.Errorf("a parser-inserted script from %q", webtest.Attr(s, "src"))
		case typ == "application/json" || typ == "application/ld+json":
		case typ != "":
			t.Errorf("a script of type %q", typ)
		default:
			sum := sha256.Sum256([]byte(webtest.Text(s)))
			if !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
				t.Errorf("inline script not allowed by the CSP: %.80s", webtest.Text(s))
			}
			used++
		}
	}
	if used < min || strings.Count(csp, "'sha256-") != used {
		t.Errorf("%d inline scripts, %d hashes in the CSP %q", used, strings.Count(csp, "'sha256-"), csp)
	}
}
