package media

import (
	"container/list"
	"sync"
)

// entry is an encoded response body.
type entry struct {
	key   string
	body  []byte
	ctype string
	etag  string
}

// lru is a cache of encoded bodies bounded by their total size in bytes.
type lru struct {
	mu    sync.Mutex
	max   int64
	size  int64
	ll    *list.List
	items map[string]*list.Element
}

func newLRU(max int64) *lru {
	return &lru{max: max, ll: list.New(), items: map[string]*list.Element{}}
}

func (c *lru) get(key string) (*entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return nil, false
	}
	c.ll.MoveToFront(el)
	return el.Value.(*entry), true
}

// add stores e unless it alone is larger than the cache, evicting the least
// recently used entries to make room.
func (c *lru) add(e *entry) {
	n := int64(len(e.body) + len(e.key))
	if n > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[e.key]; ok {
		old := el.Value.(*entry)
		c.size -= int64(len(old.body) + len(old.key))
		el.Value = e
		c.ll.MoveToFront(el)
	} else {
		c.items[e.key] = c.ll.PushFront(e)
	}
	c.size += n
	for c.size > c.max {
		el := c.ll.Back()
		old := el.Value.(*entry)
		c.ll.Remove(el)
		delete(c.items, old.key)
		c.size -= int64(len(old.body) + len(old.key))
	}
}

// bytes returns the total size held.
func (c *lru) bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}
