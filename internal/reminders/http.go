package reminders

import (
	"context"
	"errors"
	"html"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/linktoken"
)

// Limiter counts hits per key in a window (internal/ratelimit).
type Limiter interface {
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// API serves the unsubscribe link of reminder mails. There is no public
// way to sign up: a reminder comes only from a booking (OptInTx).
type API struct {
	Service *Service
	Limiter Limiter // nil: no limit
	// LangOf is the language of a request's site, for pages of links that
	// name no reminder (nil: the request's site's default language, else
	// Swedish).
	LangOf func(r *http.Request) string
	// Limit unsubscribe calls per client address per Window (default 30 per 10 min).
	Limit  int
	Window time.Duration
}

// Routes lists the endpoints: GET shows a page with a button (mail
// scanners open links, so a GET never unsubscribes); POST unsubscribes,
// both from that button and as the RFC 8058 one-click POST that mail
// programs send with the body "List-Unsubscribe=One-Click".
func (a *API) Routes() []httpkit.Route {
	return []httpkit.Route{
		{Pattern: "GET /api/reminders/unsubscribe", Name: "reminders-unsubscribe-page", Handler: a.page},
		{Pattern: "POST /api/reminders/unsubscribe", Name: "reminders-unsubscribe", Handler: a.unsubscribe},
	}
}

// maxToken turns away what cannot be a token before it costs a rate-limit
// count or a lookup.
const maxToken = linktoken.MaxLen

func (a *API) lang(r *http.Request) string {
	if a.LangOf != nil {
		if l := a.LangOf(r); l != "" {
			return l
		}
	} else if st := httpguard.SiteOf(r); st != nil {
		return st.DefaultLanguage()
	}
	return "sv"
}

// allow counts one call of the client; a client over the limit gets a
// 429 page here and ok false.
func (a *API) allow(w http.ResponseWriter, r *http.Request) (ok bool, err error) {
	if a.Limiter == nil {
		return true, nil
	}
	n, win := a.Limit, a.Window
	if n <= 0 {
		n = 30
	}
	if win <= 0 {
		win = 10 * time.Minute
	}
	ok, retry, err := a.Limiter.Allow(r.Context(), "reminders:unsubscribe:ip:"+httpguard.ClientAddr(r), n, win)
	if err != nil {
		return false, errs.Wrap(err, "rate limit")
	}
	if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(int(retry.Seconds()+0.999)))
		lang := a.lang(r)
		writePage(w, http.StatusTooManyRequests, lang, textsOf(lang).pageTitle, "<p>"+html.EscapeString(textsOf(lang).tooMany)+"</p>")
	}
	return ok, nil
}

// page serves "GET /api/reminders/unsubscribe?token=": the question and a
// button that posts the token back.
func (a *API) page(w http.ResponseWriter, r *http.Request) error {
	token := r.URL.Query().Get("token")
	t := textsOf(a.lang(r))
	bad := func() error {
		writePage(w, http.StatusBadRequest, a.lang(r), t.pageTitle, "<p>"+html.EscapeString(t.pageBad)+"</p>")
		return nil
	}
	if token == "" || len(token) > maxToken {
		return bad()
	}
	if ok, err := a.allow(w, r); !ok {
		return err
	}
	id, err := a.Service.tokenReminder(token)
	if err != nil {
		return bad()
	}
	rm, err := a.Service.unsubscribeTarget(r.Context(), a.Service.DB, id)
	if errors.Is(err, ErrBadToken) {
		return bad()
	}
	if err != nil {
		return err
	}
	t = textsOf(rm.Lang)
	vars := map[string]string{"reg": html.EscapeString(rm.Reg)}
	if rm.Reason == ReasonUnsubscribed {
		writePage(w, http.StatusOK, rm.Lang, t.pageTitle, "<p>"+fill(html.EscapeString(t.pageDone), vars)+"</p>")
		return nil
	}
	body := "<p>" + fill(html.EscapeString(t.pageAsk), vars) + `</p><form method="post" action="/api/reminders/unsubscribe?token=` +
		html.EscapeString(token) + `"><button type="submit">` + html.EscapeString(t.pageConfirm) + `</button></form>`
	writePage(w, http.StatusOK, rm.Lang, t.pageTitle, body)
	return nil
}

// unsubscribe serves "POST /api/reminders/unsubscribe?token=" (the button
// of the page and the one-click POST of mail programs).
func (a *API) unsubscribe(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 1<<10)
	io.Copy(io.Discard, r.Body) // "List-Unsubscribe=One-Click" or the empty form: nothing to read
	token := r.URL.Query().Get("token")
	t := textsOf(a.lang(r))
	if token == "" || len(token) > maxToken {
		writePage(w, http.StatusBadRequest, a.lang(r), t.pageTitle, "<p>"+html.EscapeString(t.pageBad)+"</p>")
		return nil
	}
	if ok, err := a.allow(w, r); !ok {
		return err
	}
	rm, err := a.Service.Unsubscribe(r.Context(), token)
	if err != nil {
		if errs.Is(err, errs.Invalid) {
			writePage(w, http.StatusBadRequest, a.lang(r), t.pageTitle, "<p>"+html.EscapeString(t.pageBad)+"</p>")
			return nil
		}
		return err
	}
	t = textsOf(rm.Lang)
	writePage(w, http.StatusOK, rm.Lang, t.pageTitle, "<p>"+fill(html.EscapeString(t.pageDone), map[string]string{"reg": html.EscapeString(rm.Reg)})+"</p>")
	return nil
}

// writePage answers a small self-contained page (no scripts; the token is
// kept out of referrers).
func writePage(w http.ResponseWriter, status int, lang, title, body string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="` + html.EscapeString(lang) + `"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`)
	b.WriteString(`<meta name="robots" content="noindex"><title>` + html.EscapeString(title) + `</title>`)
	b.WriteString(`<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#0b3d91;color:#fff;cursor:pointer}</style></head><body>`)
	b.WriteString(`<main><h1>` + html.EscapeString(title) + `</h1>` + body + `</main></body></html>`)
	io.WriteString(w, b.String())
}
