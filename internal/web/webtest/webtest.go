// Package webtest holds what the server tests of several packages share:
// a real render pool over the built front end, requests through a handler,
// and finding things in the parsed HTML the way a reader would.
package webtest

import (
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"forecourt/internal/render"
)

// RepoRoot is the repository's root folder.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// AssetsDir is the built client of the front end (web/dist/client).
func AssetsDir() string { return filepath.Join(RepoRoot(), "web", "dist", "client") }

// StartPool starts one real render worker over the server bundle, as in
// production. It needs the front-end build (`make build`); call it from
// TestMain and Close the pool after m.Run.
func StartPool() (*render.Pool, error) {
	root := RepoRoot()
	bundle := filepath.Join(root, "web", "dist", "server", "entry-server.js")
	if _, err := os.Stat(bundle); err != nil {
		return nil, fmt.Errorf("server tests need the front-end build (run `make build` first): %w", err)
	}
	return render.Start(context.Background(), render.Config{
		Workers: 1, Script: filepath.Join(root, "web", "ssr", "worker.mjs"), Bundle: bundle,
	})
}

// Response is an answer with its body decoded and, for HTML, parsed.
type Response struct {
	*http.Response
	Body string
	Doc  *html.Node
}

// Get requests target from h. hdr holds header name/value pairs; "Host"
// sets the request's host.
func Get(tb testing.TB, h http.Handler, target string, hdr ...string) Response {
	tb.Helper()
	req := httptest.NewRequest("GET", target, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i] == "Host" {
			req.Host = hdr[i+1]
			continue
		}
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	var rd io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		gz, err := gzip.NewReader(res.Body)
		if err != nil {
			tb.Fatal(err)
		}
		rd = gz
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		tb.Fatalf("read %s: %v", target, err)
	}
	r := Response{Response: res, Body: string(b)}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		doc, err := html.Parse(strings.NewReader(r.Body))
		if err != nil {
			tb.Fatal(err)
		}
		r.Doc = doc
	}
	return r
}

// Find returns the first element with tag whose attributes match the
// name/value pairs, or nil.
func Find(n *html.Node, tag string, attrs ...string) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode && n.Data == tag {
		ok := true
		for i := 0; i+1 < len(attrs); i += 2 {
			if Attr(n, attrs[i]) != attrs[i+1] {
				ok = false
			}
		}
		if ok {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := Find(c, tag, attrs...); f != nil {
			return f
		}
	}
	return nil
}

// FindAll returns every element with tag.
func FindAll(n *html.Node, tag string) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == tag {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	if n != nil {
		walk(n)
	}
	return out
}

// Attr returns the value of an attribute ("" when n is nil or lacks it).
func Attr(n *html.Node, key string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Text returns the text content of n.
func Text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// Fuzzing reports whether the test binary runs a fuzz target (-test.fuzz,
// or as a fuzz worker), so a TestMain can skip what only the other tests
// need. It parses the test flags.
func Fuzzing() bool {
	flag.Parse()
	for _, name := range []string{"test.fuzz", "test.fuzzworker"} {
		if f := flag.Lookup(name); f != nil {
			if v := f.Value.String(); v != "" && v != "false" {
				return true
			}
		}
	}
	return false
}
