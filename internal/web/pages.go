package web

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/httpguard"
	"forecourt/internal/httpkit"
	"forecourt/internal/page"
	"forecourt/internal/render"

	"github.com/cespare/xxhash/v2"
)

// pageRequest turns an HTTP request for path p into a page request.
func (s *Server) pageRequest(r *http.Request, p string) (*page.Request, error) {
	st := httpguard.SiteOf(r)
	if !validPath(p) {
		return nil, errs.E(errs.Invalid, "invalid path")
	}
	lang, itemPath := page.SplitLang(st, s.cfg.Locales, p)
	hide, _ := r.Cookie("hideAlert")
	return &page.Request{
		Site: st, Lang: lang, Path: itemPath, Query: r.URL.Query(),
		HideAlert: hide != nil && hide.Value == "true",
		BaseURL:   httpguard.BaseURL(r),
		Editing:   s.isEditing(r),
	}, nil
}

// pageContext is the context a page is assembled in: editors' requests
// see the drafts of editing mode.
func pageContext(r *http.Request, req *page.Request) context.Context {
	if req.Editing {
		return editing.WithDrafts(r.Context())
	}
	return r.Context()
}

func validPath(p string) bool {
	if len(p) > 2048 || strings.Contains(p, "\x00") || strings.Contains(p, "//") {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == ".." || seg == "." {
			return false
		}
	}
	return true
}

// handlePage serves "GET /{path...}": a server-rendered page, or the
// client-side fallback with the same head when rendering fails.
func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) error {
	p := r.URL.Path
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		// "/a/b/" → "/a/b". The path is validated first: "/%2Fevil.example/x/"
		// must not become the scheme-relative "//evil.example/x".
		trimmed := strings.TrimRight(p, "/")
		if trimmed == "" {
			trimmed = "/"
		}
		if !validPath(trimmed) {
			return errs.E(errs.NotFound, "Not found.")
		}
		u := url.URL{Path: trimmed, RawQuery: r.URL.RawQuery}
		return localRedirect(w, r, u.RequestURI(), http.StatusMovedPermanently)
	}
	// A request the document cache may answer is answered from it without
	// running the loaders (doccache.go); a stale document is checked again
	// below, and the pre-renderer always makes its documents anew.
	st := httpguard.SiteOf(r)
	addr, cacheable := s.docAddress(r, st, p)
	var ident string
	var stale *pageDoc
	if cacheable {
		ident = s.docIdent(st, addr)
		if stale = revalidating(r.Context()); stale == nil && !isPrerender(r.Context()) {
			d, fresh := s.lookupDoc(st, addr, ident)
			if fresh {
				return s.serveDoc(w, r, d)
			}
			if d != nil && docClock().Sub(d.made) < docHardMaxAge {
				s.revalidateLater(r, d)
				return s.serveDoc(w, r, d)
			}
			stale = d
		}
	}
	req, err := s.pageRequest(r, p)
	if err != nil {
		return err
	}
	res, err := s.pages.Page(pageContext(r, req), req)
	if err != nil {
		return err
	}
	if res.Redirect != "" {
		if strings.HasPrefix(res.Redirect, "http://") || strings.HasPrefix(res.Redirect, "https://") {
			http.Redirect(w, r, res.Redirect, res.RedirectStatus)
			return nil
		}
		return localRedirect(w, r, res.Redirect, res.RedirectStatus)
	}
	enc, err := encodePage(res.Data)
	if err != nil {
		return errs.Wrap(err, "encode page data")
	}
	headJSON, err := safeJSON(res.Head)
	if err != nil {
		return errs.Wrap(err, "encode head")
	}
	// The document is a function of the page data, the head, the language
	// and the front-end build: their hash names it (the ETag and the key of
	// its compressed form), so a repeat is answered without rendering or
	// even writing the document again.
	key := docKey(enc.hash, headJSON, req.Site.Locale(req.Lang), s.assets.EntryJS)
	if stale != nil && stale.docKey == key && stale.status == res.Status {
		// The page data still names the kept document: it is served as it
		// is, fresh for another docMaxAge.
		d := stale.restamped(ident)
		s.keepDoc(r.Context(), addr, d)
		return s.serveDoc(w, r, d)
	}
	etag := fmt.Sprintf(`W/"%016x"`, key)
	lastMod := ""
	if !res.Updated.IsZero() {
		lastMod = res.Updated.UTC().Format(http.TimeFormat)
	}
	cacheControl := "public, max-age=0, s-maxage=60, stale-while-revalidate=300"
	switch {
	case req.Editing:
		cacheControl = "no-store"
	case req.HideAlert:
		// The page data carries the hideAlert cookie, so a page asked for
		// with it is private, and shared caches must key public pages by
		// the cookie too.
		cacheControl = "private, no-cache"
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", cacheControl)
	if req.Editing {
		h.Del("X-Frame-Options")
	} else {
		// Anonymous content: shared caches may keep it briefly and
		// revalidate with the ETag; the document is the same bytes for
		// every visitor (its scripts are allowed by hash, csp.go).
		h.Add("Vary", "Cookie")
	}
	if lastMod != "" {
		h.Set("Last-Modified", lastMod)
	}
	for _, l := range s.cssLinks {
		h.Add("Link", l)
	}
	h.Add("Vary", "Accept-Encoding")
	prerender := isPrerender(r.Context())
	gz := httpkit.AcceptsGzip(r)
	var d *gzDoc
	var csp string
	if gz || cacheable {
		if d = s.gzDocs.get(key); d != nil {
			s.upgradeGzDoc(key, d)
			csp = s.pageCSP(d.hashes, req.Editing)
		}
	}
	var plain []byte
	fallback := false
	if d == nil {
		var body []byte
		body, fallback = s.renderBody(r.Context(), enc)
		if fallback {
			// A fallback document differs from the rendered one: its own
			// tag and cache key. Rendered documents are still looked up
			// first, so pages are server-rendered again as soon as the
			// workers are back.
			key ^= fallbackKey
			etag = fmt.Sprintf(`W/"%016x-f"`, key)
			// Only a fallback document runs its script at once (documentTail).
			h.Add("Link", "<"+s.assets.EntryJS+">; rel=modulepreload")
			if gz {
				if d = s.gzDocs.get(key); d != nil {
					csp = s.pageCSP(d.hashes, req.Editing)
				}
			}
		}
		if d == nil {
			// The document is copied out (compressed, or written) before
			// the buffer goes back to the pool.
			buf := scratchBuffers.Get().(*bytes.Buffer)
			defer scratchBuffers.Put(buf)
			buf.Reset()
			buf.Grow(len(body) + len(enc.dict) + len(enc.page) + 4096)
			layout, err := writeDocument(buf, documentData{
				Lang: req.Site.Locale(req.Lang), Head: res.Head, JSONLD: jsonLD(res.Head.JSONLD),
				CSS: s.assets.CSS, EntryJS: s.assets.EntryJS, Preloads: s.assets.Preloads,
				Body: body, Fallback: fallback, Dict: enc.dict, PageJSON: enc.page,
			})
			if err != nil {
				return errs.Wrap(err, "write document")
			}
			doc := buf.Bytes()
			hashes := documentHashes(doc, layout)
			csp = s.pageCSP(hashes, req.Editing)
			if (gz || cacheable) && len(doc) >= httpkit.MinCompress {
				// Compressed fast the first time, then served from the
				// cache (and compressed well if asked for again). The
				// dictionary is compressed once for every page that
				// carries it, also when documents are not kept
				// (RENDER_CACHE=0). The pre-renderer, which works in the
				// background at a bounded share of the CPU, compresses well
				// at once: its documents are read from the store by a
				// random walk over the long tail, and one made fast would
				// be recompressed each time it came back into memory.
				level := gzipFirstLevel
				if prerender {
					level = gzipDocLevel
				}
				d = compressDocument(doc, layout.dictStart, layout.dictEnd, enc.dictKey, level)
				d.hashes = hashes
				if !prerender {
					s.gzDocs.put(key, d) // a nil cache keeps nothing
				}
			}
			if !gz || d == nil {
				plain = doc
			}
		}
	}
	h.Set("Content-Security-Policy", csp)
	if cacheable && !fallback && d != nil && (res.Status == http.StatusOK || res.Status == http.StatusNotFound) {
		pd := &pageDoc{ident: ident, status: res.Status, etag: etag, lastMod: lastMod, cacheControl: cacheControl,
			csp: csp, docKey: key, gz: d.stream(), level: d.level, made: docClock()}
		if plain != nil {
			p := bytes.Clone(plain)
			pd.plain.Store(&p)
		}
		s.keepDoc(r.Context(), addr, pd)
	}
	h.Set("ETag", etag)
	if res.Status == http.StatusOK && strings.Contains(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	if gz && d != nil {
		writeGzDoc(w, r, res.Status, d)
		return nil
	}
	if plain == nil {
		// Kept compressed, asked for without gzip.
		b, err := d.pieces()
		if err != nil {
			return errs.Wrap(err, "decompress document")
		}
		for _, pc := range b {
			plain = append(plain, pc.b...)
		}
	}
	// No gzip (brotli or none): compressed fast for this response.
	httpkit.WriteBody(w, r, res.Status, plain)
	return nil
}

// upgradeGzDoc recompresses a cached document of the first level at
// gzipDocLevel in the background, one document at a time: it was asked for
// again, so it is worth the better ratio. When another is being done, a
// later request tries again.
func (s *Server) upgradeGzDoc(key uint64, d *gzDoc) {
	if d.level >= gzipDocLevel || !d.upgrading.CompareAndSwap(false, true) {
		return
	}
	select {
	case s.gzUpgrade <- struct{}{}:
	default:
		d.upgrading.Store(false)
		return
	}
	go func() {
		defer func() { <-s.gzUpgrade }()
		pieces, err := d.pieces()
		if err != nil {
			s.log.Warn("recompress document", "err", err)
			return
		}
		nd := newGzDocPieces(pieces, gzipDocLevel)
		nd.hashes = d.hashes
		s.gzDocs.replace(key, d, nd)
	}()
}

// fallbackKey turns a document's key into its client-side fallback's.
const fallbackKey = 0x9e3779b97f4a7c15

// docKey hashes what a page document is made of.
func docKey(pageHash uint64, headJSON []byte, locale, entry string) uint64 {
	d := xxhash.New()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], pageHash)
	d.Write(b[:])
	d.Write(headJSON)
	d.WriteString("\x00" + locale + "\x00" + entry)
	return d.Sum64()
}

// writeGzDoc answers with a compressed document.
func writeGzDoc(w http.ResponseWriter, r *http.Request, status int, d *gzDoc) {
	h := w.Header()
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(d.streamLen()))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		d.write(w)
	}
}

// renderBody renders page data to HTML, or reports the fallback (empty
// root, client-side render) when the pool fails or times out.
func (s *Server) renderBody(ctx context.Context, enc encodedPage) (body []byte, fallback bool) {
	if s.render == nil {
		s.metrics.fallbacks.WithLabelValues("disabled").Inc()
		return nil, true
	}
	key := enc.hash
	if s.cache != nil {
		if html, ok := s.cache.get(key); ok {
			return html, false
		}
	}
	start := time.Now()
	html, err := s.render.RenderWithDictionary(ctx, enc.dictKey, enc.dict, enc.page)
	s.metrics.render.Observe(time.Since(start).Seconds())
	if err != nil {
		reason := "error"
		if errors.Is(err, render.ErrUnavailable) {
			reason = "timeout"
		}
		s.metrics.fallbacks.WithLabelValues(reason).Inc()
		s.log.Warn("server render failed; serving client-side fallback", "reason", reason, "err", err)
		return nil, true
	}
	if s.cache != nil && !isPrerender(ctx) {
		s.cache.put(key, html)
	}
	return html, false
}

// pageDataResponse is the JSON of "GET /_page/{path...}".
type pageDataResponse struct {
	Page     *page.Data `json:"page,omitempty"`
	Title    string     `json:"title"`
	Redirect string     `json:"redirect,omitempty"`
}

// handlePageData serves "GET /_page/{path...}": the page data of a path as
// JSON, for navigation inside the site without a full reload.
func (s *Server) handlePageData(w http.ResponseWriter, r *http.Request) error {
	p := strings.TrimPrefix(r.URL.Path, "/_page")
	if p == "" {
		p = "/"
	}
	req, err := s.pageRequest(r, p)
	if err != nil {
		return err
	}
	res, err := s.pages.Page(pageContext(r, req), req)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Add("Vary", "Cookie")
	if req.HideAlert {
		w.Header().Set("Cache-Control", "private, no-cache")
	}
	if req.Editing {
		w.Header().Set("Cache-Control", "no-store")
	}
	if res.Redirect != "" {
		return httpkit.WriteJSON(w, r, http.StatusOK, pageDataResponse{Redirect: res.Redirect})
	}
	return httpkit.WriteJSON(w, r, res.Status, pageDataResponse{Page: res.Data, Title: res.Head.Title})
}

var _ = url.Values{}
