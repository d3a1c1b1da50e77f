package web

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"forecourt/internal/site"
)

// The pre-renderer makes the long tail's documents before anyone asks for
// them: after a site's stock or content changed (and at start, when its
// indexes are first built), every URL the site's sitemap contributors list
// (each car's page, each dealer site, the first page of each brand and
// brand/model list) is requested through the page handler, and the
// document goes to the store on disk (docstore.go), so a car page asked
// for the first time is answered from there. One page at a time, resting
// between pages so that its share of the wall clock (the render worker's
// CPU and the server's) stays at Share; requests are never kept waiting
// for it beyond sharing a render worker. A newer change of the site
// restarts its round: documents of the old versions would not match.

// PrerenderConfig turns pre-rendering on.
type PrerenderConfig struct {
	// Dir is the directory the documents are kept in (created; removed by
	// Close).
	Dir string
	// Share is the fraction of the wall clock the pre-renderer works
	// (0 < Share ≤ 1; the rest it rests).
	Share float64
}

type prerenderer struct {
	s     *Server
	store *docStore
	share float64

	mu      sync.Mutex
	pending map[string]bool // sites whose round is due
	wake    chan struct{}
	state   map[string]string
	stop    context.CancelFunc
	done    chan struct{}
}

// schedule asks for a round of the site (a nil pre-renderer does nothing).
func (p *prerenderer) schedule(siteName string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.pending[siteName] = true
	p.state[siteName] = "due"
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// next takes a due site in the registry's order (the default site first),
// or "" when none is.
func (p *prerenderer) next() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, st := range append([]*site.Site{p.s.sites.Default()}, p.s.sites.All()...) {
		if p.pending[st.Name] {
			delete(p.pending, st.Name)
			return st.Name
		}
	}
	clear(p.pending) // sites the registry does not have
	return ""
}

func (p *prerenderer) setState(siteName, state string) {
	p.mu.Lock()
	p.state[siteName] = state
	p.mu.Unlock()
}

// State reports the rounds for /healthz: per site "due", "N/M" while
// working, or "done N pages in D".
func (p *prerenderer) State(context.Context) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.state) == 0 {
		return "idle"
	}
	parts := make([]string, 0, len(p.state))
	for _, st := range p.s.sites.All() {
		if v, ok := p.state[st.Name]; ok {
			parts = append(parts, st.Name+": "+v)
		}
	}
	return strings.Join(parts, "; ")
}

func (p *prerenderer) run(ctx context.Context) {
	defer close(p.done)
	for {
		name := p.next()
		if name == "" {
			select {
			case <-ctx.Done():
				return
			case <-p.wake:
				continue
			}
		}
		st, err := p.s.sites.ByName(name)
		if err != nil {
			continue
		}
		p.round(ctx, st)
		if ctx.Err() != nil {
			return
		}
	}
}

// round pre-renders the pages of one site.
func (p *prerenderer) round(ctx context.Context, st *site.Site) {
	start := time.Now()
	base := p.s.prerenderBase(st)
	versions := p.s.versions.of(st.Name)
	var paths []string
	for _, urls := range p.s.deps.Sitemap {
		list, err := urls(ctx, st, base)
		if err != nil {
			p.s.log.Warn("pre-render: list the pages", "site", st.Name, "err", err)
			p.setState(st.Name, "failed: "+err.Error())
			return
		}
		for _, u := range list {
			if path, ok := strings.CutPrefix(u.Loc, base); ok && strings.HasPrefix(path, "/") {
				paths = append(paths, path)
			}
		}
	}
	made, kept := 0, 0
	for i, path := range paths {
		if ctx.Err() != nil {
			return
		}
		if p.s.versions.of(st.Name) != versions {
			// Changed again while this round ran: the next round (due
			// already) makes the new versions' documents.
			p.setState(st.Name, "due")
			return
		}
		if p.s.prerenderBase(st) != base {
			// Visitors came by another origin than the round's: its
			// documents would not be theirs.
			p.schedule(st.Name)
			return
		}
		if i%200 == 0 {
			p.setState(st.Name, strconv.Itoa(i)+"/"+strconv.Itoa(len(paths)))
		}
		t := time.Now()
		switch p.page(ctx, st, base, path) {
		case pageMade:
			made++
		case pageKept:
			kept++
		}
		if p.share < 1 {
			rest := time.Duration(float64(time.Since(t)) * (1 - p.share) / p.share)
			select {
			case <-ctx.Done():
				return
			case <-time.After(rest):
			}
		}
	}
	d := time.Since(start).Round(time.Second)
	p.setState(st.Name, "done "+strconv.Itoa(made)+" pages in "+d.String()+" ("+strconv.Itoa(kept)+" kept)")
	p.s.log.Info("pre-rendered", "site", st.Name, "pages", made, "kept", kept, "of", len(paths), "seconds", d.Seconds(), "base", base)
}

type pageOutcome int

const (
	pageSkipped pageOutcome = iota
	pageMade
	pageKept // the store had it already
)

// page makes the document of one path through the page handler, as a
// visitor's request to base would.
func (p *prerenderer) page(ctx context.Context, st *site.Site, base, path string) pageOutcome {
	u, err := url.Parse(base + path)
	if err != nil {
		return pageSkipped
	}
	r, err := http.NewRequestWithContext(context.WithValue(ctx, ctxPrerender{}, true),
		http.MethodGet, u.String(), nil)
	if err != nil {
		return pageSkipped
	}
	r.Host = u.Host
	r.RequestURI = u.RequestURI()
	r.Header.Set("Accept-Encoding", "gzip")
	if u.Scheme == "https" {
		r.Header.Set("X-Forwarded-Proto", "https")
	}
	r = p.s.facts.WithSite(r, st)
	addr, ok := p.s.docAddress(r, st, u.Path)
	if !ok || !strings.HasPrefix(addr, st.Name+"\x00"+base+"\x00") {
		return pageSkipped // this origin's requests are not named so (a host the site does not know)
	}
	if p.store.has(addr, p.s.docIdent(st, addr)) {
		return pageKept
	}
	if err := p.s.handlePage(discardResponse{h: http.Header{}}, r); err != nil {
		return pageSkipped
	}
	return pageMade
}

// prerenderBase is the origin documents are pre-rendered for: the one the
// site's visitors used last, else its configured one.
func (s *Server) prerenderBase(st *site.Site) string {
	if v, ok := s.bases.Load(st.Name); ok {
		return v.(string)
	}
	if u := s.cfg.PublicURLs[st.Name]; u != "" {
		return strings.TrimSuffix(u, "/")
	}
	if s.cfg.PublicURL != "" && st == s.sites.Default() {
		return strings.TrimSuffix(s.cfg.PublicURL, "/")
	}
	if len(st.Hosts) > 0 {
		return "https://" + st.Hosts[0]
	}
	return "http://" + st.Name + ".localhost"
}

// discardResponse takes a response and keeps nothing.
type discardResponse struct{ h http.Header }

func (d discardResponse) Header() http.Header         { return d.h }
func (d discardResponse) Write(b []byte) (int, error) { return len(b), nil }
func (d discardResponse) WriteHeader(int)             {}

// newPrerenderer builds the pre-renderer of cfg (nil when it is off, or
// when nothing is kept or rendered).
func newPrerenderer(s *Server, cfg PrerenderConfig) *prerenderer {
	if cfg.Dir == "" || s.docs == nil || s.render == nil {
		return nil
	}
	if cfg.Share <= 0 || cfg.Share > 1 {
		cfg.Share = 0.25
	}
	return &prerenderer{s: s, store: &docStore{dir: cfg.Dir}, share: cfg.Share, pending: map[string]bool{},
		wake: make(chan struct{}, 1), state: map[string]string{}, done: make(chan struct{})}
}

// StartPrerender starts the pre-renderer, when configured, with a round of
// every site; Close stops it and removes its store. Later rounds begin
// with StockChanged and ContentChanged.
func (s *Server) StartPrerender(ctx context.Context) error {
	p := s.prerender
	if p == nil {
		return nil
	}
	if err := os.MkdirAll(p.store.dir, 0o700); err != nil {
		return err
	}
	ctx, p.stop = context.WithCancel(ctx)
	go p.run(ctx)
	for _, st := range s.sites.All() {
		p.schedule(st.Name)
	}
	return nil
}

// Close stops the pre-renderer and removes its store.
func (s *Server) Close() {
	p := s.prerender
	if p == nil || p.stop == nil {
		return
	}
	p.stop()
	<-p.done
	if err := p.store.remove(); err != nil {
		s.log.Warn("remove the pre-rendered documents", "err", err)
	}
}
