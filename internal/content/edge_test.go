package content_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"forecourt/internal/content"
	"forecourt/internal/errs"
)

const home = "/sitecore/content/forecourt/group-se/Home"

// fakeEdge is an Experience Edge stand-in on loopback: it checks the API
// key, parses each GraphQL query (operation, declared and used variables,
// balanced braces) and answers from testdata/edge fixtures.
type fakeEdge struct {
	t     *testing.T
	mu    sync.Mutex
	calls []edgeCall
	srv   *httptest.Server
}

type edgeCall struct {
	Op   string
	Vars map[string]any
}

var (
	opRe   = regexp.MustCompile(`^\s*query\s+(\w+)\s*(?:\(([^)]*)\))?\s*\{`)
	declRe = regexp.MustCompile(`\$(\w+)\s*:\s*([\w!\[\]]+)`)
	usedRe = regexp.MustCompile(`\$(\w+)`)
)

func fixture(t *testing.T, name string) []byte {
	b, err := os.ReadFile("testdata/edge/" + name + ".json")
	if err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return b
}

// parseQuery checks a query the way a GraphQL server would reject it.
func parseQuery(q string, vars map[string]any) (op string, problem string) {
	m := opRe.FindStringSubmatch(q)
	if m == nil {
		return "", "syntax error: expected a named query"
	}
	depth := 0
	for _, r := range q {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth < 0 {
			return m[1], "syntax error: unbalanced braces"
		}
	}
	if depth != 0 {
		return m[1], "syntax error: unbalanced braces"
	}
	declared := map[string]bool{}
	for _, d := range declRe.FindAllStringSubmatch(m[2], -1) {
		declared[d[1]] = true
		if strings.HasSuffix(d[2], "!") && vars[d[1]] == nil {
			return m[1], "Variable \"$" + d[1] + "\" of required type \"" + d[2] + "\" was not provided."
		}
	}
	body := q[len(m[0]):]
	for _, u := range usedRe.FindAllStringSubmatch(body, -1) {
		if !declared[u[1]] {
			return m[1], "Variable \"$" + u[1] + "\" is not defined."
		}
	}
	return m[1], ""
}

func newFakeEdge(t *testing.T) *fakeEdge {
	f := &fakeEdge{t: t}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeEdge) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get("sc_apikey") != "test-key" {
		http.Error(w, `{"errors":[{"message":"Unauthorized"}]}`, http.StatusUnauthorized)
		return
	}
	var req struct {
		Query     string         `json:"query"`
		Variables map[string]any `json:"variables"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, "bad json", http.StatusBadRequest)
		return
	}
	op, problem := parseQuery(req.Query, req.Variables)
	f.mu.Lock()
	f.calls = append(f.calls, edgeCall{op, req.Variables})
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if problem != "" {
		json.NewEncoder(w).Encode(map[string]any{"errors": []any{map[string]any{"message": problem}}})
		return
	}
	v := func(k string) string { s, _ := req.Variables[k].(string); return s }
	site := v("site")
	switch site {
	case "slow-site":
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
		return
	case "broken-site":
		http.Error(w, "upstream exploded", http.StatusBadGateway)
		return
	case "unknown-site":
		w.Write([]byte(`{"data":{"layout":{"item":null}}}`))
		return
	}
	var name string
	switch op {
	case "HomePath":
		name = "homepath"
	case "Layout":
		if v("routePath") != "/" {
			w.Write([]byte(`{"data":{"layout":{"item":null}}}`))
			return
		}
		name = "layout-home"
	case "Dictionary":
		name = map[bool]string{true: "dictionary-1", false: "dictionary-2"}[req.Variables["after"] == nil]
	case "Navigation":
		if v("language") == "fi" {
			name = "error-navigation"
		} else if v("path") == home {
			name = "navigation"
		}
	case "Languages":
		name = "languages"
	case "CurrentLanguage":
		name = "currentlanguage"
	case "PublishInfo":
		if v("path") == home+"/nyheter" {
			w.Write([]byte(`{"data":{"item":{"id":"{AAAA0000-0000-0000-0000-000000000001}","date":null}}}`))
			return
		}
		name = "publishinfo"
	case "Children":
		name = "children"
	case "Items":
		name = "items"
	}
	if name == "" {
		w.Write([]byte(`{"data":{"item":null}}`))
		return
	}
	w.Write(fixture(f.t, name))
}

func (f *fakeEdge) ops() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, c := range f.calls {
		out = append(out, c.Op)
	}
	return out
}

func (f *fakeEdge) last(op string) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	for i := len(f.calls) - 1; i >= 0; i-- {
		if f.calls[i].Op == op {
			return f.calls[i].Vars
		}
	}
	return nil
}

func mustEdge(t *testing.T, f *fakeEdge, ttl time.Duration) *content.EdgeSource {
	t.Helper()
	src, err := content.NewEdge(content.EdgeConfig{Endpoint: f.srv.URL, APIKey: "test-key", CacheTTL: ttl, Timeout: 300 * time.Millisecond,
		DefaultLanguage: func(string) string { return "sv" }})
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestEdgeRouteAndDictionary(t *testing.T) {
	f := newFakeEdge(t)
	src := mustEdge(t, f, -1)
	ctx := context.Background()
	r, err := src.Route(ctx, "group-se", "sv", "/")
	if err != nil {
		t.Fatal(err)
	}
	hero := r.Placeholders["headless-main"][0]
	if r.TemplateName != "HomePage" || r.ItemPath != "/" || r.Fields.String("metaTitle") != "Bilar, service och däck" || r.Updated.IsZero() {
		t.Errorf("route %+v", r)
	}
	if hero.ComponentName != "HeroBanner" || hero.Fields.String("Title") != "Hitta din nästa bil" || hero.Params["Variant"] != "FullScreen" || hero.DataSource == "" {
		t.Errorf("hero %+v", hero)
	}
	if src, _ := hero.Fields.Image("Image"); src != "/-/media/demo/scene/road.jpg" {
		t.Errorf("image %q", src)
	}
	if nav := r.Placeholders["headless-header"][0]; nav.Params == nil {
		t.Error("component params must never be nil (the front end reads them)")
	}
	if d := cmp.Diff(map[string]any{"site": "group-se", "routePath": "/", "language": "sv"}, f.last("Layout")); d != "" {
		t.Errorf("layout variables (-want +got):\n%s", d)
	}
	if _, err := src.Route(ctx, "group-se", "sv", "/finns-inte"); !errs.Is(err, errs.NotFound) {
		t.Errorf("missing page: %v", err)
	}
	dict, err := src.Dictionary(ctx, "group-se", "sv")
	if err != nil {
		t.Fatal(err)
	}
	want := content.Dictionary{"skipToContent": "Hoppa till innehåll", "scrollDown": "Scrolla ner", "showAll": "Visa alla"}
	if d := cmp.Diff(want, dict); d != "" {
		t.Errorf("dictionary over two pages (-want +got):\n%s", d)
	}
	if f.last("Dictionary")["after"] != "cursor-1" {
		t.Errorf("second dictionary page asked with after=%v", f.last("Dictionary")["after"])
	}
}

func TestEdgeNavigationAndLanguages(t *testing.T) {
	f := newFakeEdge(t)
	src := mustEdge(t, f, 30*time.Second)
	ctx := context.Background()
	nav, err := src.Navigation(ctx, "group-se", "sv", "/")
	if err != nil {
		t.Fatal(err)
	}
	if len(nav) != 4 || nav[0].NavigationTitle != "Bilar" || !nav[0].IsNavigableInMenuWhenItHasChildren || nav[0].Path != "/bilar" {
		t.Fatalf("nav %+v", nav)
	}
	if got := nav[0].Children[0].Children[0].NavigationTitle; got != "Elbilar" {
		t.Errorf("third level %q", got)
	}
	if !nav[2].HideInNavigation || nav[3].ExternalLink != "https://jobs.example.com" {
		t.Errorf("hidden/external %+v %+v", nav[2], nav[3])
	}
	if f.last("Navigation")["path"] != home {
		t.Errorf("navigation path %v", f.last("Navigation")["path"])
	}
	// Navigation failure: an error the loader logs (and shows nothing).
	if _, err := src.Navigation(ctx, "group-se", "fi", "/"); !errs.Is(err, errs.Unavailable) || !strings.Contains(err.Error(), "resolver failed") {
		t.Errorf("graphql error: %v", err)
	}
	langs, err := src.Languages(ctx, "group-se", "sv", "/om-oss")
	if err != nil {
		t.Fatal(err)
	}
	want := []content.Language{
		{Name: "sv", DisplayName: "svenska", EnglishName: "Swedish", NativeName: "svenska", URL: "/om-oss"},
		{Name: "en", DisplayName: "English", EnglishName: "English", NativeName: "English", URL: "/en/om-oss"},
	}
	if d := cmp.Diff(want, langs); d != "" {
		t.Errorf("languages (-want +got):\n%s", d)
	}
	if cur, err := src.CurrentLanguage(ctx, "group-se", "sv", "/om-oss"); err != nil || cur != "sv" {
		t.Errorf("current language %q %v", cur, err)
	}
	// Cached: the same navigation again makes no call.
	n := len(f.ops())
	src.Navigation(ctx, "group-se", "sv", "/")
	if len(f.ops()) != n {
		t.Errorf("cached navigation made %d more calls", len(f.ops())-n)
	}
}

func TestEdgeItemsAndChildren(t *testing.T) {
	f := newFakeEdge(t)
	src := mustEdge(t, f, -1)
	ctx := context.Background()
	items, err := src.Items(ctx, "group-se")
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Path != "/" || len(items[0].Languages) != 2 || items[0].Fields["en"].String("navTitle") != "Home" || items[1].Path != "/om-oss" {
		t.Errorf("items %+v", items)
	}
	kids, err := src.Children(ctx, "group-se", "sv", "/nyheter")
	if err != nil || len(kids) != 2 || kids[0].ID != "C2" || kids[0].Updated.IsZero() {
		t.Errorf("children newest first: %+v %v", kids, err)
	}
}

func TestEdgeErrors(t *testing.T) {
	f := newFakeEdge(t)
	src := mustEdge(t, f, -1)
	ctx := context.Background()
	for _, c := range []struct{ site, lang string }{{"", "sv"}, {"group-se", ""}} {
		_, err := src.Route(ctx, c.site, c.lang, "/")
		if !errs.Is(err, errs.Invalid) || errs.MessageOf(err) != "No Sitecore context found" {
			t.Errorf("Route(%q, %q) = %v", c.site, c.lang, err)
		}
		if _, err := src.Navigation(ctx, c.site, c.lang, "/"); errs.MessageOf(err) != "No Sitecore context found" {
			t.Errorf("Navigation(%q, %q) = %v", c.site, c.lang, err)
		}
	}
	start := time.Now()
	if _, err := src.Route(ctx, "slow-site", "sv", "/"); !errs.Is(err, errs.Unavailable) {
		t.Errorf("timeout: %v", err)
	}
	if time.Since(start) > 1500*time.Millisecond {
		t.Error("the call was not bounded by the timeout")
	}
	if _, err := src.Route(ctx, "broken-site", "sv", "/"); !errs.Is(err, errs.Unavailable) || !strings.Contains(err.Error(), "502") {
		t.Errorf("HTTP 502: %v", err)
	}
	if _, err := src.Navigation(ctx, "unknown-site", "sv", "/"); !errs.Is(err, errs.NotFound) {
		t.Errorf("unknown site: %v", err)
	}
	bad, _ := content.NewEdge(content.EdgeConfig{Endpoint: f.srv.URL, APIKey: "wrong", CacheTTL: -1})
	if _, err := bad.Route(ctx, "group-se", "sv", "/"); !errs.Is(err, errs.Unavailable) || !strings.Contains(err.Error(), "401") {
		t.Errorf("wrong key: %v", err)
	}
	if _, err := content.NewEdge(content.EdgeConfig{Endpoint: f.srv.URL}); !errs.Is(err, errs.Invalid) {
		t.Errorf("no key: %v", err)
	}
	// Every query the source sends parses (the fake rejects bad ones with errors).
	for _, c := range f.calls {
		if c.Op == "" {
			t.Errorf("unparsable query sent")
		}
	}
}
