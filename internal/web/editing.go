package web

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/content"
	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/page"
	"forecourt/internal/ratelimit"
)

// EditingDeps wire editing mode. A nil *EditingDeps turns editing off: no
// sign-in, every editing API answers 401 and ?mode=edit is ignored.
type EditingDeps struct {
	Accounts   editing.Accounts
	Store      *editing.Store
	Overlay    *editing.Overlay
	SessionTTL time.Duration
	// Secret protects POST /api/editing/render (EDITING_SECRET); empty
	// turns that endpoint off.
	Secret string
	// Limiter throttles sign-ins per account and address pair and per
	// address (counters in the store, so they hold across processes); nil
	// turns throttling off.
	Limiter Limiter
	// Directory is where the editors' accounts live (the staff account
	// store, where EDITOR_ACCOUNTS is written at start and an admin
	// disables and resets accounts); nil: Accounts alone.
	Directory EditorDirectory
}

// EditorDirectory checks editors' passwords and what they may edit
// (accounts.Editors).
type EditorDirectory interface {
	// CheckEditor verifies a name and password: errs.Unauthorized for a
	// wrong name or password or a disabled account.
	CheckEditor(ctx context.Context, name, password string) error
	// MayEdit reports whether the account may edit the site now.
	MayEdit(ctx context.Context, name, site string) (bool, error)
}

// mayEdit reports whether the editor name may edit site.
func (s *Server) mayEdit(ctx context.Context, name, site string) (bool, error) {
	ed := s.deps.Editing
	if ed.Directory != nil {
		return ed.Directory.MayEdit(ctx, name, site)
	}
	acc, ok := ed.Accounts[name]
	return ok && acc.MayEdit(site, s.sites.Default().Name), nil
}

// Limiter counts hits of a key in fixed windows; *ratelimit.Limiter
// implements it.
type Limiter = ratelimit.Counter

// throttleLogin counts a sign-in attempt of the account from the address
// (ratelimit.SignIn: per account and address pair and per address, never
// per account alone); it returns an errs.RateLimited error with the wait
// when either is over.
func (s *Server) throttleLogin(ctx context.Context, name, addr string) (time.Duration, error) {
	return ratelimit.SignIn{Counter: s.deps.Editing.Limiter}.Attempt(ctx, name, addr)
}

// resetLogin forgets the pair's failed attempts after a good sign-in.
func (s *Server) resetLogin(ctx context.Context, name, addr string) {
	if err := (ratelimit.SignIn{Counter: s.deps.Editing.Limiter}).Succeeded(ctx, name, addr); err != nil {
		s.log.Warn("resetting sign-in throttle failed", "err", err)
	}
}

// checkEditor checks an editor's password in the directory (which bounds
// its own bcrypt work) or, without one, in Accounts.
func (s *Server) checkEditor(ctx context.Context, name, password string) error {
	if d := s.deps.Editing.Directory; d != nil {
		return d.CheckEditor(ctx, name, password)
	}
	return s.checkPassword(ctx, s.deps.Editing.Accounts, name, password)
}

// checkPassword runs the bcrypt check with at most cap(s.pwSem) at a time,
// so a burst of sign-ins cannot take every core from the pages.
func (s *Server) checkPassword(ctx context.Context, acc editing.Accounts, name, password string) error {
	t := time.NewTimer(s.pwWait)
	defer t.Stop()
	select {
	case s.pwSem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return errs.E(errs.Unavailable, "Too many sign-ins at once.")
	}
	defer func() { <-s.pwSem }()
	return acc.Check(name, password)
}

// EditorCookie is the name of the editor's session cookie.
const EditorCookie = "fc_editor"

// csrfHeader carries the session's CSRF token on editing POSTs.
const csrfHeader = "X-CSRF-Token"

func (s *Server) mountEditing(route func(pattern, name string, h http.Handler)) {
	route("GET /editor/login", "editor-login", s.handle(s.handleLoginForm))
	route("POST /editor/login", "editor-login", s.handle(s.handleLogin))
	route("POST /editor/logout", "editor-logout", s.handle(s.handleLogout))
	route("GET /editor", "editor", http.RedirectHandler("/?mode=edit", http.StatusSeeOther))
	route("GET /api/editor/session", "editor-session", s.handle(s.handleEditorSession))
	route("POST /api/editor/fields", "editor-fields", s.handle(s.handleSaveField))
	route("POST /api/editor/publish", "editor-publish", s.handle(s.handlePublish))
	route("GET /api/editor/history", "editor-history", s.handle(s.handleHistory))
	route("POST /api/editor/revert", "editor-revert", s.handle(s.handleRevert))
	route("POST /api/editing/render", "editing-render", s.handle(s.handleEditingRender))
}

// editorSession returns the signed-in editor of r, or an Unauthorized error.
func (s *Server) editorSession(r *http.Request) (*editing.Session, error) {
	if s.deps.Editing == nil || s.deps.Editing.Store == nil {
		return nil, errs.E(errs.Unauthorized, "Editing is not enabled on this server.")
	}
	c, err := r.Cookie(EditorCookie)
	if err != nil {
		return nil, errs.E(errs.Unauthorized, "Sign in to edit.")
	}
	sess, err := s.deps.Editing.Store.Session(r.Context(), c.Value)
	if err != nil {
		return nil, err
	}
	// The account may have been removed or disabled, or may not edit
	// this site.
	if st := httpguard.SiteOf(r); st != nil {
		ok, err := s.mayEdit(r.Context(), sess.Editor, st.Name)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errs.E(errs.Forbidden, "This editor account may not edit this site.")
		}
	}
	return sess, nil
}

// isEditing reports whether r opens editing mode: ?mode=edit from a
// signed-in editor. Visitors' ?mode=edit is ignored.
func (s *Server) isEditing(r *http.Request) bool {
	if r.URL.Query().Get("mode") != "edit" {
		return false
	}
	_, err := s.editorSession(r)
	return err == nil
}

// editorPOST checks a state-changing editing request: a live session, the
// CSRF token in its header, a JSON body and (when sent) a same-origin Origin.
func (s *Server) editorPOST(r *http.Request) (*editing.Session, error) {
	sess, err := s.editorSession(r)
	if err != nil {
		return nil, err
	}
	if err := sess.CheckCSRF(r.Header.Get(csrfHeader)); err != nil {
		return nil, err
	}
	if !sameOrigin(r) {
		return nil, errs.E(errs.Forbidden, "Cross-origin editing requests are not allowed.")
	}
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		return nil, errs.E(errs.Invalid, "Send the request body as application/json.")
	}
	return sess, nil
}

func sameOrigin(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true // same-origin GET/HEAD or a non-browser client; SameSite and the CSRF header cover the rest
	}
	u, err := url.Parse(o)
	return err == nil && strings.EqualFold(u.Host, r.Host)
}

func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(io.LimitReader(r.Body, 256<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return errs.E(errs.Invalid, "The request body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	return nil
}

var loginTmpl = template.Must(template.New("login").Parse(`<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Logga in som redaktör | Forecourt</title>
<style nonce="{{.Nonce}}">
body{margin:0;font-family:"Inter","Segoe UI",system-ui,-apple-system,Arial,sans-serif;color:#14161a;background:#f4f5f7;line-height:1.5}
main{max-width:400px;margin:10vh auto;padding:32px;background:#fff;border:1px solid #dfe2e7;border-radius:8px}
h1{font-size:1.5rem;margin:0 0 .25em}p{margin:0 0 1.5em;color:#4a4f58}
label{display:block;font-weight:600;margin:0 0 4px}
input{display:block;box-sizing:border-box;width:100%;min-height:48px;padding:8px 12px;margin:0 0 16px;border:1px solid #8a909a;border-radius:6px;font:inherit}
button{min-height:48px;width:100%;border:0;border-radius:6px;background:#0b3d91;color:#fff;font:inherit;font-weight:600;cursor:pointer}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.error{padding:12px;margin:0 0 16px;border-radius:6px;background:#fbe9e7;color:#b3261e;border:1px solid #b3261e}
</style>
</head>
<body>
<main>
<h1>Logga in som redaktör</h1>
<p>Redigeringsläget visar sidorna med redigerbara fält.</p>
{{with .Error}}<div class="error" role="alert" id="login-error">{{.}}</div>{{end}}
<form method="post" action="/editor/login">
<input type="hidden" name="next" value="{{.Next}}">
<label for="name">Användarnamn</label>
<input id="name" name="name" autocomplete="username" required value="{{.Name}}"{{if .Error}} aria-describedby="login-error" aria-invalid="true"{{end}} autofocus>
<label for="password">Lösenord</label>
<input id="password" name="password" type="password" autocomplete="current-password" required{{if .Error}} aria-describedby="login-error" aria-invalid="true"{{end}}>
<button type="submit">Logga in</button>
</form>
</main>
</body>
</html>
`))

// safeNext keeps a post-login target on this site ("/path?mode=edit"): a
// parsed path of this origin with no control characters or backslashes
// (raw or escaped; browsers drop tabs and read a backslash as /), and no // start.
// Anything else is the home page in editing mode.
func safeNext(next string) string {
	const home = "/?mode=edit"
	if next == "" || len(next) > 2048 || !strings.HasPrefix(next, "/") || unsafeURLText(next) {
		return home
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || !strings.HasPrefix(u.Path, "/") {
		return home
	}
	if unsafeURLText(u.Path) || strings.HasPrefix(u.Path, "//") || strings.HasPrefix(u.EscapedPath(), "//") {
		return home
	}
	if q, err := url.QueryUnescape(u.RawQuery); err != nil || unsafeURLText(q) {
		return home
	}
	out := &url.URL{Path: u.Path, RawQuery: u.RawQuery, Fragment: u.Fragment}
	s := out.String()
	if !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") {
		return home
	}
	return s
}

// unsafeURLText reports control characters or backslashes in s.
func unsafeURLText(s string) bool {
	for _, c := range s {
		if c < 0x20 || c == 0x7f || c == '\\' || (c >= 0x80 && c < 0xa0) {
			return true
		}
	}
	return false
}

func (s *Server) writeLogin(w http.ResponseWriter, r *http.Request, status int, name, next, msg string) error {
	var buf bytes.Buffer
	if err := loginTmpl.Execute(&buf, map[string]string{"Nonce": nonceOf(r.Context()), "Next": safeNext(next), "Name": name, "Error": msg}); err != nil {
		return errs.Wrap(err, "write login page")
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
	return nil
}

// handleLoginForm serves "GET /editor/login".
func (s *Server) handleLoginForm(w http.ResponseWriter, r *http.Request) error {
	return s.writeLogin(w, r, http.StatusOK, "", r.URL.Query().Get("next"), "")
}

// handleLogin serves "POST /editor/login": it checks the account, starts a
// session and sends the editor to the page they asked for in editing mode.
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	if !sameOrigin(r) {
		return errs.E(errs.Forbidden, "Cross-origin sign-in is not allowed.")
	}
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		return errs.E(errs.Invalid, "The sign-in form could not be read.")
	}
	name, password, next := strings.TrimSpace(r.PostForm.Get("name")), r.PostForm.Get("password"), r.PostForm.Get("next")
	ed := s.deps.Editing
	if ed == nil || (len(ed.Accounts) == 0 && ed.Directory == nil) {
		return s.writeLogin(w, r, http.StatusServiceUnavailable, name, next, "Inga redaktörskonton är konfigurerade på den här servern (EDITOR_ACCOUNTS).")
	}
	if len(name) > 200 || len(password) > 200 {
		return s.writeLogin(w, r, http.StatusUnauthorized, "", next, "Fel användarnamn eller lösenord.")
	}
	if wait, err := s.throttleLogin(r.Context(), name, httpguard.ClientAddr(r)); err != nil {
		if !errs.Is(err, errs.RateLimited) {
			return err
		}
		s.log.Warn("editor sign-in throttled", "name", name, "addr", httpguard.ClientAddr(r), "request_id", requestID(r.Context()))
		mins := int((wait + time.Minute - 1) / time.Minute)
		w.Header().Set("Retry-After", strconv.Itoa(int((wait+time.Second-1)/time.Second)))
		return s.writeLogin(w, r, http.StatusTooManyRequests, name, next, fmt.Sprintf("För många inloggningsförsök. Försök igen om %d min.", max(1, mins)))
	}
	if err := s.checkEditor(r.Context(), name, password); err != nil {
		if errs.Is(err, errs.Unauthorized) {
			s.log.Info("editor sign-in failed", "name", name, "request_id", requestID(r.Context()))
			return s.writeLogin(w, r, http.StatusUnauthorized, name, next, "Fel användarnamn eller lösenord.")
		}
		return err
	}
	if st := httpguard.SiteOf(r); st != nil {
		ok, err := s.mayEdit(r.Context(), name, st.Name)
		if err != nil {
			return err
		}
		if !ok {
			s.log.Info("editor sign-in on a site the account may not edit", "name", name, "site", st.Name, "request_id", requestID(r.Context()))
			return s.writeLogin(w, r, http.StatusForbidden, name, next, "Ditt konto får inte redigera den här webbplatsen.")
		}
	}
	s.resetLogin(r.Context(), name, httpguard.ClientAddr(r))
	token, sess, err := ed.Store.CreateSession(r.Context(), name, ed.SessionTTL)
	if err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{
		Name: EditorCookie, Value: token, Path: "/", HttpOnly: true, Secure: httpguard.Secure(r),
		SameSite: http.SameSiteLaxMode, Expires: sess.ExpiresAt, MaxAge: int(ed.SessionTTL.Seconds()),
	})
	s.log.Info("editor signed in", "editor", name, "request_id", requestID(r.Context()))
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, safeNext(next), http.StatusSeeOther)
	return nil
}

// handleLogout serves "POST /editor/logout" (CSRF token in the header or
// the csrf form field).
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	sess, err := s.editorSession(r)
	if err != nil {
		return err
	}
	token := r.Header.Get(csrfHeader)
	if token == "" {
		token = r.PostFormValue("csrf")
	}
	if err := sess.CheckCSRF(token); err != nil {
		return err
	}
	c, _ := r.Cookie(EditorCookie)
	if err := s.deps.Editing.Store.DeleteSession(r.Context(), c.Value); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: EditorCookie, Value: "", Path: "/", HttpOnly: true, Secure: httpguard.Secure(r), SameSite: http.SameSiteLaxMode, MaxAge: -1})
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// handleEditorSession serves "GET /api/editor/session": who is signed in
// and the CSRF token the editing chrome sends on its POSTs.
func (s *Server) handleEditorSession(w http.ResponseWriter, r *http.Request) error {
	sess, err := s.editorSession(r)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"editor": sess.Editor, "csrfToken": sess.CSRF, "expiresAt": sess.ExpiresAt})
}

// handleSaveField serves "POST /api/editor/fields": the value becomes a new
// draft version of the field.
func (s *Server) handleSaveField(w http.ResponseWriter, r *http.Request) error {
	sess, err := s.editorPOST(r)
	if err != nil {
		return err
	}
	var in editing.EditInput
	if err := decodeJSON(r, &in); err != nil {
		return err
	}
	st := httpguard.SiteOf(r)
	e, err := editing.ParseEdit(st.Name, in)
	if err != nil {
		return err
	}
	if !st.HasLanguage(e.Lang) {
		return (errs.FieldErrors{"language": "not a language of this site"}).Err("The field value is not valid.")
	}
	v, err := s.deps.Editing.Store.SaveDraft(r.Context(), e, sess.Editor)
	if err != nil {
		return err
	}
	s.log.Info("field draft saved", "editor", sess.Editor, "site", st.Name, "item", e.ItemID, "target", v.Target, "field", e.Field, "lang", e.Lang, "version", v.ID)
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusCreated, v)
}

// handlePublish serves "POST /api/editor/publish" {itemId, language}: the
// page's drafts become what visitors see.
func (s *Server) handlePublish(w http.ResponseWriter, r *http.Request) error {
	sess, err := s.editorPOST(r)
	if err != nil {
		return err
	}
	var in struct {
		ItemID   string `json:"itemId"`
		Language string `json:"language"`
	}
	if err := decodeJSON(r, &in); err != nil {
		return err
	}
	st := httpguard.SiteOf(r)
	bad := errs.FieldErrors{}
	if in.ItemID == "" || len(in.ItemID) > 200 {
		bad.Add("itemId", "the page item id is required")
	}
	if !st.HasLanguage(in.Language) {
		bad.Add("language", "not a language of this site")
	}
	if err := bad.Err("Nothing was published."); err != nil {
		return err
	}
	n, err := s.deps.Editing.Store.Publish(r.Context(), st.Name, in.ItemID, in.Language)
	if err != nil {
		return err
	}
	if s.deps.Editing.Overlay != nil {
		s.deps.Editing.Overlay.Invalidate(st.Name, in.Language)
	}
	s.ContentChanged(st.Name)
	s.log.Info("page published", "editor", sess.Editor, "site", st.Name, "item", in.ItemID, "lang", in.Language, "versions", n)
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"published": n})
}

// handleHistory serves "GET /api/editor/history?itemId&uid&datasource&language&field":
// the versions of one field, newest first.
func (s *Server) handleHistory(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.editorSession(r); err != nil {
		return err
	}
	q := r.URL.Query()
	st := httpguard.SiteOf(r)
	bad := errs.FieldErrors{}
	if q.Get("itemId") == "" && q.Get("uid") == "" && q.Get("datasource") == "" {
		bad.Add("itemId", "itemId, uid or datasource is required")
	}
	if !st.HasLanguage(q.Get("language")) {
		bad.Add("language", "not a language of this site")
	}
	if q.Get("field") == "" {
		bad.Add("field", "required")
	}
	if err := bad.Err("The history query is not valid."); err != nil {
		return err
	}
	target := editing.TargetOf(q.Get("itemId"), q.Get("uid"), q.Get("datasource"))
	list, err := s.deps.Editing.Store.History(r.Context(), st.Name, q.Get("language"), target, q.Get("field"))
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"versions": list})
}

// handleRevert serves "POST /api/editor/revert" {versionId}: the old value
// becomes the field's newest draft.
func (s *Server) handleRevert(w http.ResponseWriter, r *http.Request) error {
	sess, err := s.editorPOST(r)
	if err != nil {
		return err
	}
	var in struct {
		VersionID int64 `json:"versionId"`
	}
	if err := decodeJSON(r, &in); err != nil {
		return err
	}
	if in.VersionID <= 0 {
		return (errs.FieldErrors{"versionId": "required"}).Err("Nothing was reverted.")
	}
	st := httpguard.SiteOf(r)
	v, err := s.deps.Editing.Store.Revert(r.Context(), st.Name, in.VersionID, sess.Editor)
	if err != nil {
		return err
	}
	s.log.Info("field reverted", "editor", sess.Editor, "site", st.Name, "version", in.VersionID, "new_version", v.ID)
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusCreated, v)
}

// renderInput is the body of POST /api/editing/render: either the JSS
// editing-host shape {args: [path, layoutDataJSON, viewBagJSON]} or
// {path, layoutData}.
type renderInput struct {
	ID           string            `json:"id"`
	Args         []json.RawMessage `json:"args"`
	FunctionName string            `json:"functionName"`
	ModuleName   string            `json:"moduleName"`
	Path         string            `json:"path"`
	LayoutData   json.RawMessage   `json:"layoutData"`
}

// rawOrString decodes a JSON value that may be a JSON text inside a string.
func rawOrString(m json.RawMessage) json.RawMessage {
	var s string
	if json.Unmarshal(m, &s) == nil {
		return json.RawMessage(s)
	}
	return m
}

// handleEditingRender serves "POST /api/editing/render": the HTML of posted
// layout data, for an external editing tool's previews. It needs the
// EDITING_SECRET in the X-Editing-Secret header or the secret query
// parameter (compared in constant time).
func (s *Server) handleEditingRender(w http.ResponseWriter, r *http.Request) error {
	ed := s.deps.Editing
	if ed == nil || ed.Secret == "" {
		return errs.E(errs.Forbidden, "The editing render endpoint is not configured (EDITING_SECRET).")
	}
	secret := r.Header.Get("X-Editing-Secret")
	if secret == "" {
		secret = r.URL.Query().Get("secret")
	}
	if subtle.ConstantTimeCompare([]byte(secret), []byte(ed.Secret)) != 1 {
		return errs.E(errs.Unauthorized, "Missing or wrong editing secret.")
	}
	var in renderInput
	dec := json.NewDecoder(io.LimitReader(r.Body, 4<<20))
	if err := dec.Decode(&in); err != nil {
		return errs.E(errs.Invalid, "The request body is not valid JSON: %s.", errs.JSONProblem(err))
	}
	layoutRaw := in.LayoutData
	if len(in.Args) >= 2 {
		var p string
		json.Unmarshal(in.Args[0], &p)
		in.Path = p
		layoutRaw = rawOrString(in.Args[1])
	}
	if len(layoutRaw) == 0 {
		return errs.E(errs.Invalid, "layoutData (or args[1]) is required.")
	}
	var ld content.LayoutData
	if err := json.Unmarshal(layoutRaw, &ld); err != nil {
		return errs.E(errs.Invalid, "layoutData is not Layout Service JSON: %s.", errs.JSONProblem(err))
	}
	ctxSite := ld.Sitecore.Context
	st, err := s.sites.ByName(ctxSite.Site.Name)
	if err != nil || ctxSite.Language == "" || !st.HasLanguage(ctxSite.Language) || ld.Sitecore.Route == nil {
		return errs.E(errs.Invalid, "No Sitecore context found")
	}
	if ld.Sitecore.Route.Fields == nil {
		ld.Sitecore.Route.Fields = content.Fields{}
	}
	if ld.Sitecore.Route.Placeholders == nil {
		ld.Sitecore.Route.Placeholders = map[string][]content.Component{}
	}
	itemPath := ctxSite.ItemPath
	if itemPath == "" {
		itemPath = ld.Sitecore.Route.ItemPath
	}
	if itemPath == "" {
		itemPath = "/"
	}
	req := &page.Request{Site: st, Lang: ctxSite.Language, Path: itemPath, Query: url.Values{}, Editing: true, BaseURL: httpguard.BaseURL(r)}
	res, err := s.pages.PageForRoute(r.Context(), req, ld.Sitecore.Route, http.StatusOK)
	if err != nil {
		return err
	}
	enc, err := encodePage(res.Data)
	if err != nil {
		return errs.Wrap(err, "encode page data")
	}
	body, fallback := s.renderBody(r.Context(), enc)
	var buf bytes.Buffer
	_, err = writeDocument(&buf, documentData{
		Lang: st.Locale(req.Lang), Head: res.Head, JSONLD: jsonLD(res.Head.JSONLD),
		CSS: s.assets.CSS, EntryJS: s.assets.EntryJS, Preloads: s.assets.Preloads,
		Body: body, Fallback: fallback, Dict: enc.dict, PageJSON: enc.page,
	})
	if err != nil {
		return errs.Wrap(err, "write document")
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"id": in.ID, "html": buf.String(), "status": res.Status, "fallback": fallback})
}
