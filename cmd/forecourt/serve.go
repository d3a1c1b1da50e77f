package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	contentfiles "forecourt/content"
	"forecourt/internal/catalog"
	"forecourt/internal/catalogpages"
	"forecourt/internal/content"
	"forecourt/internal/demo/pictures"
	"forecourt/internal/demo/stock"
	"forecourt/internal/editing"
	"forecourt/internal/jobs"
	"forecourt/internal/media"
	"forecourt/internal/page"
	"forecourt/internal/personalize"
	"forecourt/internal/ratelimit"
	"forecourt/internal/render"
	"forecourt/internal/search"
	"forecourt/internal/site"
	"forecourt/internal/store"
	"forecourt/internal/stories"
	"forecourt/internal/web"
)

func newLogger(cfg config, w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: cfg.LogLevel}))
}

// contentFS is the embedded demo content, or CONTENT_DIR when set.
func contentFS(cfg config) (fs.FS, error) {
	if cfg.ContentDir == "" {
		return contentfiles.FS, nil
	}
	if st, err := os.Stat(cfg.ContentDir); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("CONTENT_DIR %q is not a folder", cfg.ContentDir)
	}
	return os.DirFS(cfg.ContentDir), nil
}

// app is everything serve wires together, also used by the seed command.
type app struct {
	cfg     config
	log     *slog.Logger
	sites   *site.Registry
	db      *store.DB
	content content.Source
	fsys    fs.FS
}

func openApp(ctx context.Context, stderr io.Writer) (*app, error) {
	cfg, err := loadConfig()
	if err != nil {
		return nil, err
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	sites, err := site.New(site.All(), cfg.SiteName)
	if err != nil {
		return nil, fmt.Errorf("SITE_NAME: %w", err)
	}
	fsys, err := contentFS(cfg)
	if err != nil {
		return nil, err
	}
	src, err := content.LoadFiles(fsys)
	if err != nil {
		return nil, fmt.Errorf("content: %w", err)
	}
	var source content.Source = src
	if cfg.EdgeEndpoint != "" {
		edge, err := content.NewEdge(content.EdgeConfig{
			Endpoint: cfg.EdgeEndpoint, APIKey: cfg.EdgeAPIKey, CacheTTL: cfg.EdgeCacheTTL, Timeout: cfg.EdgeTimeout,
			DefaultLanguage: func(name string) string {
				if st, err := sites.ByName(name); err == nil {
					return st.DefaultLanguage()
				}
				return "en"
			},
		})
		if err != nil {
			return nil, err
		}
		source = edge
		log.Info("content from Experience Edge", "endpoint", cfg.EdgeEndpoint)
	}
	db, err := store.Open(ctx, cfg.DataDir, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	return &app{cfg: cfg, log: log, sites: sites, db: db, content: source, fsys: fsys}, nil
}

// runServe is `forecourt serve`: open the app, wire the server's features
// and serve until ctx ends.
func runServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("serve", "Serve every site on one port; the host picks the site, SITE_NAME is the default.", stderr)
	noRender := fl.Bool("no-render", false, "serve pages with client-side rendering only (no Node workers)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	a, err := openApp(ctx, stderr)
	if err != nil {
		return err
	}
	defer a.db.Close()
	fitMemory := tuneMemory(a.cfg.Runtime)
	s, err := wireServer(ctx, a, !*noRender, fitMemory)
	if err != nil {
		return err
	}
	defer s.close()
	return listen(ctx, a, s, stdout)
}

// tuneMemory sets the collector for page assembly unless GOGC or
// GOMEMLIMIT say otherwise. It returns the function that fits the soft
// memory limit to the live heap (nothing to do under GOMEMLIMIT).
func tuneMemory(set runtimeConfig) (fitMemory func()) {
	if !set.GOGC {
		// Page assembly allocates a lot of short-lived maps; collecting at
		// 200% heap growth instead of 100% cuts GC CPU (about +25% pages/s,
		// docs/performance.md). GOGC overrides.
		debug.SetGCPercent(200)
	}
	fitMemory = func() {}
	if !set.GOMEMLIMIT {
		// ...while a soft limit keeps the process's memory bounded: with
		// the demo stock the live heap is some 70 MB after start and 200 MB
		// with full page caches, and at 200% growth the heap reached
		// 600–800 MB under load. Near 500 MB RSS (the bound is 600)
		// costs about 10% of the list's throughput when its caches are full
		// (docs/performance.md). A larger stock has a larger live heap (a
		// million cars: 1 GB): the limit follows it after every round of
		// index builds, so the collector never runs flat out under it.
		// GOMEMLIMIT overrides.
		fitMemory = func() { debug.SetMemoryLimit(memoryLimitFor(liveHeap())) }
		fitMemory()
	}
	return fitMemory
}

// server is what the wire step starts and the listen step serves.
type server struct {
	web *web.Server
	log *slog.Logger
	// pool are the render workers; nil with --no-render or no workers.
	pool *render.Pool
	// jobs is the job queue once it has started; nil before.
	jobs *jobs.Queue
}

// close stops what wireServer started: the job queue, then the render
// workers (requests in flight have finished by then).
func (s *server) close() {
	if s.jobs != nil {
		// Running jobs get a few seconds to finish; what is left is worked
		// again after the next start.
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.jobs.Stop(sctx); err != nil {
			s.log.Warn("job queue stop", "err", err)
		}
	}
	if s.web != nil {
		s.web.Close() // the pre-renderer, before the workers it renders with
	}
	if s.pool != nil {
		s.pool.Close()
	}
}

// wireServer builds the server: the catalogue and its search indexes (built
// in the background), the page assembler with the core loaders, the render
// workers, every feature (features, in their order) and the job queue. On
// an error it stops what it had started.
func wireServer(ctx context.Context, a *app, serverRender bool, fitMemory func()) (_ *server, err error) {
	cfg, log := a.cfg, a.log
	srv := &server{log: log}
	defer func() {
		if err != nil {
			srv.close()
		}
	}()
	redirects, err := web.LoadRedirects(a.fsys)
	if err != nil {
		return nil, fmt.Errorf("redirects: %w", err)
	}
	redirects.MapQuery("sort", catalogpages.CanonicalSort)
	mediaHandler, err := media.New(media.Config{LocalDir: cfg.MediaDir, Origin: cfg.MediaOrigin, AllowedHosts: cfg.ImageHosts, Demo: demoPictures})
	if err != nil {
		return nil, fmt.Errorf("media settings: %w", err)
	}
	// The catalogue: documents from the store, indexes built in the
	// background so the server answers at once; a watcher rebuilds a site's
	// indexes when another process imports stock.
	catalogSvc := catalog.NewService(catalog.NewStore(a.db), mediaHandler.BlurDataURL)
	engine := search.NewEngine()
	// The web server's documents of a site are named by its stock version,
	// bumped once the site's new indexes are in (the web server is built
	// later: a build before it has nothing to bump).
	var webSrv atomic.Pointer[web.Server]
	indexer := &catalog.Indexer{Service: catalogSvc, Engine: engine, Sites: a.sites, Log: log, Built: fitMemory,
		Swapped: func(siteName string) {
			if ws := webSrv.Load(); ws != nil {
				ws.StockChanged(siteName)
			}
		}}
	go func() {
		if err := indexer.BuildAll(ctx); err != nil {
			log.Error("building search indexes failed", "err", err)
			return
		}
		indexer.Watch(ctx, 2*time.Second) // an import by another process is served within 5 s (docs/operations.md)
	}()
	edStore := editing.NewStore(a.db)
	overlay := editing.NewOverlay(a.content, edStore)
	overlay.Log = log
	// The loaders of the content pages' own components; the features add
	// theirs (the hero's is the car list's, wireCatalogList).
	pages := &page.Assembler{Content: overlay, Locales: cfg.Locales, Logger: log, LoaderTimeout: cfg.LoaderTimeout}
	pages.Register("MainNavigation", pages.NavigationLoader)
	pages.Register("SocialSharing", page.ShareLoader)
	storySvc := &stories.Service{Content: overlay, CacheFor: 2 * time.Second}
	pages.Register("StoriesList", storySvc.ListLoader)
	pages.Register("StoriesTeaser", storySvc.TeaserLoader(log))
	pages.Register("ArticleFooter", storySvc.FooterLoader)
	pages.Register("StoryHeader", storySvc.HeaderLoader)

	if serverRender && cfg.RenderWorkers > 0 {
		srv.pool, err = render.Start(ctx, render.Config{
			Workers: cfg.RenderWorkers,
			Script:  filepath.Join(cfg.WebDir, "ssr", "worker.mjs"),
			Bundle:  filepath.Join(cfg.WebDir, "dist", "server", "entry-server.js"),
			Timeout: cfg.RenderTimeout,
			Logger:  log,
			OnRestart: func() {
				if srv.web != nil {
					srv.web.OnWorkerRestart()
				}
			},
		})
		if err != nil {
			return nil, err
		}
	}
	deps := web.Deps{
		Sites: a.sites, Pages: pages, Store: a.db, Redirects: redirects, Logger: log,
		AssetsDir:   filepath.Join(cfg.WebDir, "dist", "client"),
		Personalize: &personalize.Client{Endpoint: cfg.PersonalizeEndpoint, Timeout: cfg.PersonalizeTimeout},
		Editing: &web.EditingDeps{Accounts: cfg.EditorAccounts, Store: edStore, Overlay: overlay,
			SessionTTL: cfg.EditorSession, Secret: cfg.EditingSecret},
		Handlers: map[string]http.Handler{"GET /-/media/": mediaHandler, "GET /-/jssmedia/": mediaHandler, "GET /_img": mediaHandler},
		Routes:   storySvc.Routes(),
		Search:   engine,
		Health:   map[string]func(context.Context) string{"search": indexer.State},
	}
	if srv.pool != nil {
		deps.Renderer = srv.pool
	}
	w := &wiring{app: a, pages: pages, catalog: catalogSvc, engine: engine, media: mediaHandler, deps: &deps,
		limiter: ratelimit.New(a.db)}
	// The job queue first: every mail and text message is queued with its
	// delivery job, so the outbox and the booking engine need it.
	if w.jobs, err = jobs.Open(ctx, a.db, log, jobs.Options{PollInterval: cfg.JobPoll}); err != nil {
		return nil, err
	}
	wireErr := func(err error) (*server, error) {
		w.jobs.Stop(ctx)
		return nil, err
	}
	if err := startMailOutbox(a, &deps, w.jobs); err != nil {
		return wireErr(err)
	}
	if w.booking, err = startBookingEngine(ctx, a, &deps); err != nil {
		return wireErr(err)
	}
	w.booking.Jobs = w.jobs
	for _, wire := range features() {
		if err := wire(ctx, w); err != nil {
			return wireErr(err)
		}
	}
	if err := w.jobs.Start(ctx); err != nil {
		return nil, err
	}
	srv.jobs = w.jobs
	webCfg := web.Config{PublicURL: cfg.PublicURL, Locales: cfg.Locales, EditingHost: cfg.EditingHost, AccessLog: cfg.AccessLog, RenderCacheEntries: cfg.RenderCache}
	if cfg.Prerender && srv.pool != nil {
		// The pre-rendered documents of this process (their names hold its
		// epoch, so no other process could use them): removed at stop.
		base := filepath.Join(cfg.DataDir, "prerender")
		if err := os.MkdirAll(base, 0o700); err != nil {
			return nil, fmt.Errorf("pre-render store: %w", err)
		}
		dir, err := os.MkdirTemp(base, "run-")
		if err != nil {
			return nil, fmt.Errorf("pre-render store: %w", err)
		}
		webCfg.Prerender = web.PrerenderConfig{Dir: dir, Share: cfg.PrerenderShare}
	}
	srv.web, err = web.New(withHardening(cfg, webCfg), deps)
	if err != nil {
		return nil, err
	}
	webSrv.Store(srv.web)
	if err := srv.web.StartPrerender(ctx); err != nil {
		return nil, err
	}
	return srv, nil
}

// listen serves s on HOST:PORT (and the metrics and profiling listeners
// when set) until ctx ends, then shuts down gracefully: it stops
// accepting and finishes the requests in flight.
func listen(ctx context.Context, a *app, s *server, stdout io.Writer) error {
	cfg, log := a.cfg, a.log
	if err := serveMetrics(ctx, cfg, s.web, log); err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           s.web.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10, // the request line and headers; longer URLs get 431 (up to 8 KB of URL is served)
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	if addr := cfg.Runtime.PprofAddr; addr != "" {
		// Profiling for benchmarks only: a separate listener, never the public port.
		go func() { log.Warn("pprof server stopped", "err", http.ListenAndServe(addr, pprofMux())) }()
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.Port)))
	if err != nil {
		return err
	}
	log.Info("serving", "url", "http://"+ln.Addr().String(), "site", cfg.SiteName, "store", a.db.Engine, "render_workers", cfg.RenderWorkers)
	fmt.Fprintf(stdout, "forecourt: serving on http://%s (default site %s)\n", ln.Addr(), cfg.SiteName)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// Graceful shutdown: stop accepting and finish requests in flight; the
	// caller then stops the jobs and the render workers (server.close).
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openConfigured opens the store the settings name (SQLite under DATA_DIR,
// or DATABASE_URL): how the one-shot commands start.
func openConfigured(ctx context.Context) (*store.DB, error) {
	cfg, err := loadConfig()
	if err != nil {
		return nil, err
	}
	return store.Open(ctx, cfg.DataDir, cfg.DatabaseURL)
}

func runMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("migrate", "Apply the embedded migrations of the configured store (SQLite under DATA_DIR, or DATABASE_URL).", stderr)
	if err := fl.Parse(args); err != nil {
		return err
	}
	db, err := openConfigured(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	var n int
	db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n)
	fmt.Fprintf(stdout, "forecourt: %s store is migrated (%d migrations applied)\n", db.Engine, n)
	return nil
}

func runSeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("seed", "Create the deterministic demo stock (cars, dealer sites, extra media) of every site under DATA_DIR when absent. Content pages are embedded YAML.", stderr)
	scale := fl.Float64("scale", 1, "multiply the number of demo cars (1: 20,500 for group-se)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *scale <= 0 || *scale > 10 {
		return fmt.Errorf("--scale must be above 0 and at most 10, got %v", *scale)
	}
	a, err := openApp(ctx, stderr)
	if err != nil {
		return err
	}
	defer a.db.Close()
	rep, err := stock.SeedIfEmpty(ctx, catalog.NewStore(a.db), stock.SeedOptions{Scale: *scale})
	if err != nil {
		return err
	}
	names := make([]string, 0, len(rep.Seeded))
	for n := range rep.Seeded {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := rep.Seeded[n]
		fmt.Fprintf(stdout, "seeded %-12s %6d cars %3d dealer sites %5d media records\n", n, c.Cars, c.Sites, c.Media)
	}
	if len(rep.Skipped) > 0 {
		fmt.Fprintf(stdout, "already present, left alone: %s\n", strings.Join(rep.Skipped, ", "))
	}
	if err := seedTirehotel(ctx, a, stdout); err != nil {
		return err
	}
	if err := seedLeads(ctx, a, stdout); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "forecourt: %s store ready in %s\n", a.db.Engine, rep.Duration.Round(time.Millisecond))
	return nil
}

func runImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fl := newFlags("import", "Import a JSON-lines stock feed: forecourt import cars|sites|media --site <name> [--full] FILE ('-' reads standard input).\nEvery record is validated; bad records are reported with their line number and field, the rest import.", stderr)
	siteName := fl.String("site", "", "the forecourt site the feed belongs to, e.g. group-se (required)")
	full := fl.Bool("full", false, "a complete feed: records of the site missing from it are removed")
	// Flags may come before, between or after the two arguments.
	pos, err := parseArgs(fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		fl.Usage()
		return fmt.Errorf("want a kind (cars, sites or media) and a file, got %d arguments", len(pos))
	}
	if *siteName == "" {
		return fmt.Errorf("--site is required")
	}
	kind, file := pos[0], pos[1]
	var in io.Reader = os.Stdin
	if file != "-" {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	a, err := openApp(ctx, stderr)
	if err != nil {
		return err
	}
	defer a.db.Close()
	opts := catalog.ImportOptions{Full: *full, Progress: stderr}
	if kind == catalog.KindCars {
		// Saved-search alerts: new cars and price drops of each batch (wire_alerts.go).
		var done func()
		opts.OnCars, done = alertsImportHook(ctx, a)
		defer done()
	}
	rep, err := catalog.Import(ctx, catalog.NewStore(a.db), kind, *siteName, in, opts)
	fmt.Fprintln(stdout, rep.String())
	for _, le := range rep.Rejected {
		fmt.Fprintln(stdout, "  rejected "+le.Error())
	}
	if err != nil {
		return err
	}
	if len(rep.Rejected) > 0 {
		lines := map[int]bool{}
		for _, le := range rep.Rejected {
			lines[le.Line] = true
		}
		return fmt.Errorf("%d records rejected (%d problems); the other records were imported", len(lines), len(rep.Rejected))
	}
	return nil
}

// memoryLimitFor is the soft memory limit for a live heap of live bytes:
// 512 MiB, or two and a half times the live heap when that is more.
func memoryLimitFor(live uint64) int64 {
	return max(512<<20, int64(live)*5/2)
}

// liveHeap reads the bytes the last collection found live.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// demoPictures are the demo's drawn pictures under /-/media/demo/, which the
// demo content and the demo stock show.
func demoPictures(path string) (media.DemoPicture, error) { return pictures.Parse(path) }
