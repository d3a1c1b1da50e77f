package web

import (
	"container/list"
	"sync"
)

// renderCache keeps rendered HTML by the 64-bit xxhash of its page data,
// bounded by entries and by bytes (a page made large by its URL cannot fill
// memory). Rendering is a pure function of the page data, so equal data
// gives equal HTML; with at most a few thousand entries a hash collision is
// astronomically unlikely (about n²/2⁶⁵).
type renderCache struct {
	mu       sync.Mutex
	max      int
	maxBytes int
	bytes    int
	ll       *list.List
	items    map[uint64]*list.Element
}

// renderCacheBytes bounds the rendered HTML kept.
const renderCacheBytes = 64 << 20

type cacheEntry struct {
	key  uint64
	html []byte
}

func newRenderCache(max, maxBytes int) *renderCache {
	return &renderCache{max: max, maxBytes: maxBytes, ll: list.New(), items: map[uint64]*list.Element{}}
}

func (c *renderCache) get(k uint64) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return e.Value.(*cacheEntry).html, true
	}
	return nil, false
}

func (c *renderCache) put(k uint64, html []byte) {
	if len(html) > c.maxBytes/8 {
		return // one page never takes more than an eighth
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.ll.MoveToFront(e)
		return
	}
	c.items[k] = c.ll.PushFront(&cacheEntry{k, html})
	c.bytes += len(html)
	for c.ll.Len() > c.max || c.bytes > c.maxBytes {
		e := c.ll.Back()
		c.ll.Remove(e)
		ce := e.Value.(*cacheEntry)
		c.bytes -= len(ce.html)
		delete(c.items, ce.key)
	}
}

// size returns the entries and bytes held.
func (c *renderCache) size() (int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ll.Len(), c.bytes
}
