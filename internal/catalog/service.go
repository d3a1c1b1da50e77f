package catalog

import (
	"context"
	"io"
	"sort"
	"sync"
	"time"

	"forecourt/internal/errs"
)

// Service is what the server uses of the catalog: the store, and per
// forecourt site the documents the search indexes are built from: the cars
// and dealer sites themselves, filled with what is derived when an index is
// built, each writing itself to the index (document.go). Documents are made
// from the store when asked for and not kept: the search index keeps its
// own packed copy.
type Service struct {
	store *Store
	blur  func(path string) string

	blurMu    sync.Mutex
	blurCache map[string]string

	mu     sync.RWMutex
	loaded map[string]bool

	// now is the clock recent price drops are measured against.
	now func() time.Time
}

// SetClock replaces the clock recent price drops are measured against
// (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// SiteDocs are the search documents of one forecourt site: its cars and
// dealer sites as the indexes take them (blur placeholders, monthly cost,
// price history and rating filled in).
type SiteDocs struct {
	SiteName string
	Cars     []Car
	Sites    []DealerSite
	LoadedAt time.Time
}

// NewService returns a Service over st. blur returns the blur placeholder
// (a data: URL) of an image path; it fills every empty blur_data_url of the
// documents and is called once per distinct path. A nil blur leaves them
// empty.
func NewService(st *Store, blur func(path string) string) *Service {
	return &Service{store: st, blur: blur, blurCache: map[string]string{}, loaded: map[string]bool{}, now: time.Now}
}

// Store returns the catalog store, for lookups by id, slug and registration.
func (s *Service) Store() *Store { return s.store }

// Load notes every forecourt site that has stock in the store as loaded
// (Docs builds their documents), replacing what was loaded before.
func (s *Service) Load(ctx context.Context) error {
	names, err := s.store.SiteNames(ctx)
	if err != nil {
		return err
	}
	loaded := make(map[string]bool, len(names))
	for _, n := range names {
		loaded[n] = true
	}
	s.mu.Lock()
	s.loaded = loaded
	s.mu.Unlock()
	return nil
}

// LoadSite builds the documents of one forecourt site from the store (at
// start and after an import) and returns them; they are not kept.
func (s *Service) LoadSite(ctx context.Context, siteName string) (*SiteDocs, error) {
	d, err := s.build(ctx, siteName)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.loaded[siteName] = true
	s.mu.Unlock()
	return d, nil
}

// Docs builds the documents of a loaded site from the store, or returns a
// NotFound error when the site has no stock loaded. It reads the whole
// stock: servers read the search index instead.
func (s *Service) Docs(siteName string) (*SiteDocs, error) {
	s.mu.RLock()
	ok := s.loaded[siteName]
	s.mu.RUnlock()
	if !ok {
		return nil, errs.E(errs.NotFound, "no catalog loaded for site %q", siteName)
	}
	return s.build(context.Background(), siteName)
}

// SiteNames returns the loaded forecourt sites, sorted.
func (s *Service) SiteNames() []string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	names := make([]string, 0, len(s.loaded))
	for n := range s.loaded {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Import runs Import on the service's store and marks the site loaded; the
// next document build (the indexer's rebuild) sees the new stock.
func (s *Service) Import(ctx context.Context, kind, siteName string, r io.Reader, opts ImportOptions) (ImportReport, error) {
	rep, err := Import(ctx, s.store, kind, siteName, r, opts)
	if rep.Imported > 0 || rep.Removed > 0 {
		s.mu.Lock()
		s.loaded[siteName] = true
		s.mu.Unlock()
	}
	return rep, err
}

func (s *Service) build(ctx context.Context, siteName string) (*SiteDocs, error) {
	d := &SiteDocs{SiteName: siteName, LoadedAt: time.Now().UTC()}
	err := s.EachDoc(ctx, siteName,
		func(c *Car) error { d.Cars = append(d.Cars, *c); return nil },
		func(ds *DealerSite) error { d.Sites = append(d.Sites, *ds); return nil })
	if err != nil {
		return nil, err
	}
	return d, nil
}

// EachDoc makes the search documents of a forecourt site from the store one
// at a time, cars then dealer sites, in the order LoadSite gives them, and
// marks the site loaded. Each record is a search.Document; car and site may
// keep it only until they return (an index build holds one car at a time).
func (s *Service) EachDoc(ctx context.Context, siteName string, car func(*Car) error, site func(*DealerSite) error) error {
	hist, err := s.store.priceHistories(ctx, siteName)
	if err != nil {
		return err
	}
	model, err := s.store.PriceModel(ctx, siteName)
	if err != nil {
		return err
	}
	now := s.now()
	err = s.store.EachCar(ctx, siteName, func(c Car) error {
		s.fillCar(&c)
		fillPriceHistory(&c, hist[c.CarID], now)
		model.Rate(&c)
		return car(&c)
	})
	if err != nil {
		return err
	}
	sites, err := s.store.DealerSites(ctx, siteName)
	if err != nil {
		return err
	}
	for i := range sites {
		s.fillSite(&sites[i])
		if err := site(&sites[i]); err != nil {
			return err
		}
	}
	s.mu.Lock()
	s.loaded[siteName] = true
	s.mu.Unlock()
	return nil
}

// blurOf returns the cached blur placeholder of path.
func (s *Service) blurOf(path string) string {
	if s.blur == nil || path == "" {
		return ""
	}
	s.blurMu.Lock()
	defer s.blurMu.Unlock()
	if v, ok := s.blurCache[path]; ok {
		return v
	}
	v := s.blur(path)
	s.blurCache[path] = v
	return v
}

func (s *Service) fillCar(c *Car) {
	FillMonthlyCost(c)
	for i := range c.CarImages {
		if c.CarImages[i].BlurDataURL == "" {
			c.CarImages[i].BlurDataURL = s.blurOf(c.CarImages[i].Original)
		}
	}
	if c.CarPrimaryImage.BlurDataURL == "" {
		c.CarPrimaryImage.BlurDataURL = s.blurOf(c.CarPrimaryImage.ThumbnailURL)
	}
}

func (s *Service) fillSite(d *DealerSite) {
	if d.SitePrimaryImage.BlurDataURL == "" {
		p := d.SitePrimaryImage.ThumbnailURL
		if p == "" {
			p = d.SitePrimaryImage.Original
		}
		d.SitePrimaryImage.BlurDataURL = s.blurOf(p)
	}
}
