package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"sync"
)

// Pages allow their inline scripts by hash, not by a per-response nonce: a
// document is then the same bytes for every visitor, so the server keeps it
// finished and a shared cache (a CDN honouring s-maxage) may hand it to
// anyone. The policy stays strict: only the scripts the document template
// writes (the head's, the tag manager's, the end-of-body loader) match a
// hash, and 'strict-dynamic' lets them add the app's module scripts, which
// is how the loaders start the app (a script element they create, never a
// parser-inserted one).

// inlineScriptHashes appends the CSP hash sources of the executable inline
// scripts in b: the <script> elements without attributes (the data
// elements and JSON-LD have a type and do not run).
func inlineScriptHashes(dst []string, b []byte) []string {
	open, end := []byte("<script>"), []byte("</script>")
	for {
		i := bytes.Index(b, open)
		if i < 0 {
			return dst
		}
		b = b[i+len(open):]
		j := bytes.Index(b, end)
		if j < 0 {
			return dst
		}
		sum := sha256.Sum256(b[:j])
		dst = append(dst, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		b = b[j+len(end):]
	}
}

// documentHashes returns the hash sources of a written document's own
// inline scripts (its head and its tail, not the app's HTML).
func documentHashes(doc []byte, l docLayout) []string {
	return inlineScriptHashes(inlineScriptHashes(make([]string, 0, 4), doc[:l.headEnd]), doc[l.tailStart:])
}

// pageCSPs keeps the policies built from sets of hashes: a handful per
// build (with and without the tag manager, rendered and fallback), so each
// response takes a string already made.
var pageCSPs struct {
	sync.Mutex
	m map[string]string
}

// pageCSP is the Content-Security-Policy of a page document whose inline
// scripts have the given hashes.
func (s *Server) pageCSP(hashes []string, editing bool) string {
	k := strings.Join(hashes, " ")
	if editing {
		k += " e"
	}
	pageCSPs.Lock()
	defer pageCSPs.Unlock()
	if v, ok := pageCSPs.m[k]; ok {
		return v
	}
	v := s.cspWith(strings.Join(hashes, " "), editing)
	if pageCSPs.m == nil || len(pageCSPs.m) >= 256 {
		pageCSPs.m = map[string]string{}
	}
	pageCSPs.m[k] = v
	return v
}
