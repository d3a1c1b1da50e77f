package search

import (
	"container/list"
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/internal/errs"
)

// Cache settings of an Engine.
const (
	CacheTTL = 60 * time.Second // how long a result is served from the cache
	// DefaultCacheBytes bounds the estimated size of the cached results.
	DefaultCacheBytes = 32 << 20
)

// Engine serves queries on named indexes. Replace swaps an index atomically:
// queries running on the old index finish on it and never wait. Results are
// cached for CacheTTL by index name and normalised query, within CacheBytes
// (estimated); expired results are dropped on the next search, oldest first,
// so their memory is freed; replacing an index drops its cached results. An
// Engine is safe for concurrent use.
type Engine struct {
	mu      sync.Mutex // serialises Replace
	indexes atomic.Pointer[map[string]*Index]

	// CacheBytes bounds the cache; set it before the first search. 0 is
	// DefaultCacheBytes.
	CacheBytes int

	cacheMu    sync.Mutex
	cache      map[string]*list.Element // of *cacheEntry, oldest at the front
	order      *list.List
	cacheBytes int
	now        func() time.Time
}

type cacheEntry struct {
	key     string
	ix      *Index
	res     Result
	expires time.Time
	size    int
}

// NewEngine returns an Engine without indexes.
func NewEngine() *Engine {
	e := &Engine{cache: map[string]*list.Element{}, order: list.New(), now: time.Now}
	e.indexes.Store(&map[string]*Index{})
	return e
}

// Replace makes ix the index called name; a nil ix removes it.
func (e *Engine) Replace(name string, ix *Index) {
	e.mu.Lock()
	old := *e.indexes.Load()
	next := make(map[string]*Index, len(old)+1)
	for k, v := range old {
		next[k] = v
	}
	if ix == nil {
		delete(next, name)
	} else {
		next[name] = ix
	}
	e.indexes.Store(&next)
	e.mu.Unlock()

	prefix := name + "\x00"
	e.cacheMu.Lock()
	for k, el := range e.cache {
		if strings.HasPrefix(k, prefix) {
			e.drop(el)
		}
	}
	e.cacheMu.Unlock()
}

// drop removes a cache element; cacheMu is held.
func (e *Engine) drop(el *list.Element) {
	ent := el.Value.(*cacheEntry)
	e.order.Remove(el)
	delete(e.cache, ent.key)
	e.cacheBytes -= ent.size
}

// sweep drops expired results (all have the same TTL, so they are the
// oldest) and then the oldest until the cache is within max; cacheMu is held.
func (e *Engine) sweep(now time.Time, max int) {
	for el := e.order.Front(); el != nil; el = e.order.Front() {
		if now.Before(el.Value.(*cacheEntry).expires) && e.cacheBytes <= max {
			return
		}
		e.drop(el)
	}
}

func (e *Engine) maxBytes() int {
	if e.CacheBytes > 0 {
		return e.CacheBytes
	}
	return DefaultCacheBytes
}

// CacheStats returns the number of cached results and their estimated bytes.
func (e *Engine) CacheStats() (entries, bytes int) {
	e.cacheMu.Lock()
	defer e.cacheMu.Unlock()
	e.sweep(e.now(), e.maxBytes())
	return len(e.cache), e.cacheBytes
}

// Index returns the index called name, or an errs.NotFound error.
func (e *Engine) Index(name string) (*Index, error) {
	ix, ok := (*e.indexes.Load())[name]
	if !ok {
		return nil, errs.E(errs.NotFound, "unknown index %q", name)
	}
	return ix, nil
}

// Search runs q on the index q.Index. It returns an errs.NotFound error for
// an unknown index, errs.Invalid for names the index's schema does not know,
// and ctx's error when ctx is done. The Result may come from the cache and is
// shared: treat it as read-only.
func (e *Engine) Search(ctx context.Context, q Query) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	ix, err := e.Index(q.Index)
	if err != nil {
		return Result{}, err
	}
	key := q.Index + "\x00" + cacheKey(ix.schema, q)
	now := e.now()
	max := e.maxBytes()
	e.cacheMu.Lock()
	e.sweep(now, max)
	if el, ok := e.cache[key]; ok {
		ent := el.Value.(*cacheEntry)
		if ent.ix == ix {
			e.cacheMu.Unlock()
			return ent.res, nil
		}
		e.drop(el)
	}
	e.cacheMu.Unlock()
	res, err := ix.Search(q)
	if err != nil {
		return Result{}, err
	}
	size := resultSize(res) + len(key)
	if size > max/16 {
		return res, nil // one answer never takes more than a sixteenth
	}
	e.cacheMu.Lock()
	// Only cache results of the index still in place.
	if cur, _ := e.Index(q.Index); cur == ix {
		if old, ok := e.cache[key]; ok {
			e.drop(old)
		}
		e.cache[key] = e.order.PushBack(&cacheEntry{key: key, ix: ix, res: res, expires: now.Add(CacheTTL), size: size})
		e.cacheBytes += size
		e.sweep(now, max)
	}
	e.cacheMu.Unlock()
	return res, nil
}

// resultSize estimates the memory a cached result holds, in bytes.
func resultSize(r Result) int {
	n := 128
	for _, f := range r.Facets {
		n += 96 + len(f.Name) + len(f.ChildName)
		n += facetValuesSize(f.Values)
		if f.Histogram != nil {
			n += 64 + 32*len(f.Histogram.Buckets)
		}
	}
	for _, doc := range r.Content {
		n += valueSize(doc)
	}
	return n
}

func facetValuesSize(vs []FacetValue) int {
	n := 0
	for _, v := range vs {
		n += 64 + len(v.Text) + facetValuesSize(v.Children)
	}
	return n
}

// valueSize estimates the size of a decoded JSON-like value.
func valueSize(v any) int {
	switch v := v.(type) {
	case string:
		return 16 + len(v)
	case map[string]any:
		n := 48
		for k, x := range v {
			n += 16 + len(k) + valueSize(x)
		}
		return n
	case []any:
		n := 24
		for _, x := range v {
			n += valueSize(x)
		}
		return n
	case []string:
		n := 24
		for _, x := range v {
			n += 16 + len(x)
		}
		return n
	default:
		return 16
	}
}
