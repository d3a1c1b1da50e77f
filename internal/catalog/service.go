package catalog

import (
	"context"
	"io"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"forecourt/internal/errs"
)

// Service is what the server uses of the catalog: the store, and per
// forecourt site the documents the search indexes are built from. It does
// not know the search package; indexes consume SiteDocs. Documents are built
// from the store when asked for and not kept: the search index keeps its
// own packed copy, and decoded maps of the whole stock were most of the
// server's heap.
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

// CarDoc converts a car to its search document: the value json.Unmarshal
// would give for the car's JSON, built directly (several times faster than
// a JSON round trip for 20,000 cars).
func CarDoc(c *Car) map[string]any { return docValue(reflect.ValueOf(c).Elem()).(map[string]any) }

// SiteDoc converts a dealer site to its search document, like CarDoc.
func SiteDoc(d *DealerSite) map[string]any {
	return docValue(reflect.ValueOf(d).Elem()).(map[string]any)
}

type docField struct {
	index     int
	name      string
	omitEmpty bool
}

var docFieldsCache sync.Map // reflect.Type → []docField

func docFields(t reflect.Type) []docField {
	if f, ok := docFieldsCache.Load(t); ok {
		return f.([]docField)
	}
	var out []docField
	for i := 0; i < t.NumField(); i++ {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name == "-" || !t.Field(i).IsExported() {
			continue
		}
		if name == "" {
			name = t.Field(i).Name
		}
		out = append(out, docField{index: i, name: name, omitEmpty: strings.Contains(opts, "omitempty")})
	}
	docFieldsCache.Store(t, out)
	return out
}

// docValue mirrors encoding/json for the kinds the catalog types use.
func docValue(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Struct:
		fields := docFields(v.Type())
		m := make(map[string]any, len(fields))
		for _, f := range fields {
			fv := v.Field(f.index)
			if f.omitEmpty && fv.IsZero() {
				continue
			}
			m[f.name] = docValue(fv)
		}
		return m
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return docValue(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return nil
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = docValue(v.Index(i))
		}
		return out
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint())
	case reflect.Float32, reflect.Float64:
		return v.Float()
	}
	panic("catalog: no document form for " + v.Type().String())
}
