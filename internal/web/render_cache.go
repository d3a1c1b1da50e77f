package web

import (
	"container/list"
	"sync"
)

// renderCache keeps rendered HTML by the hash of its page data. Rendering
// is a pure function of the page data, so equal data gives equal HTML and
// a hit is always correct.
type renderCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[[32]byte]*list.Element
}

type cacheEntry struct {
	key  [32]byte
	html []byte
}

func newRenderCache(max int) *renderCache {
	return &renderCache{max: max, ll: list.New(), items: map[[32]byte]*list.Element{}}
}

func (c *renderCache) get(k [32]byte) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*cacheEntry).html, true
	}
	return nil, false
}

func (c *renderCache) put(k [32]byte, html []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{k, html})
	for c.ll.Len() > c.max {
		e := c.ll.Back()
		c.ll.Remove(e)
		delete(c.items, e.Value.(*cacheEntry).key)
	}
}
