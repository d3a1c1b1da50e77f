package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"forecourt/internal/editing"
	"forecourt/internal/errs"
	"forecourt/internal/page"
	"forecourt/internal/render"
)

// baseURL is the absolute origin for canonical and sitemap URLs.
func (s *Server) baseURL(r *http.Request) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimSuffix(s.cfg.PublicURL, "/")
	}
	scheme := "http"
	if r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https") {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// pageRequest turns an HTTP request for path p into a page request.
func (s *Server) pageRequest(r *http.Request, p string) (*page.Request, error) {
	st := siteOf(r.Context())
	if !validPath(p) {
		return nil, errs.E(errs.Invalid, "invalid path")
	}
	lang, itemPath := page.SplitLang(st, s.cfg.Locales, p)
	hide, _ := r.Cookie("hideAlert")
	return &page.Request{
		Site: st, Lang: lang, Path: itemPath, Query: r.URL.Query(),
		HideAlert: hide != nil && hide.Value == "true",
		BaseURL:   s.baseURL(r),
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
		u := *r.URL
		u.Path = strings.TrimRight(p, "/")
		if u.Path == "" {
			u.Path = "/"
		}
		http.Redirect(w, r, u.RequestURI(), http.StatusMovedPermanently)
		return nil
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
		http.Redirect(w, r, res.Redirect, res.RedirectStatus)
		return nil
	}
	pageJSON, err := safeJSON(res.Data)
	if err != nil {
		return errs.Wrap(err, "encode page data")
	}
	body, fallback := s.renderBody(r.Context(), pageJSON)
	nonce := nonceOf(r.Context())
	var buf bytes.Buffer
	buf.Grow(len(body) + len(pageJSON) + 4096)
	// The document is built with a marker for the nonce: its hash is the
	// ETag, and its compressed form is cached (see gzdoc.go).
	err = writeDocument(&buf, documentData{
		Lang: req.Site.Locale(req.Lang), Head: res.Head, JSONLD: jsonLD(res.Head.JSONLD), Nonce: nonceMarker,
		CSS: s.assets.CSS, EntryJS: s.assets.EntryJS, Preloads: s.assets.Preloads,
		Body: template.HTML(body), Fallback: fallback, PageJSON: template.JS(pageJSON),
	})
	if err != nil {
		return errs.Wrap(err, "write document")
	}
	doc := buf.Bytes()
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	if req.Editing {
		h.Set("Cache-Control", "no-store")
		h.Set("Content-Security-Policy", s.csp(nonce, true))
		h.Del("X-Frame-Options")
	} else {
		// Anonymous content: shared caches may keep it briefly and
		// revalidate with the ETag.
		h.Set("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300")
	}
	sum := sha256.Sum256(doc)
	etag := `W/"` + hex.EncodeToString(sum[:12]) + `"`
	h.Set("ETag", etag)
	if !res.Updated.IsZero() {
		h.Set("Last-Modified", res.Updated.UTC().Format(http.TimeFormat))
	}
	for _, css := range s.assets.CSS {
		h.Add("Link", "<"+css+">; rel=preload; as=style")
	}
	h.Add("Link", "<"+s.assets.EntryJS+">; rel=modulepreload")
	if res.Status == http.StatusOK && strings.Contains(r.Header.Get("If-None-Match"), etag) {
		// The cached body carries the nonce of its own CSP header: keep it.
		h.Del("Content-Security-Policy")
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Add("Vary", "Accept-Encoding")
	if len(doc) >= minCompress && acceptsGzip(r) {
		var out bytes.Buffer
		out.Grow(len(doc) / 4)
		s.gzDocs.get(sum, doc).write(&out, doc, nonce)
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(out.Len()))
		w.WriteHeader(res.Status)
		if r.Method != http.MethodHead {
			w.Write(out.Bytes())
		}
		return nil
	}
	writeBody(w, r, res.Status, bytes.ReplaceAll(doc, []byte(nonceMarker), []byte(nonce)))
	return nil
}

// renderBody renders page data to HTML, or reports the fallback (empty
// root, client-side render) when the pool fails or times out.
func (s *Server) renderBody(ctx context.Context, pageJSON []byte) (body []byte, fallback bool) {
	if s.render == nil {
		s.metrics.fallbacks.WithLabelValues("disabled").Inc()
		return nil, true
	}
	var key [32]byte
	if s.cache != nil {
		key = sha256.Sum256(pageJSON)
		if html, ok := s.cache.get(key); ok {
			return html, false
		}
	}
	start := time.Now()
	html, err := s.render.Render(ctx, pageJSON)
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
	if s.cache != nil {
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
	if req.Editing {
		w.Header().Set("Cache-Control", "no-store")
	}
	if res.Redirect != "" {
		return writeJSON(w, r, http.StatusOK, pageDataResponse{Redirect: res.Redirect})
	}
	return writeJSON(w, r, res.Status, pageDataResponse{Page: res.Data, Title: res.Head.Title})
}

var _ = url.Values{}
