// Package web is forecourt's front door: routing, site and language
// resolution, redirects, the page handler with server rendering and its
// fallback, security headers, compression, caching, metrics and the JSON
// APIs under /api/. Handlers call the domain packages and return errors.
package web

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/page"
	"forecourt/internal/personalize"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
)

// Config is the web layer's share of the settings.
type Config struct {
	// PublicURL, when set, is the origin used for absolute URLs (canonical,
	// sitemap); otherwise the request's scheme and host are used.
	PublicURL string
	// Locales are the enabled locales (LOCALES).
	Locales []string
	// EditingHost may frame pages in editing mode (frame-ancestors).
	EditingHost string
	// AccessLog writes one structured log line per request.
	AccessLog bool
	// RenderCache caches rendered HTML by page data (render is pure).
	RenderCacheEntries int
	// PublicURLs are the origins of the sites by site name (PUBLIC_URLS;
	// PUBLIC_URL is the default site's). A site without one uses the
	// request's host when it is one of the site's configured hosts (or a
	// loopback address), else https:// and its first configured host.
	PublicURLs map[string]string
	// ClientIPHeader, when set ("X-Forwarded-For" or "X-Real-IP"), is the
	// header the load balancer puts the client's address in; the last
	// address in it is used for per-address throttling. Empty: the
	// connection's address.
	ClientIPHeader string
	// MetricsToken, when set, serves /metrics on the public port to
	// requests with "Authorization: Bearer <token>". Without it /metrics is
	// only on the separate METRICS_ADDR listener (Server.MetricsHandler).
	MetricsToken string
	// Prerender keeps the long tail's documents made in advance (off when
	// its Dir is empty or RenderCacheEntries is 0).
	Prerender PrerenderConfig
}

// Renderer turns page data into HTML; *render.Pool implements it.
type Renderer interface {
	// RenderWithDictionary renders page data whose dictionary travels
	// apart (see encodePage).
	RenderWithDictionary(ctx context.Context, dictKey uint64, dictJSON, pageJSON []byte) ([]byte, error)
	Ready() int
	Size() int
}

// Deps are the parts the server calls.
type Deps struct {
	Sites     *site.Registry
	Pages     *page.Assembler
	Renderer  Renderer
	Store     *store.DB
	AssetsDir string // web/dist/client
	Redirects *Redirects
	Logger    *slog.Logger
	// Routes are the features' API routes (each feature's Routes()),
	// mounted beside the server's own; a pattern mounted twice panics.
	Routes []httpkit.Route
	// Search serves the public search API (POST /api/search); nil: none.
	Search *search.Engine
	// Handlers are plain handlers by pattern (the media proxy).
	Handlers map[string]http.Handler
	// Health adds named checks to /healthz.
	Health map[string]func(ctx context.Context) string
	// Personalize receives page-view events; nil or no endpoint drops them.
	Personalize *personalize.Client
	// Editing wires editing mode; nil turns it off.
	Editing *EditingDeps
	// Sitemap adds URLs of a site (cars, dealer sites) to its sitemap.
	Sitemap []func(ctx context.Context, st *site.Site, base string) ([]page.SitemapURL, error)
	// ConnectSrc are more origins the browser may fetch from (a map style's).
	ConnectSrc []string
	// Gates run before every route, after the site is known: each may put
	// facts on the request (the staff gate puts the signed-in staff member)
	// or refuse it with an error, written in the API's error shape.
	Gates []func(r *http.Request) (*http.Request, error)
}

// Server is the HTTP front door.
type Server struct {
	cfg     Config
	sites   *site.Registry
	pages   *page.Assembler
	render  Renderer
	store   *store.DB
	assets  *assets
	redir   *Redirects
	log     *slog.Logger
	metrics *metrics
	cache   *renderCache
	gzDocs  *gzDocCache
	// gzUpgrade holds a token while a document is recompressed.
	gzUpgrade chan struct{}
	// docs are finished page responses by request (doccache.go), named
	// with versions; docUpgrade holds a token while one is recompressed.
	docs       *docCache
	versions   *docVersions
	docUpgrade chan struct{}
	docCheck   chan struct{} // holds a token while a stale document is checked
	bases      sync.Map      // site name → the origin its visitors used last
	prerender  *prerenderer
	// cssLinks are the Link headers preloading the stylesheets.
	cssLinks []string
	// noncePolicy is the policy of a response that is not a page, before
	// and after its nonce.
	noncePolicy []string
	deps        Deps
	facts       *httpguard.Policy
	started     time.Time
	pwSem       chan struct{} // bounds concurrent password checks
	pwWait      time.Duration // how long a sign-in waits for a slot
}

// New builds the server. It fails when the front-end build is missing.
func New(cfg Config, d Deps) (*Server, error) {
	a, err := loadAssets(d.AssetsDir)
	if err != nil {
		return nil, err
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Redirects == nil {
		d.Redirects = &Redirects{}
	}
	s := &Server{cfg: cfg, sites: d.Sites, pages: d.Pages, render: d.Renderer, store: d.Store, assets: a,
		redir: d.Redirects, log: d.Logger, metrics: newMetrics(), deps: d, started: time.Now(),
		pwSem: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2)), pwWait: 5 * time.Second}
	s.facts = &httpguard.Policy{Sites: d.Sites, ClientIPHeader: cfg.ClientIPHeader, PublicURL: cfg.PublicURL,
		PublicURLs: cfg.PublicURLs, Redirected: func(r *http.Request) { setRoute(r, "redirect-host") }}
	// RENDER_CACHE=0 turns off both caches of render output: the HTML by
	// page data and the finished compressed documents.
	if cfg.RenderCacheEntries > 0 {
		s.cache = newRenderCache(cfg.RenderCacheEntries, renderCacheBytes)
		// The documents by request answer most page requests; these by
		// content serve the rest (a stale document checked again, a
		// request with a cookie), so they keep less.
		s.gzDocs = newGzDocCache(32 << 20)
		s.gzUpgrade = make(chan struct{}, 1)
		s.docs = newDocCache(docCacheBytes)
		s.docUpgrade = make(chan struct{}, 1)
		s.docCheck = make(chan struct{}, 1)
	}
	s.versions = newDocVersions(a.EntryJS + " " + strings.Join(a.CSS, " "))
	for _, css := range a.CSS {
		s.cssLinks = append(s.cssLinks, "<"+css+">; rel=preload; as=style")
	}
	s.prerender = newPrerenderer(s, cfg.Prerender)
	// Every response's policy around its nonce, built once.
	s.noncePolicy = strings.SplitN(s.cspWith("'nonce-\x00'", false), "\x00", 2)
	return s, nil
}

// OnWorkerRestart counts a render worker restart (wired to the pool).
func (s *Server) OnWorkerRestart() { s.metrics.restarts.Inc() }

// Handler returns the whole HTTP handler with its middleware.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	route := func(pattern, name string, h http.Handler) {
		mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			setRoute(r, name)
			h.ServeHTTP(w, r)
		}))
	}
	route("GET /healthz", "healthz", s.handle(s.handleHealth))
	route("GET /metrics", "metrics", s.handle(s.handlePublicMetrics))
	route("GET /robots.txt", "robots", s.handle(s.handleRobots))
	route("GET /sitemap.xml", "sitemap", s.handle(s.handleSitemap))
	route("GET /assets/", "assets", http.HandlerFunc(s.assets.serve))
	route("GET /favicon.svg", "favicon", http.HandlerFunc(serveFavicon))
	route("GET /favicon.ico", "favicon", http.HandlerFunc(serveFavicon))
	route("GET /icons/{name}", "favicon", s.handle(serveBrandIcon))
	route("GET /_page/", "page-data", s.handle(s.handlePageData))
	route("GET /", "page", s.handle(s.handlePage))
	s.mountEditing(route)
	s.mountStaff(route)
	route("POST /api/events/pageview", "event-pageview", s.handle(s.handlePageView))
	for _, m := range []string{"GET", "POST", "PUT", "DELETE"} {
		route(m+" /api/", "api-unknown", s.handle(func(w http.ResponseWriter, r *http.Request) error {
			return notFoundAPI(r)
		}))
	}
	for pattern, h := range s.deps.Handlers {
		mux.Handle(pattern, h)
	}
	if s.deps.Search != nil {
		rt := s.searchRoute(s.deps.Search)
		s.Route(mux, rt.Pattern, rt.Name, rt.Handler)
	}
	for _, rt := range s.deps.Routes {
		s.Route(mux, rt.Pattern, rt.Name, rt.Handler)
	}
	var h http.Handler = mux
	h = s.gates(h)
	h = s.redirects(h)
	// The request's facts (site, client address under CLIENT_IP_HEADER,
	// base URL under PUBLIC_URLS, secure) are computed once here for the
	// pages and every feature (httpguard.SiteOf, ClientAddr, BaseURL, …).
	h = s.facts.Middleware(h)
	h = s.bounds(h)
	h = s.secure(h)
	h = s.observe(h)
	return h
}

// gates runs Deps.Gates before the mux.
func (s *Server) gates(next http.Handler) http.Handler {
	if len(s.deps.Gates) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, g := range s.deps.Gates {
			var err error
			if r, err = g(r); err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// Route mounts a handler that returns errors (for domain APIs). A second
// route of a pattern the mux already has (the server's own or another
// feature's) panics when Handler builds the mux: http.ServeMux refuses it
// naming both registrations, so no route silently shadows another.
func (s *Server) Route(mux *http.ServeMux, pattern, name string, h httpkit.HandlerFunc) {
	hh := s.handle(h)
	mux.Handle(pattern, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setRoute(r, name)
		hh(w, r)
	}))
}

// Logger returns the server's logger.
func (s *Server) Logger() *slog.Logger { return s.log }

// MetricsHandler serves the Prometheus metrics; mount it on a listener
// that only the monitoring can reach (METRICS_ADDR).
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
}

// handlePublicMetrics serves "GET /metrics" on the public port: only with
// the bearer token of METRICS_TOKEN; without a token configured it is not
// found (the metrics are on METRICS_ADDR).
func (s *Server) handlePublicMetrics(w http.ResponseWriter, r *http.Request) error {
	if s.cfg.MetricsToken == "" {
		return errs.E(errs.NotFound, "Not found.")
	}
	got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(s.cfg.MetricsToken)) != 1 {
		w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
		return errs.E(errs.Unauthorized, "The metrics need the monitoring token.")
	}
	w.Header().Set("Cache-Control", "no-store")
	s.MetricsHandler().ServeHTTP(w, r)
	return nil
}
