package media

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"forecourt/internal/demo/pictures"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/webp"
)

// demoPictures is the demo's picture source, as the server wires it.
func demoPictures(path string) (DemoPicture, error) { return pictures.Parse(path) }

// MustHandler returns a Handler for cfg, with the demo pictures unless cfg
// names another source, or fails the test.
func MustHandler(tb testing.TB, cfg Config) *Handler {
	tb.Helper()
	if cfg.Demo == nil {
		cfg.Demo = demoPictures
	}
	h, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return h
}

func get(tb testing.TB, h http.Handler, target string, hdr ...string) *http.Response {
	tb.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(tb testing.TB, r *http.Response) []byte {
	tb.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func TestDemoRoutes(t *testing.T) {
	h := MustHandler(t, Config{})
	tests := []struct {
		path   string
		status int
		ctype  string
		w, h   int
	}{
		{"/-/media/demo/car/sedan/red/1.jpg", 200, "image/jpeg", pictures.CarWidth, pictures.CarHeight},
		{"/-/media/demo/car/mpv/orange/7.jpg", 200, "image/jpeg", pictures.CarWidth, pictures.CarHeight},
		{"/-/media/demo/car360/suv/blue/35.jpg", 200, "image/jpeg", pictures.CarWidth, pictures.CarHeight},
		{"/-/media/demo/site/4.jpg", 200, "image/jpeg", pictures.SceneWidth, pictures.SceneHeight},
		{"/-/media/demo/scene/coast.jpg", 200, "image/jpeg", pictures.SceneWidth, pictures.SceneHeight},
		{"/-/jssmedia/demo/scene/coast.jpg", 200, "image/jpeg", pictures.SceneWidth, pictures.SceneHeight},
		{"/-/media/demo/scene/any-new-name.jpg", 404, "", 0, 0}, // a fixed set: no drawing without bound
		{"/-/media/demo/site/100.jpg", 404, "", 0, 0},
		{"/-/media/demo/brand/bmw.svg", 200, "image/svg+xml", 0, 0},
		{"/-/media/demo/favicon.svg", 200, "image/svg+xml", 0, 0},
		{"/-/media/demo/video/road.webm", 200, "video/webm", 0, 0},
		{"/-/media/demo/video/other.webm", 404, "", 0, 0},
		{"/-/media/demo/video/road.mp4", 404, "", 0, 0},
		{"/-/media/demo/video/../scene/road.jpg", 404, "", 0, 0},
		{"/-/media/demo/car/tank/red/1.jpg", 404, "", 0, 0},
		{"/-/media/demo/car/sedan/pink/1.jpg", 404, "", 0, 0},
		{"/-/media/demo/car/sedan/red/9.jpg", 404, "", 0, 0},
		{"/-/media/demo/car/sedan/red/01.jpg", 404, "", 0, 0},
		{"/-/media/demo/car360/sedan/red/36.jpg", 404, "", 0, 0},
		{"/-/media/demo/car/sedan/red/1.png", 404, "", 0, 0},
		{"/-/media/demo/plane/1.jpg", 404, "", 0, 0},
		{"/-/media/demo/scene/Bad_Name.jpg", 404, "", 0, 0},
		{"/somewhere/else", 404, "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r := get(t, h, tt.path)
			b := body(t, r)
			if r.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", r.StatusCode, tt.status, b)
			}
			if tt.status != 200 {
				return
			}
			if got := r.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := r.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
				t.Errorf("Cache-Control %q", got)
			}
			if r.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			if tt.w > 0 {
				cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if cfg.Width != tt.w || cfg.Height != tt.h {
					t.Errorf("size %dx%d, want %dx%d", cfg.Width, cfg.Height, tt.w, tt.h)
				}
			}
		})
	}
}

// TestDemoVideoRange checks that the demo video answers range requests
// (browsers fetch and seek video in ranges) and is small.
func TestDemoVideoRange(t *testing.T) {
	h := MustHandler(t, Config{})
	full := body(t, get(t, h, "/-/media/demo/video/road.webm"))
	if len(full) == 0 || len(full) > 300<<10 {
		t.Fatalf("video is %d bytes, want 1 to 300 KiB", len(full))
	}
	r := get(t, h, "/-/media/demo/video/road.webm", "Range", "bytes=0-99")
	b := body(t, r)
	if r.StatusCode != http.StatusPartialContent || len(b) != 100 || !bytes.Equal(b, full[:100]) {
		t.Fatalf("range: status %d, %d bytes, want 206 and the first 100 bytes", r.StatusCode, len(b))
	}
	if got, want := r.Header.Get("Content-Range"), fmt.Sprintf("bytes 0-99/%d", len(full)); got != want {
		t.Errorf("Content-Range %q, want %q", got, want)
	}
}

func TestNotModified(t *testing.T) {
	h := MustHandler(t, Config{})
	for _, p := range []string{"/-/media/demo/scene/road.jpg", "/_img?src=/-/media/demo/scene/road.jpg&w=320"} {
		r := get(t, h, p)
		etag := r.Header.Get("ETag")
		r2 := get(t, h, p, "If-None-Match", etag)
		if r2.StatusCode != http.StatusNotModified || len(body(t, r2)) != 0 {
			t.Errorf("%s: status %d with If-None-Match %s, want 304 and no body", p, r2.StatusCode, etag)
		}
		if r3 := get(t, h, p, "If-None-Match", `"other"`); r3.StatusCode != 200 {
			t.Errorf("%s: status %d with another ETag, want 200", p, r3.StatusCode)
		}
	}
}

func TestDeterministic(t *testing.T) {
	paths := []string{"/-/media/demo/car/coupe/green/3.jpg", "/-/media/demo/car360/truck/white/12.jpg", "/-/media/demo/site/2.jpg", "/-/media/demo/scene/workshop.jpg"}
	for _, p := range paths {
		a := body(t, get(t, MustHandler(t, Config{}), p))
		b := body(t, get(t, MustHandler(t, Config{}), p))
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ", p)
		}
	}
	a := body(t, get(t, MustHandler(t, Config{}), "/-/media/demo/car/coupe/green/3.jpg"))
	b := body(t, get(t, MustHandler(t, Config{}), "/-/media/demo/car/coupe/red/3.jpg"))
	if bytes.Equal(a, b) {
		t.Error("green and red coupes are the same picture")
	}
}

// testJPEG returns a w×h JPEG.
func testJPEG(tb testing.TB, w, h int) []byte {
	tb.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func TestImg(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "cars"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cars", "a.jpg"), testJPEG(t, 2000, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	remote := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/pic.jpg":
			w.Header().Set("Content-Type", "image/jpeg")
			w.Write(testJPEG(t, 1500, 1000))
		case "/text":
			w.Write([]byte("hello"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer remote.Close()
	ru, _ := url.Parse(remote.URL)
	h := MustHandler(t, Config{LocalDir: dir, AllowedHosts: []string{ru.Host, "*.example.com"}})
	q := func(src string, rest string) string { return "/_img?src=" + url.QueryEscape(src) + rest }

	tests := []struct {
		name    string
		target  string
		status  int
		ctype   string
		width   int
		message string
	}{
		{"demo car 640", q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), 200, "image/jpeg", 640, ""},
		{"demo scene 1920", q("/-/media/demo/scene/city.jpg", "&w=1920"), 200, "image/jpeg", 1920, ""},
		{"demo car not enlarged", q("/-/media/demo/car/suv/white/1.jpg", "&w=1920"), 200, "image/jpeg", pictures.CarWidth, ""},
		{"demo quality", q("/-/media/demo/car/suv/white/1.jpg", "&w=320&q=80"), 200, "image/jpeg", 320, ""},
		{"other quality", q("/-/media/demo/car/suv/white/1.jpg", "&w=320&q=50"), 400, "", 0, "quality \"50\" is not allowed"},
		{"jssmedia demo", q("/-/jssmedia/demo/car/suv/white/1.jpg", "&w=320"), 200, "image/jpeg", 320, ""},
		{"local 1280", q("/-/media/cars/a.jpg", "&w=1280"), 200, "image/jpeg", 1280, ""},
		{"remote 320", q(remote.URL+"/pic.jpg", "&w=320"), 200, "image/jpeg", 320, ""},
		{"blur demo", q("/-/media/demo/car/suv/white/1.jpg", "&blur=1"), 200, "image/png", BlurWidth, ""},
		{"blur local", q("/-/media/cars/a.jpg", "&w=640&blur=1"), 200, "image/png", BlurWidth, ""},
		{"bad width", q("/-/media/demo/scene/city.jpg", "&w=500"), 400, "", 0, "allowed widths: 320, 640, 1280, 1920"},
		{"no width", q("/-/media/demo/scene/city.jpg", ""), 400, "", 0, "allowed widths"},
		{"bad quality", q("/-/media/demo/scene/city.jpg", "&w=320&q=0"), 400, "", 0, "is not allowed"},
		{"no src", "/_img?w=320", 400, "", 0, "src is required"},
		{"host not allowed", q("https://evil.test/x.jpg", "&w=320"), 400, "", 0, "image host not allowed: evil.test"},
		{"other port not allowed", q("http://127.0.0.1:1/x.jpg", "&w=320"), 400, "", 0, "image host not allowed"},
		{"scheme", q("file:///etc/passwd", "&w=320"), 400, "", 0, "absolute http(s) URL"},
		{"traversal", q("/-/media/../../etc/passwd", "&w=320"), 400, "", 0, "path traversal"},
		{"outside media", q("/etc/passwd", "&w=320"), 400, "", 0, "under /-/media/"},
		{"remote missing", q(remote.URL+"/nope.jpg", "&w=320"), 404, "", 0, ""},
		{"remote not a picture", q(remote.URL+"/text", "&w=320"), 400, "", 0, "not a picture"},
		{"local missing", q("/-/media/cars/none.jpg", "&w=320"), 404, "", 0, ""},
		{"unknown demo", q("/-/media/demo/car/tank/red/1.jpg", "&w=320"), 404, "", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := get(t, h, tt.target)
			b := body(t, r)
			if r.StatusCode != tt.status {
				t.Fatalf("status %d, want %d: %s", r.StatusCode, tt.status, b)
			}
			if tt.message != "" && !strings.Contains(string(b), tt.message) {
				t.Errorf("body %q lacks %q", b, tt.message)
			}
			if tt.status != 200 {
				return
			}
			if got := r.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != tt.width {
				t.Errorf("width %d, want %d", cfg.Width, tt.width)
			}
		})
	}
}

func TestMediaLocalAndTraversal(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "hero.jpg"), testJPEG(t, 64, 32), 0o644)
	os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.txt"), []byte("secret"), 0o644)
	h := MustHandler(t, Config{LocalDir: dir})
	tests := []struct {
		target string
		status int
	}{
		{"/-/media/hero.jpg", 200},
		{"/-/jssmedia/hero.jpg", 200},
		{"/-/media/missing.jpg", 404},
		{"/-/media/../secret.txt", 400},
		{"/-/media/a/../../secret.txt", 400},
		{"/-/media/%2e%2e/secret.txt", 400},
		{"/-/media/..%2fsecret.txt", 400},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			u, err := url.Parse(tt.target)
			if err != nil {
				t.Fatal(err)
			}
			req.URL = u // keep the raw path: httptest would clean it
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status == 200 && rec.Header().Get("Content-Type") != "image/jpeg" {
				t.Errorf("Content-Type %q", rec.Header().Get("Content-Type"))
			}
			if strings.Contains(rec.Body.String(), "secret") {
				t.Error("served a file outside the media directory")
			}
		})
	}
}

func TestMediaProxy(t *testing.T) {
	var seen []string
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.URL.Path)
		if r.URL.Path == "/-/media/missing.jpg" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write([]byte("jpeg bytes"))
	}))
	defer origin.Close()
	h := MustHandler(t, Config{Origin: origin.URL})
	for _, tt := range []struct {
		target string
		status int
		body   string
	}{
		{"/-/media/hero.jpg?h=1", 200, "jpeg bytes"},
		{"/-/jssmedia/a/b.png", 200, "jpeg bytes"},
		{"/-/media/missing.jpg", 404, ""},
		{"/-/media/../x", 400, ""},
		{"/-/media/demo/scene/road.jpg", 200, ""}, // demo pictures are never proxied
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL, _ = url.Parse(tt.target)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.target, rec.Code, tt.status)
		}
		if tt.body != "" && rec.Body.String() != tt.body {
			t.Errorf("%s: body %q", tt.target, rec.Body)
		}
	}
	if want := "/-/media/hero.jpg,/-/jssmedia/a/b.png,/-/media/missing.jpg"; strings.Join(seen, ",") != want {
		t.Errorf("origin saw %v, want %s", seen, want)
	}
	if _, err := New(Config{Origin: "ftp://x"}); err == nil {
		t.Error("New accepted a non-http origin")
	}
}

func TestBlurDataURL(t *testing.T) {
	h := MustHandler(t, Config{})
	s := h.BlurDataURL("/-/media/demo/car/sedan/blue/1.jpg")
	data, ok := strings.CutPrefix(s, "data:image/webp;base64,")
	if !ok {
		t.Fatalf("BlurDataURL = %.40q, want a WebP data URL", s)
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	img, err := webp.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got.Dx() != BlurWidth || got.Dy() != BlurWidth*pictures.CarHeight/pictures.CarWidth {
		t.Errorf("placeholder is %v", got)
	}
	if len(s) > 200 {
		t.Errorf("placeholder is %d bytes, want a small one", len(s))
	}
	if again := h.BlurDataURL("/-/media/demo/car/sedan/blue/1.jpg"); again != s {
		t.Error("second call differs")
	}
	for _, bad := range []string{"/-/media/demo/car/tank/red/1.jpg", "https://evil.test/a.jpg", "/-/media/none.jpg", ""} {
		if got := h.BlurDataURL(bad); got != "" {
			t.Errorf("BlurDataURL(%q) = %.30q, want empty", bad, got)
		}
	}
}

func TestLRU(t *testing.T) {
	c := newLRU(100)
	for i := range 5 {
		c.add(&entry{key: string(rune('a' + i)), body: make([]byte, 30)})
	}
	if c.bytes() > 100 {
		t.Errorf("cache holds %d bytes, over its bound", c.bytes())
	}
	if _, ok := c.get("a"); ok {
		t.Error("oldest entry not evicted")
	}
	if _, ok := c.get("e"); !ok {
		t.Error("newest entry evicted")
	}
	c.add(&entry{key: "big", body: make([]byte, 200)})
	if _, ok := c.get("big"); ok {
		t.Error("entry larger than the cache was kept")
	}
}

func BenchmarkDemoCarJPEG(b *testing.B) {
	d, _ := pictures.Parse("/-/media/demo/car/suv/red/1.jpg")
	for b.Loop() {
		encodeJPEG("k", d.Draw(0), JPEGQuality)
	}
}

func BenchmarkDemoCarWebP640(b *testing.B) {
	d, _ := pictures.Parse("/-/media/demo/car/suv/red/1.jpg")
	img := d.Draw(640)
	for b.Loop() {
		encode("k", img, JPEGQuality, formatWebP)
	}
}

func BenchmarkDemoCarJPEG640(b *testing.B) {
	d, _ := pictures.Parse("/-/media/demo/car/suv/red/1.jpg")
	img := d.Draw(640)
	for b.Loop() {
		encode("k", img, JPEGQuality, formatJPEG)
	}
}

func BenchmarkScale640(b *testing.B) {
	d, _ := pictures.Parse("/-/media/demo/scene/road.jpg")
	src := d.Draw(0)
	for b.Loop() {
		scaleTo(src, 640)
	}
}

func BenchmarkBlurDataURLCached(b *testing.B) {
	h := MustHandler(b, Config{})
	var paths []string
	for _, body := range pictures.Bodies {
		for _, c := range pictures.Colors[:3] {
			paths = append(paths, "/-/media/demo/car/"+body+"/"+c+"/1.jpg")
		}
	}
	for _, p := range paths {
		h.BlurDataURL(p)
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		h.BlurDataURL(paths[i%len(paths)])
		i++
	}
}

// TestMissingLocalMedia: with no media folder (MEDIA_DIR absent on a fresh
// clone) a local media path is 404, not 500, on every route.
func TestMissingLocalMedia(t *testing.T) {
	h := MustHandler(t, Config{LocalDir: filepath.Join(t.TempDir(), "no-such-folder")})
	for _, p := range []string{
		"/-/media/cars/a.jpg", "/-/jssmedia/cars/a.jpg", "/-/media/folder/", "/-/jssmedia/sites/x/y.png",
		"/_img?src=/-/media/cars/a.jpg&w=320", "/_img?src=/-/jssmedia/cars/a.jpg&w=320&blur=1",
	} {
		r := get(t, h, p)
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404: %s", p, r.StatusCode, body(t, r))
		}
	}
}

func TestImgWebP(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.jpg"), testJPEG(t, 2000, 1000), 0o644); err != nil {
		t.Fatal(err)
	}
	h := MustHandler(t, Config{LocalDir: dir})
	q := func(src string, rest string) string { return "/_img?src=" + url.QueryEscape(src) + rest }
	chrome := "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"
	tests := []struct {
		name, target, accept, ctype string
		width                       int
	}{
		{"demo car, browser", q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), chrome, "image/webp", 640},
		{"demo scene, browser", q("/-/media/demo/scene/city.jpg", "&w=1280"), chrome, "image/webp", 1280},
		{"local, browser", q("/-/media/a.jpg", "&w=320"), chrome, "image/webp", 320},
		{"demo car, no Accept", q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), "", "image/jpeg", 640},
		{"demo car, jpeg only", q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), "image/jpeg,image/*;q=0.5", "image/jpeg", 640},
		{"webp refused", q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), "image/webp;q=0,image/*", "image/jpeg", 640},
		{"blur stays png", q("/-/media/demo/car/suv/white/1.jpg", "&blur=1"), chrome, "image/png", BlurWidth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := get(t, h, tt.target, "Accept", tt.accept)
			if tt.ctype == "image/webp" {
				// The first asker gets JPEG, briefly cacheable, while the
				// WebP is encoded in the background for the next.
				if got, cc := r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"); got != "image/jpeg" || cc != "public, max-age=60" {
					t.Errorf("first answer %s, Cache-Control %q; want image/jpeg, public, max-age=60", got, cc)
				}
				r = waitWebP(t, h, tt.target)
			}
			b := body(t, r)
			if r.StatusCode != 200 {
				t.Fatalf("status %d: %s", r.StatusCode, b)
			}
			if got := r.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got, want := r.Header.Get("Vary"), map[bool]string{true: "", false: "Accept"}[tt.ctype == "image/png"]; got != want {
				t.Errorf("Vary %q, want %q", got, want)
			}
			cfg, kind, err := image.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Width != tt.width || "image/"+kind != tt.ctype {
				t.Errorf("decoded %s %d wide, want %s %d wide", kind, cfg.Width, tt.ctype, tt.width)
			}
		})
	}

	// The two encodings are cached apart and validate apart.
	jr := get(t, h, q("/-/media/demo/car/suv/white/1.jpg", "&w=640"))
	wr := get(t, h, q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), "Accept", chrome)
	jb, wb := body(t, jr), body(t, wr)
	if jr.Header.Get("ETag") == wr.Header.Get("ETag") {
		t.Errorf("JPEG and WebP share the ETag %s", jr.Header.Get("ETag"))
	}
	if len(wb) >= len(jb) {
		t.Errorf("WebP is %d bytes, JPEG %d: expected the WebP smaller", len(wb), len(jb))
	}
	if r := get(t, h, q("/-/media/demo/car/suv/white/1.jpg", "&w=640"), "Accept", chrome, "If-None-Match", wr.Header.Get("ETag")); r.StatusCode != http.StatusNotModified {
		t.Errorf("revalidating the WebP: status %d, want 304", r.StatusCode)
	}

	// A picture that cannot be had queues no background work.
	if r := get(t, h, q("/-/media/none.jpg", "&w=640"), "Accept", chrome); r.StatusCode != http.StatusNotFound {
		t.Errorf("missing source: status %d, want 404", r.StatusCode)
	}
	h.webpMu.Lock()
	pending := len(h.webpPending)
	h.webpMu.Unlock()
	if pending != 0 {
		t.Errorf("%d WebP encodings pending after a missing source, want 0", pending)
	}
}

// waitWebP asks for target as a browser until the background encoder has
// made its WebP.
func waitWebP(tb testing.TB, h http.Handler, target string) *http.Response {
	tb.Helper()
	for range 200 {
		r := get(tb, h, target, "Accept", "image/avif,image/webp,*/*")
		if r.Header.Get("Content-Type") == "image/webp" {
			return r
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.Fatalf("%s: no WebP after 10 s", target)
	return nil
}

func TestNegotiate(t *testing.T) {
	for accept, want := range map[string]format{
		"":                        formatJPEG,
		"*/*":                     formatJPEG,
		"image/webp":              formatWebP,
		"IMAGE/WEBP;q=0.9":        formatWebP,
		"image/avif, image/webp ": formatWebP,
		"image/webp;q=0":          formatJPEG,
		"image/webp;q=0.0":        formatJPEG,
		"image/webpx":             formatJPEG,
	} {
		if got := negotiate(accept); got != want {
			t.Errorf("negotiate(%q) = %s, want %s", accept, got, want)
		}
	}
}
