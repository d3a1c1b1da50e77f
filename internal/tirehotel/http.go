package tirehotel

import (
	"bytes"
	"encoding/json"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
)

// CookieName is the session cookie of the portal.
const CookieName = "fc_tirehotel"

// maxBody bounds every JSON body of the portal.
const maxBody = 8 << 10

// API serves /api/tirehotel/* (docs/contracts/tirehotel.md) and, without an SMS
// gateway, the development SMS outbox. Handlers write the contract's
// error shape themselves and return nil; logs carry paths and error codes,
// never query strings, codes, tokens or numbers.
type API struct {
	Auth  *Auth
	Wheel *WheelChange // nil: the booking calls answer 503
	Log   *slog.Logger
	// DevSMS mounts GET /_dev/sms and /_dev/sms.html (no gateway configured).
	DevSMS bool
	// Origin is the public origin of a request for links in mails (the
	// reminder's); nil: the site's base URL (httpguard.BaseURL, which
	// honours PUBLIC_URLS).
	Origin func(r *http.Request) string
	// Guard is the defence of every POST of the portal: same-origin Origin,
	// JSON only, at most maxBody. Its zero value admits loopback origins
	// only; the server sets the request's site's.
	Guard httpguard.Mutation
	// Lang is the site's language of a request (text messages); nil: sv.
	Lang func(r *http.Request) string
}

// Routes lists the endpoints for the server's mux.
func (api *API) Routes() []httpkit.Route {
	guard := api.Guard
	if guard.MaxBody == 0 {
		guard.MaxBody = maxBody
	}
	// post is a state-changing call: the guard runs before anything counts
	// against a rate limit, sends a code or books.
	post := func(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
		return api.wrap(guard.Wrap(h))
	}
	rs := []httpkit.Route{
		{Pattern: "GET /api/tirehotel/authorization/search", Name: "tirehotel-search", Handler: api.wrap(api.search)},
		{Pattern: "POST /api/tirehotel/authorization/login", Name: "tirehotel-login", Handler: post(api.login)},
		{Pattern: "POST /api/tirehotel/authorization/validate", Name: "tirehotel-validate", Handler: post(api.validate)},
		{Pattern: "GET /api/tirehotel/session", Name: "tirehotel-session", Handler: api.wrap(api.session)},
		{Pattern: "POST /api/tirehotel/logout", Name: "tirehotel-logout", Handler: post(api.logout)},
		{Pattern: "POST /api/tirehotel/booking/GetTimeslotDays", Name: "tirehotel-days", Handler: post(api.days)},
		{Pattern: "POST /api/tirehotel/booking/GetTimeslots", Name: "tirehotel-slots", Handler: post(api.slots)},
		{Pattern: "POST /api/tirehotel/booking/create", Name: "tirehotel-create", Handler: post(api.create)},
		{Pattern: "POST /api/tirehotel/review/addReview", Name: "tirehotel-review", Handler: post(api.review)},
		{Pattern: "GET /api/tirehotel/bookings", Name: "tirehotel-bookings", Handler: api.wrap(api.upcoming)},
	}
	if api.DevSMS {
		rs = append(rs,
			httpkit.Route{Pattern: "GET /_dev/sms", Name: "dev-sms", Handler: api.wrap(api.devSMS)},
			httpkit.Route{Pattern: "GET /_dev/sms.html", Name: "dev-sms", Handler: api.wrap(api.devSMSPage)})
	}
	return rs
}

// errorBody is the contract's error shape.
type errorBody struct {
	Message string            `json:"message"`
	Code    string            `json:"code"`
	Fields  map[string]string `json:"fields,omitempty"`
}

var errTooLarge = errors.New("body too large")

func (api *API) log() *slog.Logger {
	if api.Log != nil {
		return api.Log
	}
	return slog.Default()
}

func (api *API) wrap(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		w.Header().Set("Cache-Control", "no-store")
		err := h(w, r)
		if err == nil {
			return nil
		}
		status, body := http.StatusInternalServerError, errorBody{Message: "Något gick fel, var god och försök senare.", Code: "ServerError"}
		var e *errs.Error
		var ra *RetryAfter
		switch {
		case errors.Is(err, errTooLarge) || errs.Is(err, errs.TooLarge):
			status, body = http.StatusRequestEntityTooLarge, errorBody{Message: "Förfrågan är för stor.", Code: "PayloadTooLarge"}
		case errors.Is(err, ErrLocked):
			status, body = http.StatusLocked, errorBody{Message: errs.MessageOf(err), Code: "Locked"}
		case errs.Is(err, errs.UnsupportedMediaType):
			status, body = http.StatusUnsupportedMediaType, errorBody{Message: "Förfrågan måste skickas som JSON.", Code: "UnsupportedMediaType"}
		case errors.Is(err, httpguard.ErrForeignOrigin):
			status, body = http.StatusForbidden, errorBody{Message: "Förfrågan godtas bara från webbplatsens egna sidor.", Code: "Forbidden"}
		case errors.Is(err, errSlotTaken):
			status, body = http.StatusConflict, errorBody{Message: errs.MessageOf(err), Code: "TimeslotNotAvailable"}
		case errors.As(err, &e) && e.Code != errs.Internal && e.Code != errs.Unavailable:
			body = errorBody{Message: e.Message, Fields: e.Fields}
			switch e.Code {
			case errs.Invalid:
				status, body.Code = http.StatusBadRequest, "InvalidInput"
			case errs.NotFound:
				status, body.Code = http.StatusNotFound, "NotFound"
			case errs.Conflict:
				status, body.Code = http.StatusConflict, "Conflict"
			case errs.Unauthorized:
				status, body.Code = http.StatusUnauthorized, "Unauthorized"
			case errs.Forbidden:
				status, body.Code = http.StatusForbidden, "Forbidden"
			case errs.RateLimited:
				status, body.Code = http.StatusTooManyRequests, "RateLimited"
				if errors.As(err, &ra) {
					w.Header().Set("Retry-After", strconv.Itoa(max(1, int((ra.D+time.Second-1)/time.Second))))
				}
			}
		case errs.Is(err, errs.Unavailable):
			status, body.Code = http.StatusServiceUnavailable, "Unavailable"
		}
		if status >= 500 {
			api.log().Error("tyre hotel request failed", "path", r.URL.Path, "err", err)
		} else {
			api.log().Info("tyre hotel request rejected", "path", r.URL.Path, "status", status, "code", body.Code)
		}
		if status == http.StatusUnauthorized {
			clearCookie(w, r)
		}
		b, _ := json.Marshal(body)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(status)
		w.Write(b)
		return nil
	}
}

func writeJSON(w http.ResponseWriter, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return errs.Wrap(err, "encode answer")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(b)
	return nil
}

// decodeBody reads one JSON object of at most maxBody bytes into v.
// Errors: errTooLarge, Invalid.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	err := httpkit.DecodeJSON(w, r, maxBody, v)
	switch {
	case err == nil:
		return nil
	case errs.Is(err, errs.TooLarge):
		return errTooLarge
	case errors.Is(err, httpkit.ErrMalformedJSON):
		return errs.E(errs.Invalid, "Förfrågan är inte giltig JSON.")
	default:
		return errs.E(errs.Invalid, "Förfrågan kunde inte läsas.")
	}
}

func setCookie(w http.ResponseWriter, r *http.Request, token string, ttl time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: token, Path: "/api/tirehotel", MaxAge: int(ttl / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: httpguard.Secure(r)})
}

func clearCookie(w http.ResponseWriter, r *http.Request) {
	if _, err := r.Cookie(CookieName); err != nil {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: "/api/tirehotel", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: httpguard.Secure(r)})
}

func cookieToken(r *http.Request) string {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return ""
	}
	return c.Value
}

// sessionOf returns the request's live session. Errors: Unauthorized.
func (api *API) sessionOf(r *http.Request) (Session, error) {
	return api.Auth.Session(r.Context(), cookieToken(r))
}

// search serves "GET /api/tirehotel/authorization/search?regNo=".
func (api *API) search(w http.ResponseWriter, r *http.Request) error {
	c, err := api.Auth.Search(r.Context(), r.URL.Query().Get("regNo"), httpguard.ClientAddr(r))
	if err != nil {
		return err
	}
	return writeJSON(w, c)
}

// login serves "POST /api/tirehotel/authorization/login?encryptedPhoneNumber=".
func (api *API) login(w http.ResponseWriter, r *http.Request) error {
	tok, err := api.Auth.Login(r.Context(), r.URL.Query().Get("encryptedPhoneNumber"), httpguard.ClientAddr(r))
	if err != nil {
		return err
	}
	return writeJSON(w, struct {
		AuthorizationToken string `json:"authorizationToken"`
	}{tok})
}

// validate serves "POST /api/tirehotel/authorization/validate?authToken=&otpToken=".
func (api *API) validate(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	token, sess, err := api.Auth.Validate(r.Context(), q.Get("authToken"), q.Get("otpToken"), httpguard.ClientAddr(r))
	if err != nil {
		return err
	}
	v, err := api.Auth.Validated(r.Context(), sess)
	if err != nil {
		return err
	}
	setCookie(w, r, token, api.Auth.Policy.SessionTTL)
	return writeJSON(w, v)
}

// sessionAnswer is the answer of "GET /api/tirehotel/session": signedIn
// false alone, or true with the validated vehicles.
type sessionAnswer struct {
	SignedIn bool `json:"signedIn"`
	*Validated
}

// session serves "GET /api/tirehotel/session". Having no session (no
// cookie, an unknown or an expired one) is the usual state of a visitor,
// not a failure: it answers 200 {"signedIn": false}, so every visit to the
// portal does not log a 401 in the browser's console.
func (api *API) session(w http.ResponseWriter, r *http.Request) error {
	s, err := api.sessionOf(r)
	if errs.Is(err, errs.Unauthorized) {
		return writeJSON(w, sessionAnswer{})
	}
	if err != nil {
		return err
	}
	v, err := api.Auth.Validated(r.Context(), s)
	if errs.Is(err, errs.Unauthorized) {
		return writeJSON(w, sessionAnswer{})
	}
	if err != nil {
		return err
	}
	return writeJSON(w, sessionAnswer{SignedIn: true, Validated: &v})
}

// logout serves "POST /api/tirehotel/logout".
func (api *API) logout(w http.ResponseWriter, r *http.Request) error {
	if err := api.Auth.Logout(r.Context(), cookieToken(r)); err != nil {
		return err
	}
	clearCookie(w, r)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// devSMS serves "GET /_dev/sms": the development outbox, newest first, to
// loopback clients only.
func (api *API) devSMS(w http.ResponseWriter, r *http.Request) error {
	if !httpguard.Local(r) {
		return errs.E(errs.NotFound, "Sidan finns inte.")
	}
	msgs, err := api.Auth.Store.DevMessages(r.Context(), 50)
	if err != nil {
		return err
	}
	return writeJSON(w, msgs)
}

var devPage = template.Must(template.New("sms").Parse(`<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<title>SMS (utveckling)</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem;max-width:48rem}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ccc}td.b{font-weight:600}</style></head>
<body><h1>Skickade SMS (utveckling)</h1>
<p>Ingen SMS-gateway är inställd (<code>SMS_GATEWAY_URL</code>), så meddelandena stannar här. Nyaste först; sidan läses om var 5:e sekund.</p>
<table><thead><tr><th scope="col">Tid</th><th scope="col">Till</th><th scope="col">Meddelande</th></tr></thead><tbody>
{{range .}}<tr><td>{{.Time.Local.Format "2006-01-02 15:04:05"}}</td><td>{{.To}}</td><td class="b">{{.Body}}</td></tr>
{{else}}<tr><td colspan="3">Inga meddelanden ännu.</td></tr>{{end}}</tbody></table></body></html>`))

// devSMSPage serves "GET /_dev/sms.html": the same outbox for people.
func (api *API) devSMSPage(w http.ResponseWriter, r *http.Request) error {
	if !httpguard.Local(r) {
		return errs.E(errs.NotFound, "Sidan finns inte.")
	}
	msgs, err := api.Auth.Store.DevMessages(r.Context(), 50)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := devPage.Execute(&b, msgs); err != nil {
		return errs.Wrap(err, "render sms page")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
	return nil
}
