package web

import (
	"bytes"
	"container/list"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/gzip"
	"github.com/prometheus/client_golang/prometheus"

	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/site"
)

// The document cache answers a page request from the finished response of
// an equal earlier one, without running the page's loaders or the
// renderer. A page is a function of what the request names (site, origin,
// path and query) and of what the server knows it is made from: the site's
// content (bumped on publish), the site's stock (bumped when its search
// indexes are swapped in after an import), and the build and process (a
// random epoch per start: the content files, the dictionary and the
// front-end build are read at start). Those make the document's identity;
// a change of any of them makes new identities, and the old documents
// leave the cache by age.
//
// What the server is not told about (a content source with a cache of its
// own, a loader's clock) is bounded by docMaxAge: an older document is
// checked again by running the loaders, and served as it is (stamped anew)
// when the page data still names it.
//
// Requests that vary by cookie (the hideAlert cookie changes the page
// data) and editing mode never use it.

// docMaxAge is how long a document is served without running its loaders.
// An older one, up to docHardMaxAge, is still served at once while the
// loaders check it in the background (one check at a time: the check of a
// pre-rendered car page should not cost its visitor the loaders, nor a
// round of 20 000 of them the server's CPU); an even older one is checked
// before it is served.
const (
	docMaxAge     = 5 * time.Minute
	docHardMaxAge = time.Hour
)

// docClockOffset moves the clock of documents' ages (a seam for tests).
var docClockOffset atomic.Int64

// docClock is the clock of documents' ages.
func docClock() time.Time { return time.Now().Add(time.Duration(docClockOffset.Load())) }

// docCacheBytes bounds the documents kept in memory (compressed, plus the
// uncompressed form of those asked for without gzip).
const docCacheBytes = 64 << 20

// pageDoc is a finished page response: its headers and its bytes.
type pageDoc struct {
	ident        string // site, origin, path, query and versions (docIdent)
	status       int
	etag         string
	lastMod      string
	cacheControl string
	csp          string
	docKey       uint64 // the hash of what the document is made of (docKey)
	gz           []byte // the gzip stream
	level        int    // its compression level
	made         time.Time

	plain     atomic.Pointer[[]byte] // the uncompressed document, once asked for
	upgrading atomic.Bool
}

func (d *pageDoc) size() int {
	n := len(d.gz) + len(d.ident) + len(d.csp) + 256
	if p := d.plain.Load(); p != nil {
		n += len(*p)
	}
	return n
}

// restamped returns a copy of d made fresh now.
func (d *pageDoc) restamped(ident string) *pageDoc {
	nd := &pageDoc{ident: ident, status: d.status, etag: d.etag, lastMod: d.lastMod, cacheControl: d.cacheControl,
		csp: d.csp, docKey: d.docKey, gz: d.gz, level: d.level, made: docClock()}
	nd.plain.Store(d.plain.Load())
	return nd
}

// keepDoc keeps a made document: in memory, or in the pre-rendered store
// when the pre-renderer made it (the long tail would push the pages asked
// for often out of memory).
func (s *Server) keepDoc(ctx context.Context, addr string, d *pageDoc) {
	if revalidating(ctx) != nil && s.prerender != nil && s.prerender.store.has(addr, d.ident) {
		// A checked document of the store: the store's copy is the
		// checked one too, or it would be served stale again.
		if err := s.prerender.store.put(addr, d); err != nil {
			s.log.Warn("keep a checked document", "err", err)
		}
	}
	if isPrerender(ctx) {
		if s.prerender != nil {
			if err := s.prerender.store.put(addr, d); err != nil {
				s.log.Warn("keep a pre-rendered document", "err", err)
			}
		}
		return
	}
	s.docs.put(d)
}

// identity returns the uncompressed document, decompressing it once and
// keeping it (added reports that it was kept now).
func (d *pageDoc) identity() (b []byte, added bool, err error) {
	if p := d.plain.Load(); p != nil {
		return *p, false, nil
	}
	if b, err = d.gunzip(); err != nil {
		return nil, false, err
	}
	return b, d.plain.CompareAndSwap(nil, &b), nil
}

// gunzip returns the uncompressed document without keeping it.
func (d *pageDoc) gunzip() ([]byte, error) {
	if p := d.plain.Load(); p != nil {
		return *p, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(d.gz))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// docCache keeps page documents by identity in memory, least recently
// used first out, bounded by bytes. A nil cache keeps nothing.
type docCache struct {
	mu       sync.Mutex
	maxBytes int
	bytes    int
	ll       *list.List
	items    map[uint64]*list.Element
}

func newDocCache(maxBytes int) *docCache {
	return &docCache{maxBytes: maxBytes, ll: list.New(), items: map[uint64]*list.Element{}}
}

func (c *docCache) get(ident string) *pageDoc {
	if c == nil {
		return nil
	}
	k := xxhash.Sum64String(ident)
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		return nil
	}
	d := e.Value.(*pageDoc)
	if d.ident != ident {
		return nil
	}
	c.ll.MoveToFront(e)
	return d
}

// put keeps d, replacing what was kept under its identity.
func (c *docCache) put(d *pageDoc) {
	if c == nil || d.size() > c.maxBytes/8 {
		return
	}
	k := xxhash.Sum64String(d.ident)
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.bytes -= e.Value.(*pageDoc).size()
		e.Value = d
		c.ll.MoveToFront(e)
	} else {
		c.items[k] = c.ll.PushFront(d)
	}
	c.bytes += d.size()
	c.trim()
}

// grew accounts for bytes added to a kept document (its uncompressed form).
func (c *docCache) grew(d *pageDoc, n int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[xxhash.Sum64String(d.ident)]; ok && e.Value.(*pageDoc) == d {
		c.bytes += n
		c.trim()
	}
}

func (c *docCache) trim() {
	for c.bytes > c.maxBytes && c.ll.Len() > 1 {
		e := c.ll.Back()
		c.ll.Remove(e)
		d := e.Value.(*pageDoc)
		delete(c.items, xxhash.Sum64String(d.ident))
		c.bytes -= d.size()
	}
}

// docVersions are the versions that name documents: per site its content
// and its stock, and the process's epoch with the build.
type docVersions struct {
	mu      sync.Mutex
	content map[string]uint64
	stock   map[string]uint64
	build   string
}

func newDocVersions(entry string) *docVersions {
	var b [8]byte
	rand.Read(b[:])
	return &docVersions{content: map[string]uint64{}, stock: map[string]uint64{}, build: entry + "@" + hex.EncodeToString(b[:])}
}

func (v *docVersions) of(siteName string) string {
	v.mu.Lock()
	defer v.mu.Unlock()
	return strconv.FormatUint(v.content[siteName], 10) + "." + strconv.FormatUint(v.stock[siteName], 10) + "." + v.build
}

// ContentChanged notes that a site's content changed (a publish): its
// documents are made again, and its long tail pre-rendered again.
func (s *Server) ContentChanged(siteName string) {
	if s.versions == nil {
		return
	}
	s.versions.mu.Lock()
	s.versions.content[siteName]++
	s.versions.mu.Unlock()
	s.prerender.schedule(siteName)
}

// StockChanged notes that a site's stock changed: called after its search
// indexes were swapped in (at start and after an import), so every request
// that reads the new version reads the new stock.
func (s *Server) StockChanged(siteName string) {
	if s.versions == nil {
		return
	}
	s.versions.mu.Lock()
	s.versions.stock[siteName]++
	s.versions.mu.Unlock()
	s.prerender.schedule(siteName)
}

// docAddress names a page request apart from the versions: site, origin,
// path and normalised query (sorted keys). ok is false for a request that
// must not use the document cache (editing mode, a cookie the page data
// depends on, a method other than GET and HEAD).
func (s *Server) docAddress(r *http.Request, st *site.Site, p string) (addr string, ok bool) {
	if s.docs == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return "", false
	}
	if _, err := r.Cookie("hideAlert"); err == nil {
		return "", false
	}
	var q url.Values
	if r.URL.RawQuery != "" {
		q = r.URL.Query()
		if q.Has("mode") {
			return "", false // editing mode, or asking for it
		}
	}
	base := httpguard.BaseURL(r)
	s.noteBase(st, base)
	return st.Name + "\x00" + base + "\x00" + p + "\x00" + q.Encode(), true
}

// noteBase remembers the origin visitors use for a site: pre-rendered
// documents are made for it.
func (s *Server) noteBase(st *site.Site, base string) {
	if v, ok := s.bases.Load(st.Name); ok && v.(string) == base {
		return
	}
	s.bases.Store(st.Name, base)
}

// docIdent is an address with the current versions of its site.
func (s *Server) docIdent(st *site.Site, addr string) string {
	return addr + "\x00" + s.versions.of(st.Name)
}

type ctxPrerender struct{}

// ctxRevalidate carries the document a background check is of.
type ctxRevalidate struct{}

// revalidating returns the document a background check is of, or nil.
func revalidating(ctx context.Context) *pageDoc {
	d, _ := ctx.Value(ctxRevalidate{}).(*pageDoc)
	return d
}

// revalidateLater checks a stale document in the background by running
// the request again through the page handler (the loaders; the renderer
// only when the page data changed), unless a check is running already.
func (s *Server) revalidateLater(r *http.Request, d *pageDoc) {
	select {
	case s.docCheck <- struct{}{}:
	default:
		return
	}
	ctx := context.WithValue(context.WithoutCancel(r.Context()), ctxRevalidate{}, d)
	r2 := r.Clone(ctx)
	r2.Header.Del("If-None-Match")
	r2.Header.Set("Accept-Encoding", "gzip")
	r2.Method = http.MethodGet
	go func() {
		defer func() { <-s.docCheck }()
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if err := s.handlePage(discardResponse{h: http.Header{}}, r2.WithContext(ctx)); err != nil {
			s.log.Warn("check a kept document", "path", r2.URL.Path, "err", err)
		}
	}()
}

// isPrerender reports a request made by the pre-renderer.
func isPrerender(ctx context.Context) bool { return ctx.Value(ctxPrerender{}) != nil }

// lookupDoc returns the document for ident from memory or the pre-rendered
// store, and whether it is fresh (younger than docMaxAge).
func (s *Server) lookupDoc(st *site.Site, addr, ident string) (*pageDoc, bool) {
	d := s.docs.get(ident)
	src := "memory"
	if d == nil && s.prerender != nil {
		if d = s.prerender.store.get(addr, ident); d != nil {
			src = "prerendered"
			s.docs.put(d)
		}
	}
	if d == nil {
		s.metrics.docMiss.Inc()
		return nil, false
	}
	if docClock().Sub(d.made) > docMaxAge {
		s.metrics.docStale.Inc()
		return d, false
	}
	if src == "memory" {
		s.metrics.docMemory.Inc()
	} else {
		s.metrics.docStore.Inc()
	}
	return d, true
}

// serveDoc answers with a kept document and the headers it was made with.
func (s *Server) serveDoc(w http.ResponseWriter, r *http.Request, d *pageDoc) error {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", d.cacheControl)
	h.Add("Vary", "Cookie")
	if d.lastMod != "" {
		h.Set("Last-Modified", d.lastMod)
	}
	for _, l := range s.cssLinks {
		h.Add("Link", l)
	}
	h.Add("Vary", "Accept-Encoding")
	h.Set("ETag", d.etag)
	h.Set("Content-Security-Policy", d.csp)
	if d.status == http.StatusOK && strings.Contains(r.Header.Get("If-None-Match"), d.etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if httpkit.AcceptsGzip(r) {
		s.upgradeDoc(d)
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(d.gz)))
		w.WriteHeader(d.status)
		if r.Method != http.MethodHead {
			w.Write(d.gz)
		}
		return nil
	}
	b, added, err := d.identity()
	if err != nil {
		return err
	}
	if added {
		s.docs.grew(d, len(b))
	}
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(d.status)
	if r.Method != http.MethodHead {
		w.Write(b)
	}
	return nil
}

// upgradeDoc recompresses a kept document of the first level at
// gzipDocLevel in the background, one at a time (as upgradeGzDoc does for
// the documents by content).
func (s *Server) upgradeDoc(d *pageDoc) {
	if d.level >= gzipDocLevel || !d.upgrading.CompareAndSwap(false, true) {
		return
	}
	select {
	case s.docUpgrade <- struct{}{}:
	default:
		d.upgrading.Store(false)
		return
	}
	go func() {
		defer func() { <-s.docUpgrade }()
		b, err := d.gunzip()
		if err != nil {
			s.log.Warn("recompress document", "err", err)
			return
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzipDocLevel)
		zw.Write(b)
		zw.Close()
		nd := &pageDoc{ident: d.ident, status: d.status, etag: d.etag, lastMod: d.lastMod, cacheControl: d.cacheControl,
			csp: d.csp, docKey: d.docKey, gz: buf.Bytes(), level: gzipDocLevel, made: d.made}
		if s.docs.get(d.ident) == d {
			s.docs.put(nd)
		}
	}()
}

// docMetric counts the document cache's answers by where they came from.
func docMetric() *prometheus.CounterVec {
	return prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "forecourt_page_documents_total",
		Help: "Page requests by the document cache's answer: memory, prerendered (from the store), stale (checked again by the loaders) or miss.",
	}, []string{"result"})
}
