package alerts

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"forecourt/internal/catalogpages"
	"forecourt/internal/errs"
	"forecourt/internal/forms"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/ratelimit"
)

// MaxBody bounds every alerts request body (413 above it).
const MaxBody = 8 << 10

// API serves the saved-search endpoints:
//
//	POST /api/alerts              sign up (form ticket, honeypot, limits) → 202
//	POST /api/alerts/confirm      {token} → the confirmed search and a manage token
//	POST /api/alerts/unsubscribe  token in ?token= (RFC 8058 one-click) or {token} → 200
//	POST /api/alerts/manage       {token, action, id, frequency} → the address's searches
type API struct {
	Service *Service
	Tickets *forms.Tickets
	// Search runs the brand tree query that resolves list path segments.
	Search catalogpages.Searcher
	// BaseURL is the site's public origin for a request; nil: the
	// server's (httpguard.BaseURL, which honours PUBLIC_URLS).
	BaseURL func(r *http.Request) string
	// ExtraOriginHosts are hosts whose pages may sign up besides the
	// site's own and its public URLs' (httpguard.OriginAllowed).
	ExtraOriginHosts []string
}

// Routes lists the endpoints for the server's mux.
func (a *API) Routes() []httpkit.Route {
	if a.BaseURL == nil {
		a.BaseURL = httpguard.BaseURL
	}
	return []httpkit.Route{
		{Pattern: "POST /api/alerts", Name: "api-alerts", Handler: answer(a.handleSignup)},
		{Pattern: "POST /api/alerts/confirm", Name: "api-alerts-confirm", Handler: answer(a.handleConfirm)},
		{Pattern: "POST /api/alerts/unsubscribe", Name: "api-alerts-unsubscribe", Handler: answer(a.handleUnsubscribe)},
		{Pattern: "POST /api/alerts/manage", Name: "api-alerts-manage", Handler: answer(a.handleManage)},
	}
}

// statusError is an answer with a status errs has no code for (413, 415).
type statusError struct {
	status int
	code   string
	msg    string
}

func (e *statusError) Error() string { return e.code + ": " + e.msg }

// answer writes 413/415 itself and sets Retry-After on rate limits.
func answer(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "no-store")
		err := h(w, r)
		var se *statusError
		if errors.As(err, &se) {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(se.status)
			json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"code": se.code, "message": se.msg}})
			return nil
		}
		var le *forms.LimitedError
		if errors.As(err, &le) {
			w.Header().Set("Retry-After", strconv.Itoa(le.RetryAfterSeconds()))
		}
		return err
	}
}

func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	b, err := httpkit.ReadBody(w, r, MaxBody)
	if errs.Is(err, errs.TooLarge) {
		return nil, &statusError{http.StatusRequestEntityTooLarge, "too_large", "The request is too large (at most 8 KiB)."}
	}
	return b, err
}

// allow counts one hit of key against lim (internal/ratelimit in the store).
func (a *API) allow(r *http.Request, key string, lim ratelimit.Limit, who string) error {
	ok, retry, err := a.Service.Limiter.Allow(r.Context(), key, lim.N, lim.Window)
	if err != nil {
		return errs.Wrap(err, "rate limit")
	}
	if !ok {
		return forms.Limited(retry, who)
	}
	return nil
}

func addressKey(r *http.Request) string {
	return "alerts:" + strings.TrimPrefix(forms.AddressKey(httpguard.ClientAddr(r)), "form:")
}

// handleSignup serves "POST /api/alerts": JSON only (415), from the site's
// own pages (403), per client address (429), at most MaxBody (413); then
// the fields (400 with fields), the honeypot (a filled one is answered 202
// and dropped), the form ticket (minimum fill time, single use), the list
// state, the per-address and per-recipient limits, and the search stored
// with its confirmation mail in one transaction.
func (a *API) handleSignup(w http.ResponseWriter, r *http.Request) error {
	st := httpguard.SiteOf(r)
	if !httpguard.IsJSON(r) {
		return &statusError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the form as application/json."}
	}
	if !httpguard.OriginAllowed(r, a.ExtraOriginHosts...) {
		return errs.E(errs.Forbidden, "Saved searches are accepted from the site's own pages only.")
	}
	lim := a.Service.limits()
	if err := a.allow(r, addressKey(r), lim.Address, "from your address"); err != nil {
		return err
	}
	body, err := readBody(w, r)
	if err != nil {
		return err
	}
	su, err := ParseSignup(body, st)
	if err != nil {
		return err
	}
	ok := map[string]string{"status": "pending"}
	if su.Honeypot {
		a.Service.log().Warn("alerts honeypot filled; sign-up dropped", "site", st.Name)
		return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	nonce, err := a.Tickets.Check(su.Ticket, st.Name, a.Service.now())
	if err != nil {
		return err
	}
	texts, err := a.Service.texts(r.Context(), st.Name, su.Lang)
	if err != nil {
		return err
	}
	listBase := strings.TrimSuffix(texts["pathToCarList"], "/")
	q, found, err := catalogpages.ListQueryOf(r.Context(), a.Search, st.VehiclesIndex(), listBase, su.Path, su.Query)
	if err != nil {
		return err
	}
	if !found {
		return &errs.Error{Code: errs.Invalid, Message: "Save a search from the car list.", Fields: map[string]string{"path": InvalidInput}}
	}
	if err := a.allow(r, "alerts:email:"+ratelimit.Hash(su.Email), lim.Email, "for this e-mail address"); err != nil {
		return err
	}
	p, err := a.Service.Prepare(r.Context(), st, su, q, a.BaseURL(r), listBase)
	if err != nil {
		return err
	}
	if !p.Mail {
		return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
	}
	if err := a.allow(r, "alerts:to:"+ratelimit.Hash(su.Email), lim.Recipient, "to this e-mail address"); err != nil {
		return err
	}
	if _, err := a.Service.Subscribe(r.Context(), p, nonce); err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusAccepted, ok)
}

type tokenBody struct {
	Token     string `json:"token"`
	Action    string `json:"action"`
	ID        string `json:"id"`
	Frequency string `json:"frequency"`
}

// readToken reads a JSON body {token, …} after the per-address limit.
func (a *API) readToken(w http.ResponseWriter, r *http.Request) (tokenBody, error) {
	var b tokenBody
	if err := a.allow(r, addressKey(r)+":token", a.Service.limits().Tokens, "from your address"); err != nil {
		return b, err
	}
	body, err := readBody(w, r)
	if err != nil {
		return b, err
	}
	if httpguard.IsJSON(r) {
		if err := json.Unmarshal(body, &b); err != nil {
			return b, errs.E(errs.Invalid, "The request body is not valid JSON.")
		}
	}
	if t := r.URL.Query().Get("token"); t != "" {
		b.Token = t
	}
	return b, nil
}

// handleConfirm serves "POST /api/alerts/confirm" (the page behind the
// confirmation link posts the link's token once it has loaded, so a mail
// scanner that only fetches the link confirms nothing).
func (a *API) handleConfirm(w http.ResponseWriter, r *http.Request) error {
	b, err := a.readToken(w, r)
	if err != nil {
		return err
	}
	x, manage, err := a.Service.Confirm(r.Context(), httpguard.SiteOf(r).Name, b.Token)
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"status": "confirmed", "search": x, "manageToken": manage})
}

// handleUnsubscribe serves "POST /api/alerts/unsubscribe": the one-click
// target of List-Unsubscribe (RFC 8058: a form body
// "List-Unsubscribe=One-Click" and the token in the address, no Origin)
// and the unsubscribe page's call ({token}). Unsubscribing twice is fine.
func (a *API) handleUnsubscribe(w http.ResponseWriter, r *http.Request) error {
	b, err := a.readToken(w, r)
	if err != nil {
		return err
	}
	manage, err := a.Service.Unsubscribe(r.Context(), b.Token)
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, map[string]any{"status": "unsubscribed", "manageToken": manage})
}

// handleManage serves "POST /api/alerts/manage": the manage page lists the
// address's searches, changes a frequency or deletes one.
func (a *API) handleManage(w http.ResponseWriter, r *http.Request) error {
	if !httpguard.IsJSON(r) {
		return &statusError{http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the request as application/json."}
	}
	b, err := a.readToken(w, r)
	if err != nil {
		return err
	}
	m, err := a.Service.Manage(r.Context(), httpguard.SiteOf(r).Name, b.Token, b.Action, b.ID, Frequency(b.Frequency))
	if err != nil {
		return err
	}
	return httpkit.WriteJSON(w, r, http.StatusOK, m)
}
