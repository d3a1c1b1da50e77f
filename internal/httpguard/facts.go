package httpguard

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"forecourt/internal/site"
)

// Policy is the server's one policy for what a request is taken to be: its
// site, its client, its public origin. Middleware applies it once per
// request; every feature reads the result (SiteOf, ClientAddr, BaseURL,
// Secure, OriginAllowed) instead of reading headers itself.
type Policy struct {
	// Sites picks the site from the Host header.
	Sites *site.Registry
	// ClientIPHeader, when set ("X-Forwarded-For" or "X-Real-IP":
	// CLIENT_IP_HEADER), is the header the load balancer puts the client's
	// address in; empty: the connection's address. No other header is
	// believed.
	ClientIPHeader string
	// PublicURL is the default site's public origin (PUBLIC_URL); its host
	// is also an allowed Origin of every site (a staging name in front of
	// the server).
	PublicURL string
	// PublicURLs are the sites' public origins by site name (PUBLIC_URLS).
	PublicURLs map[string]string
	// Redirected, when set, is told of a request that Middleware answers
	// with the redirect to its site's main host (for the route label of
	// metrics and logs).
	Redirected func(r *http.Request)
}

// Facts are what the server takes a request to be, computed once by
// Middleware.
type Facts struct {
	// Site is the site the Host header selected (the default site for an
	// unknown host).
	Site *site.Site
	// ClientAddr is the client's address under the trusted-proxy policy,
	// for rate limits and logs.
	ClientAddr string
	// BaseURL is the absolute origin of the site for links (canonical,
	// sitemap, links in mails): the site's PUBLIC_URLS entry, else
	// PUBLIC_URL for the default site, else the request's own origin when
	// its host is one of the site's (or a loopback name), else https:// and
	// the site's first host. A Host header a client chooses never makes the
	// links point elsewhere.
	BaseURL string
	// Secure is whether the client reached us over HTTPS (TLS here, or the
	// load balancer's X-Forwarded-Proto).
	Secure bool
	// policy made these facts; BaseURLFor asks it about another site.
	policy *Policy
	// originHosts are the public hosts besides the site's own that
	// OriginAllowed admits (PUBLIC_URL's and the site's PUBLIC_URLS host).
	originHosts []string
}

type factsKey struct{}

// Middleware resolves the request's facts once and puts them on the
// request. A request to one of a site's redirect hosts (www.) is answered
// with a permanent redirect to the site's first host, same scheme, port and
// path.
func (p *Policy) Middleware(next http.Handler) http.Handler {
	publicHost := hostOf(p.PublicURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, redirect := p.Sites.ForHost(r.Host)
		secure := secureRequest(r)
		if redirect {
			scheme := "http"
			if secure {
				scheme = "https"
			}
			host := st.Hosts[0]
			if _, port, ok := strings.Cut(r.Host, ":"); ok {
				host += ":" + port
			}
			if p.Redirected != nil {
				p.Redirected(r)
			}
			http.Redirect(w, r, scheme+"://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
			return
		}
		f := &Facts{Site: st, ClientAddr: AddrFrom(r, p.ClientIPHeader), Secure: secure, policy: p}
		f.BaseURL = p.baseURL(r, st, secure)
		if publicHost != "" {
			f.originHosts = append(f.originHosts, publicHost)
		}
		if h := hostOf(p.PublicURLs[st.Name]); h != "" {
			f.originHosts = append(f.originHosts, h)
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), factsKey{}, f)))
	})
}

// WithSite returns r carrying the facts of a request to site st, as
// Middleware would compute them for r (its Host picks no site here): for
// requests the server makes of itself, such as the pre-render's.
func (p *Policy) WithSite(r *http.Request, st *site.Site) *http.Request {
	secure := secureRequest(r)
	f := &Facts{Site: st, ClientAddr: AddrFrom(r, p.ClientIPHeader), Secure: secure, policy: p}
	f.BaseURL = p.baseURL(r, st, secure)
	if h := hostOf(p.PublicURL); h != "" {
		f.originHosts = append(f.originHosts, h)
	}
	if h := hostOf(p.PublicURLs[st.Name]); h != "" {
		f.originHosts = append(f.originHosts, h)
	}
	return r.WithContext(context.WithValue(r.Context(), factsKey{}, f))
}

func (p *Policy) baseURL(r *http.Request, st *site.Site, secure bool) string {
	if u := p.PublicURLs[st.Name]; u != "" {
		return strings.TrimSuffix(u, "/")
	}
	if p.PublicURL != "" && st == p.Sites.Default() {
		return strings.TrimSuffix(p.PublicURL, "/")
	}
	scheme := "http"
	if secure {
		scheme = "https"
	}
	if knownHost(st, r.Host) {
		return scheme + "://" + strings.ToLower(r.Host)
	}
	if len(st.Hosts) > 0 {
		return "https://" + st.Hosts[0]
	}
	return scheme + "://" + st.Name + ".localhost"
}

// knownHost reports whether hostport names st: one of its configured hosts
// or <name>.localhost with any port, or a loopback address.
func knownHost(st *site.Site, hostport string) bool {
	host := strings.ToLower(hostport)
	if h, port, err := net.SplitHostPort(host); err == nil {
		if _, err := strconv.ParseUint(port, 10, 16); err != nil {
			return false
		}
		host = h
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.IsLoopback()
	}
	if host == "localhost" || host == st.Name+".localhost" {
		return true
	}
	for _, h := range st.Hosts {
		if host == h {
			return true
		}
	}
	return false
}

func hostOf(origin string) string {
	if origin == "" {
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// FactsOf returns the request's facts. A request that did not pass
// Middleware (a handler served alone, as in a package's tests) gets what
// can be known without the server's policy: no site, the connection's
// peer, the request's own origin.
func FactsOf(r *http.Request) *Facts {
	if f, ok := r.Context().Value(factsKey{}).(*Facts); ok {
		return f
	}
	secure := secureRequest(r)
	scheme := "http"
	if secure {
		scheme = "https"
	}
	return &Facts{ClientAddr: AddrFrom(r, ""), Secure: secure, BaseURL: scheme + "://" + strings.ToLower(r.Host)}
}

// SiteOf is the request's site (nil outside the server).
func SiteOf(r *http.Request) *site.Site { return FactsOf(r).Site }

// BaseURL is the absolute origin of the request's site for links (Facts.BaseURL).
func BaseURL(r *http.Request) string { return FactsOf(r).BaseURL }

// BaseURLFor is the absolute origin for links to another site than the
// request's (a workshop's mail to a customer of the department's site),
// under the same policy: that site's PUBLIC_URLS entry, PUBLIC_URL for the
// default site, the request's origin when its host is one of that site's,
// else https:// and the site's first host.
func BaseURLFor(r *http.Request, st *site.Site) string {
	f := FactsOf(r)
	if f.policy == nil || st == nil {
		return f.BaseURL
	}
	return f.policy.baseURL(r, st, f.Secure)
}

// Secure reports whether the client reached us over HTTPS (cookies' Secure,
// HSTS); before Middleware has run (the outer layers) it is worked out the
// same way.
func Secure(r *http.Request) bool {
	if f, ok := r.Context().Value(factsKey{}).(*Facts); ok {
		return f.Secure
	}
	return secureRequest(r)
}

// OriginAllowed reports whether a browser request comes from a page of its
// own site (AllowedOrigin), the public hosts of PUBLIC_URL and of the
// site's PUBLIC_URLS entry included, or from one of extra hosts. Outside
// the server only loopback names are allowed.
func OriginAllowed(r *http.Request, extra ...string) bool {
	f := FactsOf(r)
	hosts := f.originHosts
	if len(extra) > 0 {
		hosts = append(append([]string{}, hosts...), extra...)
	}
	return AllowedOrigin(r, f.Site, hosts...)
}

// Local reports whether the request comes straight from this machine: the
// connection's peer is a loopback address and no proxy forwarded it (no
// X-Forwarded-For or Forwarded header). Development aids (the SMS outbox)
// answer only such requests.
func Local(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback() && r.Header.Get("X-Forwarded-For") == "" && r.Header.Get("Forwarded") == ""
}

func secureRequest(r *http.Request) bool {
	return r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}
