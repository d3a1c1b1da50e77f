// Package staffapi is the HTTP side of the staff accounts: sign-in and
// sign-out, who is signed in (/api/staff/me), the gate that puts the
// signed-in staff.Principal on every /staff/ and /api/staff/ request and
// checks same-origin and the CSRF token on every change, the admin's
// accounts and audit log, and the sales leads inbox.
package staffapi

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/ratelimit"
	"forecourt/internal/site"
	"forecourt/internal/staff"
	"forecourt/internal/staff/accounts"
)

// Cookie is the staff session cookie.
const Cookie = "fc_staff"

// CSRFHeader carries the session's CSRF token on every change.
const CSRFHeader = "X-CSRF-Token"

// API serves the staff accounts, sign-in, audit and leads.
type API struct {
	Accounts *accounts.Store
	// Throttle bounds sign-in attempts per account and address pair and
	// per address (shared with the editors' sign-in).
	Throttle   ratelimit.SignIn
	SessionTTL time.Duration
	// SiteOf is the request's site (web.SiteOf); Allowed reports whether
	// a browser request comes from the site's own pages (default:
	// httpguard.AllowedOrigin with the request's site).
	SiteOf  func(r *http.Request) *site.Site
	Allowed func(r *http.Request) bool
	// WriteJSON writes a JSON answer (web.WriteJSON).
	WriteJSON func(w http.ResponseWriter, r *http.Request, status int, v any) error
	// Leads is the sales inbox; nil leaves its routes out.
	Leads LeadInbox
	Log   *slog.Logger
}

// Route mounts one handler that returns errors (web.Server.Route).
type Route func(pattern, name string, h func(w http.ResponseWriter, r *http.Request) error)

// Mount mounts the staff API's routes.
func (a *API) Mount(route Route) {
	route("POST /api/staff/login", "staff-login", a.handleLogin)
	route("POST /api/staff/logout", "staff-logout", a.handleLogout)
	route("GET /api/staff/me", "staff-me", a.handleMe)
	route("GET /api/staff/accounts", "staff-accounts", a.admin(a.handleAccounts))
	route("POST /api/staff/accounts", "staff-accounts", a.admin(a.handleCreateAccount))
	route("PATCH /api/staff/accounts/{name}", "staff-account", a.admin(a.handleUpdateAccount))
	route("GET /api/staff/audit", "staff-audit", a.admin(a.handleAudit))
	if a.Leads != nil {
		a.mountLeads(route)
	}
}

func (a *API) log() *slog.Logger {
	if a.Log == nil {
		return slog.Default()
	}
	return a.Log
}

func (a *API) allowed(r *http.Request) bool {
	if a.Allowed != nil {
		return a.Allowed(r)
	}
	var st *site.Site
	if a.SiteOf != nil {
		st = a.SiteOf(r)
	}
	return httpguard.AllowedOrigin(r, st)
}

type sessionKey struct{}

// staffPath reports whether the gate covers path.
func staffPath(p string) bool {
	return p == "/staff" || strings.HasPrefix(p, "/staff/") || strings.HasPrefix(p, "/api/staff/")
}

func isChange(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// Gate runs before every route: on /staff/ and /api/staff/ it puts the
// signed-in staff member (a live session of an enabled account) on the
// request as a staff.Principal, and refuses a change under /api/staff/
// (any method but GET and HEAD) that is not from the site's own pages
// (403), has no session (401) or lacks the session's CSRF token in
// X-CSRF-Token (403). The sign-in itself is a change without a session:
// its handler checks the origin. Other paths pass untouched.
func (a *API) Gate(r *http.Request) (*http.Request, error) {
	if !staffPath(r.URL.Path) {
		return r, nil
	}
	var sess *accounts.Session
	if c, err := r.Cookie(Cookie); err == nil && c.Value != "" {
		s, err := a.Accounts.Session(r.Context(), c.Value)
		if err != nil && !errs.Is(err, errs.Unauthorized) {
			return r, err
		}
		if err == nil {
			sess = &s
			ctx := staff.WithPrincipal(r.Context(), a.Accounts.Principal(s.Account))
			r = r.WithContext(context.WithValue(ctx, sessionKey{}, sess))
		}
	}
	if !strings.HasPrefix(r.URL.Path, "/api/staff/") || !isChange(r.Method) || r.URL.Path == "/api/staff/login" {
		return r, nil
	}
	if !a.allowed(r) {
		return r, httpguard.ErrForeignOrigin
	}
	if sess == nil {
		return r, errs.E(errs.Unauthorized, "Sign in to continue.")
	}
	if !sameToken(r.Header.Get(CSRFHeader), sess.CSRF) {
		return r, errs.E(errs.Forbidden, "The request lacks a valid CSRF token; reload the page.")
	}
	return r, nil
}

// sameToken compares a sent CSRF token with the session's in constant
// time; an empty token never matches.
func sameToken(got, want string) bool {
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

func sessionOf(ctx context.Context) *accounts.Session {
	s, _ := ctx.Value(sessionKey{}).(*accounts.Session)
	return s
}

// principal returns the request's staff member or errs.Unauthorized.
func principal(r *http.Request) (staff.Principal, error) {
	p, ok := staff.PrincipalFrom(r.Context())
	if !ok {
		return staff.Principal{}, errs.E(errs.Unauthorized, "Sign in to continue.")
	}
	return p, nil
}

// admin wraps h: only an admin passes (403 for other staff).
func (a *API) admin(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		p, err := principal(r)
		if err != nil {
			return err
		}
		if p.Role != staff.RoleAdmin {
			return errs.E(errs.Forbidden, "Only an admin may do this.")
		}
		return h(w, r)
	}
}

// decode reads a JSON body of at most 16 KB into v (unknown fields are
// refused, so a misspelt field is an error, not ignored).
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if !httpguard.IsJSON(r) {
		return httpguard.ErrNotJSON
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errs.E(errs.Invalid, "The request body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return errs.E(errs.Invalid, "The request body has more than one JSON value.")
	}
	return nil
}

// Me is the signed-in staff member as the staff app sees it.
type Me struct {
	Account     string     `json:"account"`
	Role        staff.Role `json:"role"`
	Departments []string   `json:"departments"`
	Sites       []string   `json:"sites"`
	CSRF        string     `json:"csrf"`
}

func (a *API) meOf(s accounts.Session) Me {
	p := a.Accounts.Principal(s.Account)
	m := Me{Account: p.Account, Role: p.Role, Departments: p.Departments, Sites: p.Sites, CSRF: s.CSRF}
	if m.Departments == nil {
		m.Departments = []string{}
	}
	if m.Sites == nil {
		m.Sites = []string{}
	}
	return m
}

func noStore(w http.ResponseWriter) { w.Header().Set("Cache-Control", "no-store") }

// handleLogin serves "POST /api/staff/login" {"account","password"}: 200
// with Me and the session cookie; 401 for a wrong name or password (or a
// disabled account), 429 with Retry-After when throttled.
func (a *API) handleLogin(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	if err := (httpguard.Mutation{Allowed: a.allowed, MaxBody: 4 << 10}).Check(w, r); err != nil {
		return err
	}
	var in struct {
		Account  string `json:"account"`
		Password string `json:"password"`
	}
	if err := decode(w, r, &in); err != nil {
		return err
	}
	name := strings.TrimSpace(in.Account)
	fe := errs.FieldErrors{}
	if name == "" || len(name) > 80 {
		fe.Add("account", "Enter your user name.")
	}
	if in.Password == "" || len(in.Password) > 200 {
		fe.Add("password", "Enter your password.")
	}
	if err := fe.Err("Enter your user name and password."); err != nil {
		return err
	}
	addr := httpguard.ClientAddr(r)
	if wait, err := a.Throttle.Attempt(r.Context(), name, addr); err != nil {
		if errs.Is(err, errs.RateLimited) {
			w.Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
			a.log().Warn("staff sign-in throttled", "account", name, "addr", addr)
		}
		return err
	}
	acc, err := a.Accounts.SignIn(r.Context(), name, in.Password)
	if err != nil {
		if errs.Is(err, errs.Unauthorized) {
			a.log().Info("staff sign-in failed", "account", name, "addr", addr)
		}
		return err
	}
	if err := a.Throttle.Succeeded(r.Context(), name, addr); err != nil {
		a.log().Warn("resetting the sign-in throttle failed", "err", err)
	}
	token, sess, err := a.Accounts.StartSession(r.Context(), acc, a.SessionTTL)
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: Cookie, Value: token, Path: "/", HttpOnly: true, Secure: secure(r),
		SameSite: http.SameSiteStrictMode, Expires: sess.Expires, MaxAge: int(a.SessionTTL.Seconds()),
	})
	if err := a.Accounts.Record(r.Context(), staff.Entry{Account: acc.Name, Action: "signin", Detail: a.hostOf(r)}); err != nil {
		return err
	}
	a.log().Info("staff signed in", "account", acc.Name, "role", acc.Role)
	return a.WriteJSON(w, r, http.StatusOK, a.meOf(sess))
}

// hostOf names where a sign-in happened: the site, else the host.
func (a *API) hostOf(r *http.Request) string {
	if a.SiteOf != nil {
		if st := a.SiteOf(r); st != nil {
			return st.Name
		}
	}
	return r.Host
}

func secure(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// handleLogout serves "POST /api/staff/logout": it ends the session (the
// gate has checked its CSRF token) and clears the cookie. 204.
func (a *API) handleLogout(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	c, err := r.Cookie(Cookie)
	if err == nil {
		if err := a.Accounts.EndSession(r.Context(), c.Value); err != nil {
			return err
		}
	}
	if s := sessionOf(r.Context()); s != nil {
		a.Accounts.Record(r.Context(), staff.Entry{Account: s.Account.Name, Action: "signout"})
	}
	http.SetCookie(w, &http.Cookie{Name: Cookie, Value: "", Path: "/", HttpOnly: true, Secure: secure(r), SameSite: http.SameSiteStrictMode, MaxAge: -1})
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleMe serves "GET /api/staff/me": the signed-in staff member and the
// CSRF token of the session; 401 when not signed in.
func (a *API) handleMe(w http.ResponseWriter, r *http.Request) error {
	noStore(w)
	s := sessionOf(r.Context())
	if s == nil {
		return errs.E(errs.Unauthorized, "Sign in to continue.")
	}
	return a.WriteJSON(w, r, http.StatusOK, a.meOf(*s))
}
