// Package media serves pictures: the scaling image endpoint /_img with blur
// placeholders, the media proxy for /-/media/ and /-/jssmedia/ paths, and
// the pictures of a DemoSource under /-/media/demo/ (the demo's drawn
// cars and scenes, internal/demo/pictures), which it caches, scales and
// encodes like any other source.
//
// Routes of Handler:
//
//	GET /-/media/demo/...          demo pictures (see DEVELOPING.md, "Demo media")
//	GET /_img?src=&w=[&q=][&blur=1] scaled WebP (Accept lists image/webp) or JPEG,
//	                                or a tiny PNG placeholder with blur=1
//	GET /-/media/..., /-/jssmedia/... proxied to Config.Origin, else served from Config.LocalDir
package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	hexenc "encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "image/gif" // decoders for local and remote sources

	"github.com/gen2brain/webp"
	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp"
	"golang.org/x/sync/singleflight"

	"forecourt/internal/errs"
)

// Widths lists the widths the image endpoint serves.
var Widths = []int{320, 640, 1280, 1920}

// Qualities lists the JPEG qualities the image endpoint serves (q=).
var Qualities = []int{JPEGQuality}

const (
	// BlurWidth is the width in pixels of blur placeholders.
	BlurWidth = 16
	// DefaultCacheBytes bounds the cache of encoded pictures when Config.CacheBytes is 0.
	DefaultCacheBytes = 64 << 20
	// JPEGQuality is the quality of demo pictures and the default of /_img.
	JPEGQuality = 80

	maxSourceBytes  = 20 << 20 // largest remote or local source accepted
	maxSourcePixels = 50e6     // guard against decompression bombs
	fetchTimeout    = 10 * time.Second
	proxyTimeout    = 30 * time.Second

	immutable = "public, max-age=31536000, immutable"
)

// demoPrefix starts every path of the demo pictures (Config.Demo).
const demoPrefix = "/-/media/demo/"

// Config configures a Handler.
type Config struct {
	// LocalDir serves /-/media/<p> and /-/jssmedia/<p> from LocalDir/<p> when
	// Origin is empty; /_img reads local sources there. Empty: none.
	LocalDir string
	// Origin is the media origin (e.g. "https://edge.example.com") that
	// /-/media/ and /-/jssmedia/ requests are proxied to, path kept.
	Origin string
	// AllowedHosts lists the hosts /_img may fetch absolute URLs from:
	// "host", "host:port" or "*.domain" (any subdomain).
	AllowedHosts []string
	// CacheBytes bounds the cache of encoded pictures; 0 means DefaultCacheBytes.
	CacheBytes int64
	// Demo parses the paths under /-/media/demo/ into pictures to draw;
	// nil: those paths are 404.
	Demo DemoSource
}

// DemoSource parses a path under /-/media/demo/ into its picture; an
// unknown path is errs.NotFound.
type DemoSource func(path string) (DemoPicture, error)

// DemoPicture is one picture of a DemoSource: drawn (Raster, then Size and
// Draw) or a fixed file (File: an SVG, or a video served with ranges).
type DemoPicture interface {
	Raster() bool
	// Size is the native size of a drawn picture.
	Size() (w, h int)
	// Draw draws the picture w pixels wide (at most the native width).
	Draw(w int) image.Image
	// File is the body and content type of a picture that is not drawn.
	File() (body []byte, contentType string)
}

// Handler serves demo pictures, the image endpoint and the media proxy.
// It is safe for concurrent use.
type Handler struct {
	cfg    Config
	cache  *lru
	flight singleflight.Group
	sem    chan struct{} // bounds concurrent renders and scales (CPU and memory)
	client *http.Client
	proxy  *httputil.ReverseProxy

	blurMu sync.RWMutex
	blurs  map[string]string

	webpOnce    sync.Once
	webpQueue   chan webpJob
	webpMu      sync.Mutex
	webpPending map[string]bool
}

// New returns a Handler for cfg. It fails when Origin is not an absolute
// http(s) URL.
func New(cfg Config) (*Handler, error) {
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = DefaultCacheBytes
	}
	h := &Handler{
		cfg:   cfg,
		cache: newLRU(cfg.CacheBytes),
		sem:   make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
		blurs: map[string]string{},
	}
	h.client = &http.Client{
		Timeout: fetchTimeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 3 {
				return errors.New("too many redirects")
			}
			if !h.hostAllowed(req.URL) {
				return fmt.Errorf("redirect to a host that is not allowed: %s", req.URL.Host)
			}
			return nil
		},
	}
	if cfg.Origin != "" {
		u, err := url.Parse(cfg.Origin)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, errs.E(errs.Invalid, "media origin must be an absolute http(s) URL: %q", cfg.Origin)
		}
		tr := &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			ResponseHeaderTimeout: proxyTimeout,
			IdleConnTimeout:       90 * time.Second,
			MaxIdleConnsPerHost:   16,
		}
		h.proxy = &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(u)
				pr.Out.Host = u.Host
			},
			Transport: tr,
			ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
				slog.Warn("media proxy", "path", r.URL.Path, "err", err)
				http.Error(w, "media origin unavailable", http.StatusBadGateway)
			},
		}
	}
	return h, nil
}

// ServeHTTP routes a request to the demo pictures, the image endpoint or the
// media proxy; anything else is 404.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var err error
	p := r.URL.Path
	if rest, ok := strings.CutPrefix(p, "/-/jssmedia/demo/"); ok {
		// /-/jssmedia/ serves what /-/media/ serves, demo pictures too.
		p = demoPrefix + rest
		r2 := *r
		u := *r.URL
		u.Path, u.RawPath = p, ""
		r2.URL = &u
		r = &r2
	}
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	case p == "/_img":
		err = h.serveImg(w, r)
	case strings.HasPrefix(p, demoPrefix):
		err = h.serveDemo(w, r)
	case strings.HasPrefix(p, "/-/media/") || strings.HasPrefix(p, "/-/jssmedia/"):
		err = h.serveMedia(w, r)
	default:
		err = errs.E(errs.NotFound, "not found")
	}
	if err != nil {
		writeError(w, r, err)
	}
}

// writeError answers with the status of the error's code. Internal errors
// are logged and shown as a generic message.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	switch errs.CodeOf(err) {
	case errs.Invalid:
		status = http.StatusBadRequest
	case errs.NotFound:
		status = http.StatusNotFound
	case errs.Unavailable:
		status = http.StatusBadGateway
	case errs.Forbidden:
		status = http.StatusForbidden
	default:
		slog.Error("media", "path", r.URL.Path, "query", r.URL.RawQuery, "err", err)
	}
	w.Header().Del("Cache-Control")
	w.Header().Del("ETag")
	http.Error(w, errs.MessageOf(err), status)
}

// parseDemo parses a path under /-/media/demo/ with the configured source.
func (h *Handler) parseDemo(path string) (DemoPicture, error) {
	if h.cfg.Demo == nil {
		return nil, errs.E(errs.NotFound, "no demo pictures: %s", path)
	}
	return h.cfg.Demo(path)
}

// serveDemo serves "GET /-/media/demo/...".
func (h *Handler) serveDemo(w http.ResponseWriter, r *http.Request) error {
	d, err := h.parseDemo(r.URL.Path)
	if err != nil {
		return err
	}
	if body, ctype := d.File(); strings.HasPrefix(ctype, "video/") {
		return serveVideo(w, r, r.URL.Path, body, ctype)
	}
	e, err := h.demoEntry(r.URL.Path, d, 0, JPEGQuality, formatJPEG)
	if err != nil {
		return err
	}
	writeEntry(w, r, e, immutable)
	return nil
}

// demoEntry returns the demo picture w pixels wide (0: native) encoded as f.
func (h *Handler) demoEntry(path string, d DemoPicture, w, q int, f format) (*entry, error) {
	key, build := h.demoBuild(path, d, w, q, f)
	return h.cached(key, func() (*entry, error) { return build(context.Background()) })
}

// demoBuild returns the cache key of a demo picture and the function that
// draws and encodes it.
func (h *Handler) demoBuild(path string, d DemoPicture, w, q int, f format) (string, func(context.Context) (*entry, error)) {
	nw, _ := d.Size()
	if w <= 0 || w > nw {
		w = nw
	}
	key := fmt.Sprintf("demo:%s|%d|%d|%s", path, w, q, f)
	return key, func(context.Context) (*entry, error) {
		if !d.Raster() {
			body, ctype := d.File()
			return newEntry(key, body, ctype), nil
		}
		h.sem <- struct{}{}
		defer func() { <-h.sem }()
		return encode(key, d.Draw(w), q, f)
	}
}

// videoTime is the Last-Modified of the demo videos (they change only with
// the binary; the ETag carries their hash).
var videoTime = time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)

// serveVideo serves a demo video with range requests (browsers fetch video
// in ranges and need them to seek).
func serveVideo(w http.ResponseWriter, r *http.Request, path string, body []byte, ctype string) error {
	e := newEntry(path, body, ctype)
	hd := w.Header()
	hd.Set("Content-Type", e.ctype)
	hd.Set("ETag", e.etag)
	hd.Set("Cache-Control", immutable)
	hd.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", videoTime, bytes.NewReader(body))
	return nil
}

// cached returns the cached entry for key, or builds it once for all
// concurrent callers and caches it.
func (h *Handler) cached(key string, build func() (*entry, error)) (*entry, error) {
	if e, ok := h.cache.get(key); ok {
		return e, nil
	}
	v, err, _ := h.flight.Do(key, func() (any, error) {
		if e, ok := h.cache.get(key); ok {
			return e, nil
		}
		e, err := build()
		if err != nil {
			return nil, err
		}
		h.cache.add(e)
		return e, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*entry), nil
}

func newEntry(key string, body []byte, ctype string) *entry {
	sum := sha256.Sum256(body)
	return &entry{key: key, body: body, ctype: ctype, etag: `"` + hexenc.EncodeToString(sum[:12]) + `"`}
}

func encodeJPEG(key string, img image.Image, q int) (*entry, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: q}); err != nil {
		return nil, errs.Wrap(err, "encode jpeg")
	}
	return newEntry(key, buf.Bytes(), "image/jpeg"), nil
}

// writeEntry writes e with caching headers, or 304 when the client has it.
func writeEntry(w http.ResponseWriter, r *http.Request, e *entry, cacheControl string) {
	hd := w.Header()
	hd.Set("Content-Type", e.ctype)
	hd.Set("ETag", e.etag)
	hd.Set("Cache-Control", cacheControl)
	hd.Set("X-Content-Type-Options", "nosniff")
	if e.ctype == "image/svg+xml" {
		hd.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	}
	if etagMatch(r.Header.Get("If-None-Match"), e.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	hd.Set("Content-Length", strconv.Itoa(len(e.body)))
	if r.Method == http.MethodHead {
		return
	}
	w.Write(e.body)
}

func etagMatch(header, etag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// imgRequest is a parsed /_img query.
type imgRequest struct {
	src  string
	w, q int
	blur bool
}

// parseImgQuery validates the query of /_img, collecting every problem.
func parseImgQuery(v url.Values) (imgRequest, error) {
	fe := errs.FieldErrors{}
	req := imgRequest{src: v.Get("src"), q: JPEGQuality, blur: v.Get("blur") == "1" || v.Get("blur") == "true"}
	if req.src == "" {
		fe.Add("src", "src is required: a media path or an absolute http(s) URL")
	}
	allowed := make([]string, len(Widths))
	for i, w := range Widths {
		allowed[i] = strconv.Itoa(w)
	}
	switch ws := v.Get("w"); {
	case ws == "" && req.blur:
	case ws == "":
		fe.Add("w", "w is required; allowed widths: "+strings.Join(allowed, ", "))
	default:
		n, err := strconv.Atoi(ws)
		if err != nil || !slices.Contains(Widths, n) {
			fe.Add("w", fmt.Sprintf("width %q is not allowed; allowed widths: %s", ws, strings.Join(allowed, ", ")))
		}
		req.w = n
	}
	if qs := v.Get("q"); qs != "" {
		// The pages use one quality; each other would be another drawing.
		n, err := strconv.Atoi(qs)
		if err != nil || !slices.Contains(Qualities, n) {
			fe.Add("q", fmt.Sprintf("quality %q is not allowed; allowed: %d", qs, JPEGQuality))
		}
		req.q = n
	}
	if err := fe.Err("Bad image request."); err != nil {
		var e *errs.Error
		errors.As(err, &e)
		// Put the field messages in the message: clients see only it.
		msgs := make([]string, 0, len(fe))
		for _, k := range []string{"src", "w", "q"} {
			if m, ok := fe[k]; ok {
				msgs = append(msgs, m)
			}
		}
		e.Message = "Bad image request: " + strings.Join(msgs, "; ")
		return req, e
	}
	return req, nil
}

// serveImg serves "GET /_img?src=&w=[&q=][&blur=1]".
func (h *Handler) serveImg(w http.ResponseWriter, r *http.Request) error {
	req, err := parseImgQuery(r.URL.Query())
	if err != nil {
		return err
	}
	src, err := h.checkSource(req.src)
	if err != nil {
		return err
	}
	cc := "public, max-age=86400"
	if strings.HasPrefix(src, demoPrefix) {
		cc = immutable
	}
	var e *entry
	if req.blur {
		e, err = h.blurEntry(r.Context(), src)
	} else {
		// One URL, two encodings: shared caches must key on Accept.
		w.Header().Set("Vary", "Accept")
		var ok bool
		if negotiate(r.Header.Get("Accept")) == formatWebP {
			e, ok = h.cachedWebP(src, req.w, req.q)
		}
		if !ok {
			e, err = h.scaledEntry(r.Context(), src, req.w, req.q, formatJPEG)
			if err == nil && negotiate(r.Header.Get("Accept")) == formatWebP {
				// Encoding WebP costs several times JPEG's time: the first
				// asker gets JPEG at once, briefly cacheable, while WebP is
				// encoded in the background for the next.
				h.queueWebP(src, req.w, req.q)
				cc = "public, max-age=60"
			}
		}
	}
	if err != nil {
		return err
	}
	writeEntry(w, r, e, cc)
	return nil
}

// checkSource validates src: a demo or media path, or an absolute http(s)
// URL on an allowed host. It returns the normalised source.
func (h *Handler) checkSource(src string) (string, error) {
	if strings.HasPrefix(src, "/") && !strings.HasPrefix(src, "//") {
		if strings.Contains(src, "?") || strings.Contains(src, "#") {
			src = src[:strings.IndexAny(src, "?#")]
		}
		if err := checkPath(src); err != nil {
			return "", err
		}
		if !strings.HasPrefix(src, "/-/media/") && !strings.HasPrefix(src, "/-/jssmedia/") {
			return "", errs.E(errs.Invalid, "image src must be under /-/media/ or /-/jssmedia/: %s", src)
		}
		if rest, ok := strings.CutPrefix(src, "/-/jssmedia/demo/"); ok {
			src = demoPrefix + rest
		}
		return src, nil
	}
	u, err := url.Parse(src)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", errs.E(errs.Invalid, "image src must be a media path or an absolute http(s) URL: %s", src)
	}
	if !h.hostAllowed(u) {
		return "", errs.E(errs.Invalid, "image host not allowed: %s", u.Host)
	}
	return u.String(), nil
}

func (h *Handler) hostAllowed(u *url.URL) bool {
	host, hostport := strings.ToLower(u.Hostname()), strings.ToLower(u.Host)
	for _, a := range h.cfg.AllowedHosts {
		a = strings.ToLower(strings.TrimSpace(a))
		switch {
		case a == "":
		case a == host || a == hostport:
			return true
		case strings.HasPrefix(a, "*.") && strings.HasSuffix(host, a[1:]):
			return true
		}
	}
	return false
}

// checkPath rejects paths that climb out of their directory.
func checkPath(p string) error {
	if strings.Contains(p, "\\") || strings.ContainsRune(p, 0) {
		return errs.E(errs.Invalid, "bad media path")
	}
	for s := range strings.SplitSeq(p, "/") {
		if s == ".." || s == "." {
			return errs.E(errs.Invalid, "bad media path: path traversal is not allowed")
		}
	}
	return nil
}

// scaledEntry returns src scaled to width w (never enlarged) encoded as f.
func (h *Handler) scaledEntry(ctx context.Context, src string, w, q int, f format) (*entry, error) {
	key, build, err := h.scaledBuild(src, w, q, f)
	if err != nil {
		return nil, err
	}
	return h.cached(key, func() (*entry, error) { return build(ctx) })
}

// scaledBuild returns the cache key of src scaled to width w encoded as f,
// and the function that makes it.
func (h *Handler) scaledBuild(src string, w, q int, f format) (string, func(context.Context) (*entry, error), error) {
	if d, err := h.parseDemo(src); err == nil && d.Raster() {
		// Demo pictures are drawn at the asked width: sharper and cheaper than scaling.
		key, build := h.demoBuild(src, d, w, q, f)
		return key, build, nil
	} else if strings.HasPrefix(src, demoPrefix) {
		return "", nil, err
	}
	key := fmt.Sprintf("img:%s|%d|%d|%s", src, w, q, f)
	return key, func(ctx context.Context) (*entry, error) {
		img, err := h.load(ctx, src)
		if err != nil {
			return nil, err
		}
		h.sem <- struct{}{}
		defer func() { <-h.sem }()
		return encode(key, scaleTo(img, w), q, f)
	}, nil
}

// blurEntry returns the blur placeholder of src as a tiny PNG (what
// /_img?blur=1 answers every client, whatever it accepts).
func (h *Handler) blurEntry(ctx context.Context, src string) (*entry, error) {
	return h.blurEncoded(ctx, src, false)
}

// blurDataEntry returns the blur placeholder of src for a data: URL in a
// page, as a tiny WebP (a PNG when the WebP encoder fails). Every car card
// and gallery picture carries one twice (in the HTML and in the page data):
// at 16 pixels wide a lossy WebP is some 86 bytes where the PNG is 400,
// which took a car list document of 96 cards from 435 to about 355 KB;
// under the browser's blur the two look the same, and every browser the
// site supports reads WebP.
func (h *Handler) blurDataEntry(ctx context.Context, src string) (*entry, error) {
	return h.blurEncoded(ctx, src, true)
}

// blurEncoded makes and caches the placeholder of src: a WebP when asked
// for and the encoder works, else a PNG.
func (h *Handler) blurEncoded(ctx context.Context, src string, asWebP bool) (*entry, error) {
	key := "blur:" + src
	if asWebP {
		key = "blur.webp:" + src
	}
	return h.cached(key, func() (*entry, error) {
		var img image.Image
		if d, err := h.parseDemo(src); err == nil && d.Raster() {
			h.sem <- struct{}{}
			img = d.Draw(4 * BlurWidth)
			<-h.sem
		} else if strings.HasPrefix(src, demoPrefix) {
			return nil, err
		} else if img, err = h.load(ctx, src); err != nil {
			return nil, err
		}
		small := scaleTo(img, BlurWidth)
		var buf bytes.Buffer
		if asWebP {
			if err := webp.Encode(&buf, small, webp.Options{Quality: blurWebPQuality, Method: 6}); err == nil {
				return newEntry(key, buf.Bytes(), "image/webp"), nil
			}
			buf.Reset()
		}
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, small); err != nil {
			return nil, errs.Wrap(err, "encode blur placeholder")
		}
		return newEntry(key, buf.Bytes(), "image/png"), nil
	})
}

// scaleTo returns img scaled to width w keeping its aspect; never enlarges.
func scaleTo(img image.Image, w int) image.Image {
	b := img.Bounds()
	if b.Dx() <= w {
		return img
	}
	hgt := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, w, hgt))
	xdraw.CatmullRom.Scale(dst, dst.Rect, img, b, xdraw.Src, nil)
	return dst
}

// load reads and decodes a validated source.
func (h *Handler) load(ctx context.Context, src string) (image.Image, error) {
	var body []byte
	var err error
	switch {
	case strings.HasPrefix(src, "/") && h.cfg.Origin != "":
		body, err = h.fetch(ctx, strings.TrimSuffix(h.cfg.Origin, "/")+src)
	case strings.HasPrefix(src, "/"):
		body, err = h.readLocal(src)
	default:
		body, err = h.fetch(ctx, src)
	}
	if err != nil {
		return nil, err
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(body))
	if err != nil {
		return nil, errs.E(errs.Invalid, "image src is not a picture this server can read (JPEG, PNG, GIF, WebP): %s", src)
	}
	if float64(cfg.Width)*float64(cfg.Height) > maxSourcePixels {
		return nil, errs.E(errs.Invalid, "image src is too large: %dx%d", cfg.Width, cfg.Height)
	}
	img, _, err := image.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, errs.E(errs.Invalid, "image src could not be decoded: %s", src)
	}
	return img, nil
}

// localRel maps /-/media/<p> and /-/jssmedia/<p> to <p> under LocalDir.
func localRel(p string) string {
	if rest, ok := strings.CutPrefix(p, "/-/media/"); ok {
		return rest
	}
	return strings.TrimPrefix(p, "/-/jssmedia/")
}

func (h *Handler) openLocal(p string) (*os.File, os.FileInfo, error) {
	if h.cfg.LocalDir == "" {
		return nil, nil, errs.E(errs.NotFound, "no media at %s", p)
	}
	if err := checkPath(p); err != nil {
		return nil, nil, err
	}
	rel := path.Clean(localRel(p))
	if rel == "." || rel == "" {
		return nil, nil, errs.E(errs.NotFound, "no media at %s", p)
	}
	root, err := os.OpenRoot(h.cfg.LocalDir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			// No media folder (yet): nothing is there.
			return nil, nil, errs.E(errs.NotFound, "no media at %s", p)
		}
		return nil, nil, errs.Wrap(err, "open media directory")
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil, errs.E(errs.NotFound, "no media at %s", p)
		}
		return nil, nil, errs.E(errs.Invalid, "bad media path: %s", p)
	}
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		f.Close()
		return nil, nil, errs.E(errs.NotFound, "no media at %s", p)
	}
	return f, fi, nil
}

func (h *Handler) readLocal(p string) ([]byte, error) {
	f, fi, err := h.openLocal(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > maxSourceBytes {
		return nil, errs.E(errs.Invalid, "image src is too large: %s", p)
	}
	b, err := io.ReadAll(f)
	return b, errs.Wrap(err, "read %s", p)
}

// fetch gets a remote picture with a timeout and a size cap.
func (h *Handler) fetch(ctx context.Context, u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, errs.E(errs.Invalid, "bad image src: %s", u)
	}
	req.Header.Set("Accept", "image/*")
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "could not fetch image: " + u, Err: err}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		return nil, errs.E(errs.NotFound, "image not found: %s", u)
	case resp.StatusCode != http.StatusOK:
		return nil, errs.E(errs.Unavailable, "could not fetch image (status %d): %s", resp.StatusCode, u)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxSourceBytes+1))
	if err != nil {
		return nil, &errs.Error{Code: errs.Unavailable, Message: "could not fetch image: " + u, Err: err}
	}
	if len(b) > maxSourceBytes {
		return nil, errs.E(errs.Invalid, "image src is larger than %d MiB: %s", maxSourceBytes>>20, u)
	}
	return b, nil
}

// serveMedia serves "GET /-/media/<path>" and "GET /-/jssmedia/<path>":
// proxied to the origin when one is configured, else from LocalDir.
func (h *Handler) serveMedia(w http.ResponseWriter, r *http.Request) error {
	if err := checkPath(r.URL.Path); err != nil {
		return err
	}
	if raw := strings.ToLower(r.URL.RawPath); strings.Contains(raw, "%2e%2e") || strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c") {
		return errs.E(errs.Invalid, "bad media path: path traversal is not allowed")
	}
	if h.proxy != nil {
		ctx, cancel := context.WithTimeout(r.Context(), proxyTimeout)
		defer cancel()
		h.proxy.ServeHTTP(w, r.WithContext(ctx))
		return nil
	}
	f, fi, err := h.openLocal(r.URL.Path)
	if err != nil {
		return err
	}
	defer f.Close()
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, fi.ModTime().UnixNano(), fi.Size()))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	http.ServeContent(w, r, fi.Name(), fi.ModTime(), f)
	return nil
}
