package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	contentfiles "forecourt/content"
	"forecourt/internal/content"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store/storetest"

	"golang.org/x/crypto/bcrypt"
)

// memLimiter is an in-process Limiter for tests (the real one is
// internal/ratelimit, counters in the store).
type memLimiter struct {
	mu sync.Mutex
	n  map[string]int
}

func (m *memLimiter) Allow(_ context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.n == nil {
		m.n = map[string]int{}
	}
	m.n[key]++
	if m.n[key] > limit {
		return false, window, nil
	}
	return true, 0, nil
}

func (m *memLimiter) Reset(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.n, key)
	return nil
}

type hardEnv struct {
	srv *Server
	h   http.Handler
	st  *editing.Store
}

// mustHardServer builds a server over the demo content with editing (the
// accounts of accountsSpec, "%s" standing for a hash of "demo-password"),
// the limiter lim and a search engine with the vehicles schema.
func mustHardServer(tb testing.TB, cfg Config, accountsSpec string, lim Limiter, engine *search.Engine) *hardEnv {
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
	ov := editing.NewOverlay(src, st)
	ov.TTL = 0
	hash := testHash(tb)
	acc, err := editing.ParseAccounts(strings.ReplaceAll(accountsSpec, "%s", hash))
	if err != nil {
		tb.Fatal(err)
	}
	pages := &page.Assembler{Content: ov}
	d := Deps{
		Sites: sites, Pages: pages, Store: db, AssetsDir: fakeDist(tb),
		Editing: &EditingDeps{Accounts: acc, Store: st, Overlay: ov, SessionTTL: time.Hour, Limiter: lim},
	}
	if engine != nil {
		d.Extra = append(d.Extra, SearchAPI(engine))
	}
	s, err := New(cfg, d)
	if err != nil {
		tb.Fatal(err)
	}
	return &hardEnv{srv: s, h: s.Handler(), st: st}
}

var (
	hashOnce sync.Once
	theHash  string
)

func testHash(tb testing.TB) string {
	hashOnce.Do(func() {
		// A cheap hash: the tests sign in many times.
		h, err := bcrypt.GenerateFromPassword([]byte("demo-password"), bcrypt.MinCost)
		if err != nil {
			tb.Fatal(err)
		}
		theHash = string(h)
	})
	return theHash
}

func (e *hardEnv) do(method, target, host string, body io.Reader, hdr ...string) *http.Response {
	req := httptest.NewRequest(method, target, body)
	if host != "" {
		req.Host = host
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec.Result()
}

func (e *hardEnv) login(name, password, host string, hdr ...string) *http.Response {
	form := url.Values{"name": {name}, "password": {password}, "next": {"/?mode=edit"}}
	return e.do("POST", "/editor/login", host, strings.NewReader(form.Encode()),
		append([]string{"Content-Type", "application/x-www-form-urlencoded"}, hdr...)...)
}

func readAll(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	return string(b)
}

// TestTrailingSlashRedirectStaysOnSite: "/%2Fevil.example/phish/" answered
// "301 Location: //evil.example/phish" (issue 11, item 2).
func TestTrailingSlashRedirectStaysOnSite(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	tests := []struct {
		target, location string
		status           int
	}{
		{"/%2Fevil.example/phish/", "", http.StatusNotFound},
		{"/%2F%2Fevil.example/", "", http.StatusNotFound},
		{"/%5Cevil.example/phish/", "/%5Cevil.example/phish", http.StatusMovedPermanently},
		{"/om-oss/historia/", "/om-oss/historia", http.StatusMovedPermanently},
		{"/om-oss/historia/?a=1", "/om-oss/historia?a=1", http.StatusMovedPermanently},
	}
	for _, tt := range tests {
		res := e.do("GET", tt.target, "", nil)
		loc := res.Header.Get("Location")
		if res.StatusCode != tt.status || loc != tt.location {
			t.Errorf("GET %s = %d Location %q, want %d %q", tt.target, res.StatusCode, loc, tt.status, tt.location)
		}
		if strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
			t.Errorf("GET %s: scheme-relative Location %q", tt.target, loc)
		}
	}
}

// TestSafeNext: the post-sign-in target is a parsed path of this origin
// (issue 11, item 3: next=/%09/evil.example).
func TestSafeNext(t *testing.T) {
	tests := []struct{ next, want string }{
		{"/\t/evil.example", "/?mode=edit"},
		{"/%09/evil.example", "/?mode=edit"},
		{"/\n/evil.example", "/?mode=edit"},
		{"//evil.example", "/?mode=edit"},
		{"/\\evil.example", "/?mode=edit"},
		{"/%5Cevil.example", "/?mode=edit"},
		{"/%2F/evil.example", "/?mode=edit"},
		{"https://evil.example/", "/?mode=edit"},
		{"javascript:alert(1)", "/?mode=edit"},
		{"/\x7f/evil.example", "/?mode=edit"},
		{"/a?next=%0d%0aSet-Cookie:x", "/?mode=edit"},
		{"", "/?mode=edit"},
		{"/om-oss/historia?mode=edit", "/om-oss/historia?mode=edit"},
		{"/bilar?car_brand=Volvo&mode=edit", "/bilar?car_brand=Volvo&mode=edit"},
		{"/sv/bilar/v%C3%A4xel", "/sv/bilar/v%C3%A4xel"},
	}
	for _, tt := range tests {
		if got := safeNext(tt.next); got != tt.want {
			t.Errorf("safeNext(%q) = %q, want %q", tt.next, got, tt.want)
		}
	}
	// And through the sign-in form.
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	form := url.Values{"name": {"anna"}, "password": {"demo-password"}, "next": {"/\t/evil.example"}}
	res := e.do("POST", "/editor/login", "", strings.NewReader(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/?mode=edit" {
		t.Errorf("sign-in with a tab in next: %d %q", res.StatusCode, loc)
	}
}

// TestSignInThrottled: wrong passwords are throttled per account and
// address pair and per address, with Retry-After; the throttled pair
// cannot sign in even with the right password until the window ends.
func TestSignInThrottled(t *testing.T) {
	lim := &memLimiter{}
	e := mustHardServer(t, Config{ClientIPHeader: "X-Forwarded-For"}, "anna:%s,bo:%s", lim, nil)
	for i := 0; i < ratelimit.PairTiers[0].Limit; i++ {
		if res := e.login("anna", "wrong", ""); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d", i+1, res.StatusCode)
		}
	}
	res := e.login("anna", "demo-password", "")
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d wrong passwords: %d Retry-After %q, want 429", ratelimit.PairTiers[0].Limit, res.StatusCode, res.Header.Get("Retry-After"))
	}
	if body := readAll(res); !strings.Contains(body, "För många inloggningsförsök") {
		t.Errorf("429 page: %s", body)
	}
	// The same account from another address is not affected: guesses
	// elsewhere never lock the owner out.
	if res := e.login("anna", "demo-password", "", "X-Forwarded-For", "192.0.2.8"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("anna from a fresh address: %d, want 303", res.StatusCode)
	}
	// Another account from another address is not affected.
	if res := e.login("bo", "demo-password", "", "X-Forwarded-For", "192.0.2.9"); res.StatusCode != http.StatusSeeOther {
		t.Errorf("bo: %d", res.StatusCode)
	}

	// Per address: many names from one address.
	lim2 := &memLimiter{}
	e2 := mustHardServer(t, Config{}, "anna:%s", lim2, nil)
	var last int
	for i := 0; i <= ratelimit.AddressTiers[0].Limit; i++ {
		last = e2.login("user"+strconv.Itoa(i), "x", "").StatusCode
	}
	if last != http.StatusTooManyRequests {
		t.Errorf("after %d names from one address: %d, want 429", ratelimit.AddressTiers[0].Limit+1, last)
	}
}

// TestSignInNoLockout: 30 wrong passwords for one account, spread over
// many addresses as a botnet would send them, do not stop its owner from
// signing in with the right password from an address of their own.
func TestSignInNoLockout(t *testing.T) {
	lim := &memLimiter{}
	e := mustHardServer(t, Config{ClientIPHeader: "X-Forwarded-For"}, "anna:%s", lim, nil)
	for i := 0; i < 30; i++ {
		addr := fmt.Sprintf("198.51.100.%d", i%6)
		if res := e.login("anna", "wrong", "", "X-Forwarded-For", addr); res.StatusCode != http.StatusUnauthorized && res.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("attempt %d: %d", i+1, res.StatusCode)
		}
	}
	if res := e.login("anna", "demo-password", "", "X-Forwarded-For", "203.0.113.7"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the right password from a fresh address after 30 wrong ones elsewhere: %d, want 303", res.StatusCode)
	}
}

// TestPasswordChecksBounded: when every password-check slot is taken a
// sign-in waits, and gives up with 503 instead of queueing without bound.
func TestPasswordChecksBounded(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	e.srv.pwWait = 20 * time.Millisecond
	for i := 0; i < cap(e.srv.pwSem); i++ {
		e.srv.pwSem <- struct{}{}
	}
	err := e.srv.checkPassword(context.Background(), e.srv.deps.Editing.Accounts, "anna", "demo-password")
	if !errs.Is(err, errs.Unavailable) {
		t.Errorf("with every slot taken: %v, want unavailable", err)
	}
	if c := cap(e.srv.pwSem); c < 1 || c > 64 {
		t.Errorf("password-check slots = %d", c)
	}
}

// TestEditorAccountSites: an account edits only the sites it names
// (issue 11, item 7).
func TestEditorAccountSites(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s:group-uk,bo:%s", nil, nil)
	if res := e.login("anna", "demo-password", "forecourt.se"); res.StatusCode != http.StatusForbidden {
		t.Errorf("anna (group-uk) signing in on group-se: %d, want 403", res.StatusCode)
	}
	res := e.login("anna", "demo-password", "forecourt.co.uk")
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("anna on group-uk: %d", res.StatusCode)
	}
	cookie := res.Cookies()[0]
	// The session of group-uk is refused on group-se.
	if r := e.do("GET", "/api/editor/session", "forecourt.se", nil, "Cookie", cookie.Name+"="+cookie.Value); r.StatusCode != http.StatusForbidden {
		t.Errorf("group-uk session on group-se: %d, want 403", r.StatusCode)
	}
	if r := e.do("GET", "/api/editor/session", "forecourt.co.uk", nil, "Cookie", cookie.Name+"="+cookie.Value); r.StatusCode != http.StatusOK {
		t.Errorf("group-uk session on group-uk: %d", r.StatusCode)
	}
	// No list: the default site only.
	if res := e.login("bo", "demo-password", "forecourt.co.uk"); res.StatusCode != http.StatusForbidden {
		t.Errorf("bo on group-uk: %d, want 403", res.StatusCode)
	}
}

// TestURLBounds: a long URL is 414, too many filter values 400 (issue 11,
// item 6: a 1 MB URL with 9,999 filter values rendered a 5 MB page).
func TestURLBounds(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	long := "/bilar?keyphrase=" + strings.Repeat("a", MaxURLBytes)
	if res := e.do("GET", long, "", nil); res.StatusCode != http.StatusRequestURITooLong {
		t.Errorf("long URL: %d, want 414", res.StatusCode)
	}
	many := "/bilar?" + strings.Repeat("car_brand=Volvo&", MaxValuesPerParam+1)
	res := e.do("GET", many, "", nil)
	if body := readAll(res); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "car_brand") {
		t.Errorf("%d values of one filter: %d %s, want 400 naming it", MaxValuesPerParam+1, res.StatusCode, body)
	}
	params := "/bilar?"
	for i := 0; i <= MaxQueryValues; i++ {
		params += "p" + strconv.Itoa(i) + "=1&"
	}
	if res := e.do("GET", params, "", nil); res.StatusCode != http.StatusBadRequest {
		t.Errorf("%d parameters: %d, want 400", MaxQueryValues+1, res.StatusCode)
	}
}

// TestRenderCacheBoundedByBytes: the cache of rendered HTML holds at most
// its bytes whatever the number of entries allowed.
func TestRenderCacheBoundedByBytes(t *testing.T) {
	c := newRenderCache(1_000_000, 1<<20)
	page := make([]byte, 100<<10)
	for i := uint64(0); i < 100; i++ {
		c.put(i, page)
		if _, b := c.size(); b > 1<<20 {
			t.Fatalf("after %d pages the cache holds %d bytes", i+1, b)
		}
	}
	if n, _ := c.size(); n == 0 {
		t.Error("nothing cached")
	}
}

// TestMetricsNotPublic: /metrics needs the token on the public port, and
// made-up methods do not add series (issue 11, item 7).
func TestMetricsNotPublic(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	if res := e.do("GET", "/metrics", "", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("/metrics without METRICS_TOKEN: %d, want 404", res.StatusCode)
	}
	e = mustHardServer(t, Config{MetricsToken: "monitoring-token-123"}, "anna:%s", nil, nil)
	if res := e.do("GET", "/metrics", "", nil, "Authorization", "Bearer wrong"); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("/metrics with a wrong token: %d, want 401", res.StatusCode)
	}
	for _, m := range []string{"FOOBAR1", "FOOBAR2", "BREW"} {
		e.do(m, "/", "", nil)
	}
	res := e.do("GET", "/metrics", "", nil, "Authorization", "Bearer monitoring-token-123")
	body := readAll(res)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "forecourt_http_request_duration_seconds") {
		t.Fatalf("/metrics with the token: %d", res.StatusCode)
	}
	if strings.Contains(body, "FOOBAR") || strings.Contains(body, "BREW") || !strings.Contains(body, `method="other"`) {
		t.Error("made-up methods are series of their own, not folded into other")
	}
}

// TestHostHeaderNotTrusted: canonical, robots and sitemap URLs use the
// site's configured hosts (issue 11, item 7).
func TestHostHeaderNotTrusted(t *testing.T) {
	e := mustHardServer(t, Config{PublicURLs: map[string]string{"group-uk": "https://www.forecourt.co.uk"}}, "anna:%s", nil, nil)
	for _, p := range []string{"/robots.txt", "/sitemap.xml", "/om-oss/historia"} {
		body := readAll(e.do("GET", p, "evil.example", nil))
		if strings.Contains(body, "evil.example") {
			t.Errorf("GET %s with Host evil.example names it", p)
		}
		if !strings.Contains(body, "https://forecourt.se/") {
			t.Errorf("GET %s with an unknown host lacks the site's configured host", p)
		}
	}
	if body := readAll(e.do("GET", "/robots.txt", "forecourt.co.uk", nil)); !strings.Contains(body, "Sitemap: https://www.forecourt.co.uk/sitemap.xml") {
		t.Errorf("group-uk robots with PUBLIC_URLS: %s", body)
	}
	if body := readAll(e.do("GET", "/robots.txt", "group-dk.localhost:8080", nil)); !strings.Contains(body, "Sitemap: http://group-dk.localhost:8080/sitemap.xml") {
		t.Errorf("developer host: %s", body)
	}
}

// TestHideAlertNotPubliclyCached: the page data carries the hideAlert
// cookie, so such a page is private and public pages vary by cookie.
func TestHideAlertNotPubliclyCached(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	res := e.do("GET", "/", "", nil, "Cookie", "hideAlert=true")
	if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "private") || strings.Contains(cc, "public") {
		t.Errorf("with hideAlert: Cache-Control %q, want private", cc)
	}
	res = e.do("GET", "/", "", nil)
	if !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Cookie") {
		t.Errorf("public page Vary %q lacks Cookie", res.Header.Values("Vary"))
	}
}

// TestSearchAPIBounds: the public search API's probes of issue 11, item 1.
func TestSearchAPIBounds(t *testing.T) {
	engine := search.NewEngine()
	docs := []map[string]any{}
	for i := 1; i <= 100; i++ {
		docs = append(docs, map[string]any{"car_id": float64(i), "car_brand": "Volvo", "car_model": "XC60", "slug": "volvo-xc60", "car_description": strings.Repeat("text ", 50)})
	}
	ix, err := search.Build(search.VehiclesSchema(), docs)
	if err != nil {
		t.Fatal(err)
	}
	engine.Replace("vehicles_group_se", ix)
	e := mustHardServer(t, Config{}, "anna:%s", nil, engine)
	post := func(body string) (int, string) {
		res := e.do("POST", "/api/search", "", strings.NewReader(body), "Content-Type", "application/json")
		return res.StatusCode, readAll(res)
	}
	if st, body := post(`{"index":"vehicles_group_se","facets":[{"name":"car_brand"},{"name":"car_brand"}]}`); st != 400 || !strings.Contains(body, "twice") {
		t.Errorf("duplicate facet: %d %s", st, body)
	}
	if st, body := post(`{"index":"vehicles_group_se","limit":49}`); st != 400 || !strings.Contains(body, "limit") {
		t.Errorf("limit 49: %d %s", st, body)
	}
	st, body := post(`{"index":"vehicles_group_se","limit":48}`)
	if st != 200 {
		t.Fatalf("limit 48: %d %s", st, body)
	}
	if strings.Contains(body, "car_description") || !strings.Contains(body, `"car_id"`) {
		t.Errorf("without fields the answer is not the id only: %.300s", body)
	}
	if st, body := post(`{"index":"vehicles_group_se","limit":2,"fields":["car_id","slug"]}`); st != 200 || !strings.Contains(body, `"slug"`) {
		t.Errorf("asked fields: %d %.200s", st, body)
	}
	if st, body := post(`[]`); st != 400 || strings.Contains(body, "Go ") || strings.Contains(body, "wireQuery") {
		t.Errorf("array body: %d %s", st, body)
	}
}

type sqlStateErr string

func (e sqlStateErr) Error() string    { return "pg: " + string(e) }
func (e sqlStateErr) SQLState() string { return string(e) }

// TestStoreDownIs503: while the database restarts, requests that need it
// answer 503 with Retry-After (bench/fault-postgres.sh), not 500.
func TestStoreDownIs503(t *testing.T) {
	e := mustHardServer(t, Config{}, "anna:%s", nil, nil)
	for _, cause := range []error{
		&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED},
		sqlStateErr("57P01"), // admin_shutdown
		sqlStateErr("08006"), // connection_failure
	} {
		rec := httptest.NewRecorder()
		e.srv.writeError(rec, httptest.NewRequest("POST", "/api/forms/comhub", nil), errs.Wrap(cause, "save lead"))
		if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
			t.Errorf("%v: %d, want 503 with Retry-After", cause, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	e.srv.writeError(rec, httptest.NewRequest("GET", "/", nil), errs.Wrap(io.EOF, "x"))
	if rec.Code != http.StatusInternalServerError {
		t.Errorf("another internal error: %d", rec.Code)
	}
	if rec := httptest.NewRecorder(); true {
		e.srv.writeError(rec, httptest.NewRequest("GET", "/", nil), errs.Wrap(sqlStateErr("23505"), "x"))
		if rec.Code != http.StatusInternalServerError {
			t.Errorf("a unique violation: %d", rec.Code)
		}
	}
}
