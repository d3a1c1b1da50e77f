// Package httpguard holds the request facts and checks that every public
// endpoint shares, so that no feature keeps its own copy: the facts one
// middleware computes per request (Policy.Middleware: the site, the
// client's address under the server's one trusted-proxy policy
// CLIENT_IP_HEADER, the public base URL honouring PUBLIC_URLS, whether the
// request is secure), whether a browser request comes from the site's own
// pages, and the defence of state-changing JSON calls (same-origin Origin,
// JSON only, a bounded body).
package httpguard

import (
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"forecourt/internal/errs"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// ClientAddr is the request's client address for rate limits and logs:
// the one Policy.Middleware computed under the server's trusted-proxy
// policy, else (a handler served without the server, as in a package's
// tests) the connection's peer. No header a client sends is believed
// unless the server's policy names it.
func ClientAddr(r *http.Request) string { return FactsOf(r).ClientAddr }

// AddrFrom is the client address under policy header: the last address of
// that header (the one our own load balancer appended; earlier ones are the
// client's to choose), else the connection's peer.
func AddrFrom(r *http.Request, header string) string {
	if header != "" {
		if v := r.Header.Values(header); len(v) > 0 {
			last := v[len(v)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if ip, err := netip.ParseAddr(strings.TrimSpace(last)); err == nil {
				return ip.Unmap().String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// AllowedOrigin reports whether a browser request comes from a page of st:
// its Origin (or, without one, its Referer) names one of the site's hosts,
// its redirect hosts, <name>.localhost, localhost or a loopback address,
// over http or https and on any port, or one of extra (host names, such as
// PUBLIC_URL's). Requests without either header are refused: every browser
// sends Origin with a POST. A nil st allows only the loopback names.
func AllowedOrigin(r *http.Request, st *site.Site, extra ...string) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		origin = r.Header.Get("Referer")
	}
	if origin == "" || origin == "null" {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" {
		return true
	}
	if a, err := netip.ParseAddr(host); err == nil && a.Unmap().IsLoopback() {
		return true
	}
	hosts := extra
	if st != nil {
		if host == strings.ToLower(st.Name)+".localhost" {
			return true
		}
		hosts = append(append(append([]string{}, st.Hosts...), st.RedirectHosts...), extra...)
	}
	for _, h := range hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// IsJSON reports whether the request says its body is application/json.
func IsJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// Mutation is the defence of a state-changing call that browsers make from
// the site's own pages: the forms' rule, applied to the booking, wheel-change
// and tyre-hotel calls. A cross-site page can make a browser POST a
// text/plain body (no preflight) with the visitor's cookies; it cannot send
// application/json without a preflight, nor forge Origin.
type Mutation struct {
	// Allowed reports whether the request's Origin is one of its site's;
	// nil: OriginAllowed, the server's policy (outside the server,
	// loopback names only).
	Allowed func(r *http.Request) bool
	// MaxBody bounds the body in bytes; reading past it fails with a
	// TooLarge error (413).
	MaxBody int64
}

// Errors of Check, with the codes the features map to their answers.
var (
	ErrNotJSON       = errs.E(errs.UnsupportedMediaType, "Send the request as application/json.")
	ErrForeignOrigin = errs.E(errs.Forbidden, "Requests are accepted from the site's own pages only.")
)

// Check refuses a request that is not JSON (UnsupportedMediaType) or not
// from the site's pages (Forbidden), and bounds its body to MaxBody. It
// reads nothing, so it runs before any rate limit counts or body is parsed.
func (m Mutation) Check(w http.ResponseWriter, r *http.Request) error {
	if !IsJSON(r) {
		return ErrNotJSON
	}
	allowed := m.Allowed
	if allowed == nil {
		allowed = func(r *http.Request) bool { return OriginAllowed(r) }
	}
	if !allowed(r) {
		return ErrForeignOrigin
	}
	if m.MaxBody > 0 {
		if r.ContentLength > m.MaxBody {
			return httpkit.TooLarge(m.MaxBody)
		}
		r.Body = http.MaxBytesReader(w, r.Body, m.MaxBody)
	}
	return nil
}

// Wrap runs Check before h.
func (m Mutation) Wrap(h func(w http.ResponseWriter, r *http.Request) error) func(w http.ResponseWriter, r *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := m.Check(w, r); err != nil {
			return err
		}
		return h(w, r)
	}
}
