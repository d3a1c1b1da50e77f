package staffapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"forecourt/internal/catalog"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/leads"
	"forecourt/internal/ratelimit"
	"forecourt/internal/salesleads"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
	"forecourt/internal/staff/staffapi"
	"forecourt/internal/store"
	"forecourt/internal/store/storetest"
)

const origin = "http://127.0.0.1"

// env is the staff API behind its gate, with the front door's error
// shape and status mapping (web.Server does the same).
type env struct {
	t    *testing.T
	h    http.Handler
	acc  *accounts.Store
	lead map[string]string // customer e-mail → lead id
}

func statusOf(code errs.Code) int {
	return map[errs.Code]int{errs.Invalid: 400, errs.NotFound: 404, errs.Conflict: 409, errs.Unauthorized: 401, errs.Forbidden: 403,
		errs.RateLimited: 429, errs.Unavailable: 503, errs.TooLarge: 413, errs.UnsupportedMediaType: 415}[code]
}

func writeErr(w http.ResponseWriter, err error) {
	st := statusOf(errs.CodeOf(err))
	if st == 0 {
		st = 500
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(st)
	body := map[string]any{"error": map[string]any{"code": errs.CodeOf(err), "message": errs.MessageOf(err)}}
	var e *errs.Error
	if errors.As(err, &e) && e.Fields != nil {
		body["error"].(map[string]any)["fields"] = e.Fields
	}
	json.NewEncoder(w).Encode(body)
}

func mustEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx := context.Background()
	h, _ := bcrypt.GenerateFromPassword([]byte("forecourt-demo"), bcrypt.MinCost)
	acc := accounts.NewStore(db, editing.NewStore(db))
	acc.SiteDepartments = func(site string) []string {
		if site == "group-se" {
			return []string{"D-1001", "D-1011"}
		}
		return nil
	}
	if err := acc.Seed(ctx, []accounts.Spec{
		{Name: "redaktor", Hash: string(h), Role: staff.RoleEditor, Sites: []string{"*"}},
		{Name: "verkstad", Hash: string(h), Role: staff.RoleWorkshop, Departments: []string{"group-se"}},
		{Name: "saljare", Hash: string(h), Role: staff.RoleSales, Sites: []string{"group-se/norrtalje"}},
		{Name: "admin", Hash: string(h), Role: staff.RoleAdmin},
	}); err != nil {
		t.Fatal(err)
	}
	cat := catalog.NewStore(db)
	cat.UpsertSites(ctx, "group-se", []catalog.DealerSite{
		{SiteID: 1011, ID: "s-1011", Slug: "norrtalje", SiteOfficialName: "Forecourt Norrtälje", SiteName: "group-se"},
		{SiteID: 1006, ID: "s-1006", Slug: "taby", SiteOfficialName: "Forecourt Täby", SiteName: "group-se"},
	})
	ls := leads.NewStore(db)
	for i, x := range []struct {
		email  string
		dealer int64
	}{{"anna@example.se", 1011}, {"bo@example.se", 1006}} {
		f := &leads.Form{Name: leads.FormCarDetail, SubmissionID: fmt.Sprintf("sub-%d-abcdef", i), Email: x.email,
			Values: leads.Values{Name: "Kund " + x.email, Email: x.email, Phone: "+46701234567", Message: "=cmd|' /C calc'!A0"}}
		if _, _, err := ls.Save(ctx, "group-se", f, leads.Recipient{Email: "salj@example.se", DealerSiteID: x.dealer}, leads.MailText{Subject: "s", Body: "b"}, "", time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	api := &staffapi.API{
		Accounts: acc, Throttle: ratelimit.SignIn{Counter: ratelimit.New(db)}, SessionTTL: time.Hour,
		WriteJSON: func(w http.ResponseWriter, r *http.Request, status int, v any) error {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			return json.NewEncoder(w).Encode(v)
		},
		Leads: salesleads.New(db, cat, []string{"group-se", "group-no"}, acc),
		Log:   slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	mux := http.NewServeMux()
	api.Mount(func(pattern, name string, h func(w http.ResponseWriter, r *http.Request) error) {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				writeErr(w, err)
			}
		})
	})
	gated := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, err := api.Gate(r)
		if err != nil {
			writeErr(w, err)
			return
		}
		mux.ServeHTTP(w, r)
	})
	e := &env{t: t, h: httpguard.ClientAddrMiddleware("X-Forwarded-For", gated), acc: acc, lead: map[string]string{}}
	list, _, err := api.Leads.List(ctx, staff.Principal{Role: staff.RoleAdmin}, salesleads.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range list {
		e.lead[l.Customer.Email] = l.ID
	}
	return e
}

// session is a signed-in client: its cookie and CSRF token.
type session struct {
	cookie, csrf string
}

func (e *env) do(method, path string, s *session, body string, hdr ...string) (*http.Response, string) {
	e.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	req.Host = "127.0.0.1"
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if method != "GET" {
		req.Header.Set("Origin", origin)
	}
	if s != nil {
		req.AddCookie(&http.Cookie{Name: staffapi.Cookie, Value: s.cookie})
		if method != "GET" {
			req.Header.Set(staffapi.CSRFHeader, s.csrf)
		}
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			req.Header.Del(hdr[i])
		} else {
			req.Header.Set(hdr[i], hdr[i+1])
		}
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Result(), string(b)
}

func (e *env) signIn(account string, hdr ...string) *session {
	e.t.Helper()
	res, body := e.do("POST", "/api/staff/login", nil, `{"account":"`+account+`","password":"forecourt-demo"}`, hdr...)
	if res.StatusCode != 200 {
		e.t.Fatalf("sign in %s: %d %s", account, res.StatusCode, body)
	}
	var me staffapi.Me
	json.Unmarshal([]byte(body), &me)
	for _, c := range res.Cookies() {
		if c.Name == staffapi.Cookie {
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
				e.t.Errorf("cookie %+v: want HttpOnly and SameSite=Strict", c)
			}
			return &session{cookie: c.Value, csrf: me.CSRF}
		}
	}
	e.t.Fatal("no session cookie")
	return nil
}

func TestSignInMeSignOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		if res, _ := e.do("GET", "/api/staff/me", nil, ""); res.StatusCode != 401 {
			t.Errorf("me signed out: %d, want 401", res.StatusCode)
		}
		if res, body := e.do("POST", "/api/staff/login", nil, `{"account":"saljare","password":"wrong"}`); res.StatusCode != 401 || !strings.Contains(body, "Wrong name or password") {
			t.Errorf("a wrong password: %d %s", res.StatusCode, body)
		}
		if res, _ := e.do("POST", "/api/staff/login", nil, `{"account":"saljare","password":"forecourt-demo"}`, "Origin", "https://evil.example"); res.StatusCode != 403 {
			t.Errorf("a cross-site sign-in: %d, want 403", res.StatusCode)
		}
		if res, _ := e.do("POST", "/api/staff/login", nil, `{"account":"saljare"}`); res.StatusCode != 400 {
			t.Errorf("no password: %d, want 400", res.StatusCode)
		}
		s := e.signIn("verkstad")
		res, body := e.do("GET", "/api/staff/me", s, "")
		var me staffapi.Me
		json.Unmarshal([]byte(body), &me)
		if res.StatusCode != 200 || me.Account != "verkstad" || me.Role != staff.RoleWorkshop || strings.Join(me.Departments, ",") != "D-1001,D-1011" || me.CSRF != s.csrf {
			t.Errorf("me: %d %s", res.StatusCode, body)
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("me Cache-Control %q", res.Header.Get("Cache-Control"))
		}
		// Sign-out needs the CSRF token like every change.
		if res, _ := e.do("POST", "/api/staff/logout", s, "", staffapi.CSRFHeader, ""); res.StatusCode != 403 {
			t.Errorf("sign-out without the CSRF token: %d, want 403", res.StatusCode)
		}
		if res, _ := e.do("POST", "/api/staff/logout", s, ""); res.StatusCode != 204 {
			t.Errorf("sign-out: %d", res.StatusCode)
		}
		if res, _ := e.do("GET", "/api/staff/me", s, ""); res.StatusCode != 401 {
			t.Errorf("me after sign-out: %d, want 401", res.StatusCode)
		}
		entries, _ := e.acc.Audit(context.Background(), accounts.AuditFilter{Account: "verkstad"})
		if len(entries) != 2 || entries[0].Action != "signout" || entries[1].Action != "signin" {
			t.Errorf("audit of the sign-in: %+v", entries)
		}
	})
}

// TestSignInNoLockout: 24 wrong passwords for the seller's account from
// other addresses leave the right one from a fresh address working.
func TestSignInNoLockout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		for i := 0; i < 24; i++ {
			res, _ := e.do("POST", "/api/staff/login", nil, `{"account":"saljare","password":"guess`+fmt.Sprint(i)+`"}`, "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i%6))
			if res.StatusCode != 401 && res.StatusCode != 429 {
				t.Fatalf("guess %d: %d", i+1, res.StatusCode)
			}
		}
		e.signIn("saljare", "X-Forwarded-For", "203.0.113.7")
		// The guessing pair itself is throttled.
		var last *http.Response
		for i := 0; i < 6; i++ {
			last, _ = e.do("POST", "/api/staff/login", nil, `{"account":"admin","password":"guess"}`, "X-Forwarded-For", "192.0.2.66")
		}
		if last.StatusCode != 429 || last.Header.Get("Retry-After") == "" {
			t.Errorf("a sixth guess of one pair in a minute: %d Retry-After %q, want 429", last.StatusCode, last.Header.Get("Retry-After"))
		}
	})
}

// TestChangesNeedOriginAndCSRF: every change under /api/staff/ needs the
// site's origin, a session and its CSRF token.
func TestChangesNeedOriginAndCSRF(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		s := e.signIn("saljare")
		path := "/api/staff/leads/" + e.lead["anna@example.se"]
		body := `{"status":"contacted"}`
		for _, tc := range []struct {
			name string
			s    *session
			hdr  []string
			want int
		}{
			{"no session", nil, nil, 401},
			{"another origin", s, []string{"Origin", "https://evil.example"}, 403},
			{"no CSRF token", s, []string{staffapi.CSRFHeader, ""}, 403},
			{"a wrong CSRF token", s, []string{staffapi.CSRFHeader, "x" + s.csrf}, 403},
			{"a staff route nobody mounted", s, nil, 403},
		} {
			p := path
			if tc.name == "a staff route nobody mounted" {
				p, tc.hdr, tc.want = "/api/staff/bookings/B-1/move", []string{staffapi.CSRFHeader, "nope"}, 403
			}
			if res, b := e.do("PATCH", p, tc.s, body, tc.hdr...); res.StatusCode != tc.want {
				t.Errorf("%s: %d %s, want %d", tc.name, res.StatusCode, b, tc.want)
			}
		}
		if res, b := e.do("PATCH", path, s, body); res.StatusCode != 200 {
			t.Errorf("with origin and token: %d %s", res.StatusCode, b)
		}
	})
}

// TestAccessPerResource: a seller sees only its sites' leads (others are
// 404), other roles no leads (403), only an admin the accounts and the
// audit log (403).
func TestAccessPerResource(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		seller, workshop, editor, admin := e.signIn("saljare"), e.signIn("verkstad"), e.signIn("redaktor"), e.signIn("admin")
		own, other := "/api/staff/leads/"+e.lead["anna@example.se"], "/api/staff/leads/"+e.lead["bo@example.se"]
		for _, tc := range []struct {
			name, method, path string
			s                  *session
			body               string
			want               int
		}{
			{"seller lists", "GET", "/api/staff/leads", seller, "", 200},
			{"seller lists its dealer", "GET", "/api/staff/leads?site=group-se/norrtalje&status=new", seller, "", 200},
			{"seller lists another dealer", "GET", "/api/staff/leads?site=group-se/taby", seller, "", 404},
			{"seller lists another site", "GET", "/api/staff/leads?site=group-no", seller, "", 404},
			{"seller, a bad status filter", "GET", "/api/staff/leads?status=hot", seller, "", 400},
			{"seller opens its lead", "GET", own, seller, "", 200},
			{"seller opens another dealer's lead", "GET", other, seller, "", 404},
			{"seller changes another dealer's lead", "PATCH", other, seller, `{"status":"contacted"}`, 404},
			{"seller, an unknown lead", "GET", "/api/staff/leads/L99999", seller, "", 404},
			{"seller exports", "GET", "/api/staff/leads.csv", seller, "", 200},
			{"workshop lists leads", "GET", "/api/staff/leads", workshop, "", 403},
			{"workshop opens a lead", "GET", own, workshop, "", 403},
			{"editor lists leads", "GET", "/api/staff/leads", editor, "", 403},
			{"admin opens any lead", "GET", other, admin, "", 200},
			{"seller lists accounts", "GET", "/api/staff/accounts", seller, "", 403},
			{"workshop reads the audit", "GET", "/api/staff/audit", workshop, "", 403},
			{"seller adds an account", "POST", "/api/staff/accounts", seller, `{"account":"ny","password":"a-long-password","role":"admin"}`, 403},
			{"seller disables an account", "PATCH", "/api/staff/accounts/admin", seller, `{"disabled":true}`, 403},
			{"admin lists accounts", "GET", "/api/staff/accounts", admin, "", 200},
			{"admin reads the audit", "GET", "/api/staff/audit?action=signin", admin, "", 200},
			{"admin, a bad audit filter", "GET", "/api/staff/audit?limit=9999", admin, "", 400},
			{"admin, an unknown field", "PATCH", "/api/staff/accounts/saljare", admin, `{"disabld":true}`, 400},
			{"admin, an unknown account", "PATCH", "/api/staff/accounts/nobody", admin, `{"disabled":true}`, 404},
		} {
			res, b := e.do(tc.method, tc.path, tc.s, tc.body)
			if res.StatusCode != tc.want {
				t.Errorf("%s: %d %s, want %d", tc.name, res.StatusCode, b, tc.want)
			}
		}
	})
}

// TestLeadsAPI: the seller marks a lead contacted with a note; the CSV
// export has it, with a customer's formula neutralised.
func TestLeadsAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		s := e.signIn("saljare")
		id := e.lead["anna@example.se"]
		res, body := e.do("PATCH", "/api/staff/leads/"+id, s, `{"status":"contacted","note":"Ringde, återkommer i morgon.","assignee":"saljare"}`)
		var l salesleads.Lead
		json.Unmarshal([]byte(body), &l)
		if res.StatusCode != 200 || l.Status != "contacted" || len(l.Notes) != 1 || l.Assignee != "saljare" {
			t.Fatalf("patch: %d %s", res.StatusCode, body)
		}
		if res, body := e.do("PATCH", "/api/staff/leads/"+id, s, `{"status":"new"}`); res.StatusCode != 400 || !strings.Contains(body, "cannot become new") {
			t.Errorf("back to new: %d %s", res.StatusCode, body)
		}
		res, body = e.do("GET", "/api/staff/leads?status=contacted", s, "")
		var list struct {
			Leads []salesleads.Lead
			Total int
		}
		json.Unmarshal([]byte(body), &list)
		if res.StatusCode != 200 || list.Total != 1 || list.Leads[0].ID != id {
			t.Errorf("contacted: %d %s", res.StatusCode, body)
		}
		res, body = e.do("GET", "/api/staff/leads.csv", s, "")
		if res.StatusCode != 200 || !strings.HasPrefix(body, "\ufeffid;created;site") || !strings.Contains(body, ";contacted;saljare;") ||
			!strings.Contains(body, "'=cmd") || strings.Contains(body, "bo@example.se") {
			t.Errorf("csv: %d %q", res.StatusCode, body)
		}
		if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("csv content type %q", ct)
		}
	})
}

// TestAdminAccountsAPI: an admin adds a seller, who signs in; disabling
// the account ends its session at once.
func TestAdminAccountsAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := mustEnv(t, db)
		admin := e.signIn("admin")
		res, body := e.do("POST", "/api/staff/accounts", admin, `{"account":"saljare2","password":"forecourt-demo","role":"sales","sites":["group-se/taby"]}`)
		if res.StatusCode != 201 {
			t.Fatalf("create: %d %s", res.StatusCode, body)
		}
		res, body = e.do("POST", "/api/staff/accounts", admin, `{"account":"x","password":"short","role":"sales","sites":[]}`)
		if res.StatusCode != 400 {
			t.Errorf("bad fields: %d %s", res.StatusCode, body)
		}
		s := e.signIn("saljare2")
		if res, body := e.do("GET", "/api/staff/leads/"+e.lead["bo@example.se"], s, ""); res.StatusCode != 200 {
			t.Errorf("the new seller's lead: %d %s", res.StatusCode, body)
		}
		if res, body := e.do("PATCH", "/api/staff/accounts/saljare2", admin, `{"disabled":true}`); res.StatusCode != 200 || !strings.Contains(body, `"disabled":true`) {
			t.Fatalf("disable: %d %s", res.StatusCode, body)
		}
		if res, _ := e.do("GET", "/api/staff/me", s, ""); res.StatusCode != 401 {
			t.Errorf("a disabled account's session: %d, want 401", res.StatusCode)
		}
		res, body = e.do("GET", "/api/staff/audit?account=admin", admin, "")
		if res.StatusCode != 200 || !strings.Contains(body, `"account.disable"`) || !strings.Contains(body, `"account.create"`) {
			t.Errorf("audit: %d %s", res.StatusCode, body)
		}
	})
}
