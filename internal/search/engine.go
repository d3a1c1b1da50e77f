package search

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"forecourt/internal/errs"
)

// Cache settings of an Engine.
const (
	CacheTTL        = 60 * time.Second // how long a result is served from the cache
	maxCacheEntries = 10000
)

// Engine serves queries on named indexes. Replace swaps an index atomically:
// queries running on the old index finish on it and never wait. Results are
// cached for CacheTTL by index name and normalised query; replacing an index
// drops its cached results. An Engine is safe for concurrent use.
type Engine struct {
	mu      sync.Mutex // serialises Replace
	indexes atomic.Pointer[map[string]*Index]

	cacheMu sync.Mutex
	cache   map[string]cacheEntry
	now     func() time.Time
}

type cacheEntry struct {
	ix      *Index
	res     Result
	expires time.Time
}

// NewEngine returns an Engine without indexes.
func NewEngine() *Engine {
	e := &Engine{cache: map[string]cacheEntry{}, now: time.Now}
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
	for k := range e.cache {
		if strings.HasPrefix(k, prefix) {
			delete(e.cache, k)
		}
	}
	e.cacheMu.Unlock()
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
	e.cacheMu.Lock()
	ent, ok := e.cache[key]
	e.cacheMu.Unlock()
	if ok && ent.ix == ix && now.Before(ent.expires) {
		return ent.res, nil
	}
	res, err := ix.Search(q)
	if err != nil {
		return Result{}, err
	}
	e.cacheMu.Lock()
	if len(e.cache) >= maxCacheEntries {
		for k, v := range e.cache {
			if !now.Before(v.expires) {
				delete(e.cache, k)
			}
		}
		if len(e.cache) >= maxCacheEntries {
			clear(e.cache)
		}
	}
	// Only cache results of the index still in place.
	if cur, _ := e.Index(q.Index); cur == ix {
		e.cache[key] = cacheEntry{ix: ix, res: res, expires: now.Add(CacheTTL)}
	}
	e.cacheMu.Unlock()
	return res, nil
}
