package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/editing"
	"forecourt/internal/page"
	"forecourt/internal/personalize"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"
)

// fakeDist writes a minimal front-end build for tests.
func fakeDist(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	os.MkdirAll(filepath.Join(dir, ".vite"), 0o755)
	os.MkdirAll(filepath.Join(dir, "assets"), 0o755)
	os.WriteFile(filepath.Join(dir, ".vite", "manifest.json"), []byte(`{"src/app/entry-client.tsx":{"file":"assets/entry.js","isEntry":true}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "assets", "entry.js"), []byte(`console.log(1)`), 0o644)
	return dir
}

type editingEnv struct {
	srv      *httptest.Server
	store    *editing.Store
	password string
	now      *time.Time
}

func mustEditingServer(tb testing.TB) *editingEnv {
	tb.Helper()
	return mustEditingServerWith(tb, nil)
}

func mustEditingServerWith(tb testing.TB, pc *personalize.Client) *editingEnv {
	tb.Helper()
	db := storetest.MustSQLite(tb)
	src, err := content.LoadFiles(contentfiles.FS)
	if err != nil {
		tb.Fatal(err)
	}
	sites, err := site.New(site.All(), "group-se")
	if err != nil {
		tb.Fatal(err)
	}
	st := editing.NewStore(db)
	now := time.Now()
	st.SetClock(func() time.Time { return now })
	ov := editing.NewOverlay(src, st)
	ov.TTL = 0
	// A cheap hash: the test only needs a valid bcrypt value.
	hash, err := editing.HashPassword("demo-password")
	if err != nil {
		tb.Fatal(err)
	}
	acc, _ := editing.ParseAccounts("anna:" + hash)
	pages := &page.Assembler{Content: ov}
	s, err := New(Config{}, Deps{
		Sites: sites, Pages: pages, Store: db, AssetsDir: fakeDist(tb), Personalize: pc,
		Editing: &EditingDeps{Accounts: acc, Store: st, Overlay: ov, SessionTTL: time.Hour, Secret: "render-secret-0123456789"},
	})
	if err != nil {
		tb.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	tb.Cleanup(hs.Close)
	return &editingEnv{srv: hs, store: st, password: "demo-password", now: &now}
}

func (e *editingEnv) client(tb testing.TB) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// signIn signs in and returns the client with the cookie and the CSRF token.
func (e *editingEnv) signIn(tb testing.TB) (*http.Client, string) {
	tb.Helper()
	c := e.client(tb)
	res, err := c.PostForm(e.srv.URL+"/editor/login", url.Values{"name": {"anna"}, "password": {e.password}, "next": {"/?mode=edit"}})
	if err != nil {
		tb.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/?mode=edit" {
		tb.Fatalf("login: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	ck := res.Cookies()[0]
	if ck.Name != EditorCookie || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Secure {
		tb.Errorf("cookie %+v: want HttpOnly, SameSite=Lax, not Secure over plain HTTP", ck)
	}
	var sess struct{ CSRFToken string }
	getJSON(tb, c, e.srv.URL+"/api/editor/session", http.StatusOK, &sess)
	return c, sess.CSRFToken
}

func getJSON(tb testing.TB, c *http.Client, u string, want int, v any) {
	tb.Helper()
	res, err := c.Get(u)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != want {
		tb.Fatalf("GET %s = %d %s, want %d", u, res.StatusCode, b, want)
	}
	if v != nil {
		json.Unmarshal(b, v)
	}
}

func postJSON(tb testing.TB, c *http.Client, u, csrf string, body any) (int, string) {
	tb.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", u, strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	if csrf != "" {
		req.Header.Set("X-CSRF-Token", csrf)
	}
	res, err := c.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(out)
}

// pageData fetches a page as c and returns the embedded page data and headers.
func pageData(tb testing.TB, c *http.Client, u string) (page.Data, http.Header) {
	tb.Helper()
	res, err := c.Get(u)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	html := string(b)
	i := strings.Index(html, `<script id="__PAGE_DATA__"`)
	if i < 0 {
		tb.Fatalf("GET %s: no page data (%d)", u, res.StatusCode)
	}
	html = html[i:]
	html = html[strings.Index(html, ">")+1:]
	html = html[:strings.Index(html, "</script>")]
	var d page.Data
	if err := json.Unmarshal([]byte(html), &d); err != nil {
		tb.Fatalf("page data: %v", err)
	}
	return d, res.Header
}

func heroTitle(d page.Data) string {
	for _, c := range d.Sitecore.Route.Placeholders["headless-main"] {
		if c.ComponentName == "HeroBanner" {
			return c.Fields.String("Title")
		}
	}
	return ""
}

func heroOf(tb testing.TB, d page.Data) content.Component {
	for _, c := range d.Sitecore.Route.Placeholders["headless-main"] {
		if c.ComponentName == "HeroBanner" {
			return c
		}
	}
	tb.Fatal("no hero")
	return content.Component{}
}

func TestEditingJourney(t *testing.T) {
	e := mustEditingServer(t)
	editor, csrf := e.signIn(t)
	visitor := e.client(t)

	d, h := pageData(t, editor, e.srv.URL+"/?mode=edit")
	if !d.Sitecore.Context.PageEditing {
		t.Fatal("editor's ?mode=edit is not editing mode")
	}
	if h.Get("Cache-Control") != "no-store" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'self'") {
		t.Errorf("editing headers: %q / %q", h.Get("Cache-Control"), h.Get("Content-Security-Policy"))
	}
	hero := heroOf(t, d)
	field := map[string]any{"itemId": d.Sitecore.Route.ItemID, "uid": hero.UID, "language": "sv", "field": "Title", "kind": "text", "value": "Redigerad rubrik"}
	if st, body := postJSON(t, editor, e.srv.URL+"/api/editor/fields", csrf, field); st != http.StatusCreated {
		t.Fatalf("save: %d %s", st, body)
	}
	if d, _ := pageData(t, editor, e.srv.URL+"/?mode=edit"); heroTitle(d) != "Redigerad rubrik" {
		t.Errorf("editor sees %q, want the draft", heroTitle(d))
	}
	for _, u := range []string{"/", "/?mode=edit"} {
		if d, _ := pageData(t, visitor, e.srv.URL+u); heroTitle(d) != "Hitta din nästa bil" || d.Sitecore.Context.PageEditing {
			t.Errorf("visitor at %s sees %q (editing %v) before publishing", u, heroTitle(d), d.Sitecore.Context.PageEditing)
		}
	}
	// The editor outside editing mode sees published content too.
	if d, _ := pageData(t, editor, e.srv.URL+"/"); heroTitle(d) != "Hitta din nästa bil" {
		t.Errorf("editor without mode=edit sees %q", heroTitle(d))
	}
	var hist struct{ Versions []editing.Version }
	getJSON(t, editor, e.srv.URL+"/api/editor/history?uid="+hero.UID+"&language=sv&field=Title", http.StatusOK, &hist)
	if len(hist.Versions) != 1 || hist.Versions[0].Editor != "anna" || hist.Versions[0].PublishedAt != nil {
		t.Fatalf("history %+v", hist.Versions)
	}
	if st, body := postJSON(t, editor, e.srv.URL+"/api/editor/publish", csrf, map[string]any{"itemId": d.Sitecore.Route.ItemID, "language": "sv"}); st != http.StatusOK || !strings.Contains(body, `"published":1`) {
		t.Fatalf("publish: %d %s", st, body)
	}
	if d, h := pageData(t, visitor, e.srv.URL+"/"); heroTitle(d) != "Redigerad rubrik" || !strings.HasPrefix(h.Get("Cache-Control"), "public") {
		t.Errorf("visitor sees %q after publishing", heroTitle(d))
	}
	field["value"] = "Andra utkastet"
	postJSON(t, editor, e.srv.URL+"/api/editor/fields", csrf, field)
	if st, body := postJSON(t, editor, e.srv.URL+"/api/editor/revert", csrf, map[string]any{"versionId": hist.Versions[0].ID}); st != http.StatusCreated {
		t.Fatalf("revert: %d %s", st, body)
	}
	if d, _ := pageData(t, editor, e.srv.URL+"/?mode=edit"); heroTitle(d) != "Redigerad rubrik" {
		t.Errorf("after revert editor sees %q", heroTitle(d))
	}
	// Rich text is sanitised on save, bad links are refused.
	rich := map[string]any{"itemId": d.Sitecore.Route.ItemID, "uid": hero.UID, "language": "sv", "field": "Text", "kind": "rich", "value": `<p>Hej<img src=x onerror=alert(1)><script>alert(2)</script></p>`}
	if st, body := postJSON(t, editor, e.srv.URL+"/api/editor/fields", csrf, rich); st != http.StatusCreated || strings.Contains(body, "onerror") || strings.Contains(body, "script") {
		t.Errorf("rich: %d %s", st, body)
	}
	link := map[string]any{"itemId": d.Sitecore.Route.ItemID, "uid": hero.UID, "language": "sv", "field": "Link", "kind": "link", "value": map[string]string{"href": "javascript:alert(1)", "text": "x"}}
	if st, body := postJSON(t, editor, e.srv.URL+"/api/editor/fields", csrf, link); st != http.StatusBadRequest || !strings.Contains(body, "value.href") {
		t.Errorf("javascript link: %d %s", st, body)
	}
	// CSRF: the session cookie alone is not enough.
	if st, _ := postJSON(t, editor, e.srv.URL+"/api/editor/fields", "", field); st != http.StatusForbidden {
		t.Errorf("no CSRF token: %d, want 403", st)
	}
	if st, _ := postJSON(t, editor, e.srv.URL+"/api/editor/fields", "wrong", field); st != http.StatusForbidden {
		t.Errorf("wrong CSRF token: %d, want 403", st)
	}
}

func TestVisitorsNeverReachEditing(t *testing.T) {
	e := mustEditingServer(t)
	_, csrf := e.signIn(t) // a real session exists; visitors must still not get in
	expiredToken, _, err := e.store.CreateSession(context.Background(), "anna", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	*e.now = e.now.Add(2 * time.Minute) // expires it
	cases := map[string]*http.Cookie{
		"no cookie":       nil,
		"forged cookie":   {Name: EditorCookie, Value: strings.Repeat("A", 43)},
		"expired session": {Name: EditorCookie, Value: expiredToken},
		"random cookie":   {Name: "visitor", Value: "hello"},
	}
	for name, ck := range cases {
		t.Run(name, func(t *testing.T) {
			c := e.client(t)
			if ck != nil {
				u, _ := url.Parse(e.srv.URL)
				c.Jar.SetCookies(u, []*http.Cookie{ck})
			}
			d, h := pageData(t, c, e.srv.URL+"/?mode=edit")
			if d.Sitecore.Context.PageEditing {
				t.Error("?mode=edit opened editing mode")
			}
			if h.Get("Cache-Control") == "no-store" || !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
				t.Errorf("visitor got editing headers: %q", h.Get("Content-Security-Policy"))
			}
			getJSON(t, c, e.srv.URL+"/api/editor/session", http.StatusUnauthorized, nil)
			getJSON(t, c, e.srv.URL+"/api/editor/history?itemId=x&language=sv&field=Title", http.StatusUnauthorized, nil)
			for _, p := range []string{"/api/editor/fields", "/api/editor/publish", "/api/editor/revert"} {
				if st, body := postJSON(t, c, e.srv.URL+p, csrf, map[string]any{}); st != http.StatusUnauthorized {
					t.Errorf("POST %s = %d %s, want 401", p, st, body)
				}
			}
			res, _ := c.Get(e.srv.URL + "/_page/?mode=edit")
			var pd pageDataResponse
			json.NewDecoder(res.Body).Decode(&pd)
			res.Body.Close()
			if pd.Page == nil || pd.Page.Sitecore.Context.PageEditing {
				t.Error("/_page/?mode=edit gave editing mode")
			}
		})
	}
}

func TestLoginPage(t *testing.T) {
	e := mustEditingServer(t)
	c := e.client(t)
	res, _ := c.Get(e.srv.URL + "/editor/login?next=//evil.example")
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	html := string(b)
	for _, want := range []string{`<label for="name">`, `<label for="password">`, `autocomplete="current-password"`, `value="/?mode=edit"`, `<html lang="sv">`} {
		if !strings.Contains(html, want) {
			t.Errorf("login page lacks %s", want)
		}
	}
	res, _ = c.PostForm(e.srv.URL+"/editor/login", url.Values{"name": {"anna"}, "password": {"wrong-password"}})
	b, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(b), `role="alert"`) || len(res.Cookies()) != 0 {
		t.Errorf("wrong password: %d, cookies %v", res.StatusCode, res.Cookies())
	}
	req, _ := http.NewRequest("POST", e.srv.URL+"/editor/login", strings.NewReader(url.Values{"name": {"anna"}, "password": {e.password}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	res, _ = c.Do(req)
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin login: %d", res.StatusCode)
	}
}

func TestEditingRender(t *testing.T) {
	e := mustEditingServer(t)
	c := e.client(t)
	layout := `{"sitecore":{"context":{"site":{"name":"group-se"},"language":"sv","pageEditing":true},"route":{"name":"x","itemId":"i1","fields":{"metaTitle":{"value":"Förhandsvisning"}},"placeholders":{"headless-main":[]}}}}`
	jss := map[string]any{"id": "r1", "args": []any{"/", layout, "{}"}}
	send := func(secret string, body any) (int, string) {
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/editing/render", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		if secret != "" {
			req.Header.Set("X-Editing-Secret", secret)
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(out)
	}
	if st, _ := send("", jss); st != http.StatusUnauthorized {
		t.Errorf("no secret: %d", st)
	}
	if st, _ := send("wrong", jss); st != http.StatusUnauthorized {
		t.Errorf("wrong secret: %d", st)
	}
	st, body := send("render-secret-0123456789", jss)
	if st != http.StatusOK || !strings.Contains(body, `"html":"\u003c!doctype html\u003e`) || !strings.Contains(body, "Förhandsvisning") {
		t.Errorf("render: %d %.300s", st, body)
	}
	st, body = send("render-secret-0123456789", map[string]any{"layoutData": json.RawMessage(`{"sitecore":{"context":{"language":"sv"},"route":{"name":"x"}}}`)})
	if st != http.StatusBadRequest || !strings.Contains(body, `"No Sitecore context found"`) {
		t.Errorf("no site: %d %s", st, body)
	}
}
