package web

import (
	"container/list"
	"sync"
)

// renderCache keeps rendered HTML by the 64-bit xxhash of its page data.
// Rendering is a pure function of the page data, so equal data gives equal
// HTML; with at most a few thousand entries a hash collision is
// astronomically unlikely (about n²/2⁶⁵).
type renderCache struct {
	mu    sync.Mutex
	max   int
	ll    *list.List
	items map[uint64]*list.Element
}

type cacheEntry struct {
	key  uint64
	html []byte
}

func newRenderCache(max int) *renderCache {
	return &renderCache{max: max, ll: list.New(), items: map[uint64]*list.Element{}}
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
