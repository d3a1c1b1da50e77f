package httpkit

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
)

// MinCompress is the size below which compression costs more than it saves.
const MinCompress = 1024

// Dynamic bodies are compressed on every response (their CSP nonce differs),
// so speed wins over the last few per cent of size: level 1 costs a third of
// level 5 for about 15% more bytes.
var gzipPool = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed); return w }}

// EncodingFor picks br or gzip from Accept-Encoding ("" for identity).
func EncodingFor(r *http.Request) string {
	ae := r.Header.Get("Accept-Encoding")
	if ae == "" {
		return ""
	}
	has := func(enc string) bool {
		for _, part := range strings.Split(ae, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			if strings.TrimSpace(name) == enc {
				return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0")
			}
		}
		return false
	}
	switch {
	case has("br"):
		return "br"
	case has("gzip"):
		return "gzip"
	}
	return ""
}

// AcceptsGzip reports whether the client takes gzip.
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(name) == "gzip" {
			return !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0")
		}
	}
	return false
}

// Compress encodes b with enc.
func Compress(enc string, b []byte, quality int) []byte {
	var buf bytes.Buffer
	switch enc {
	case "br":
		bw := brotli.NewWriterLevel(&buf, quality)
		bw.Write(b)
		bw.Close()
	case "gzip":
		gw := gzipPool.Get().(*gzip.Writer)
		gw.Reset(&buf)
		gw.Write(b)
		gw.Close()
		gzipPool.Put(gw)
	default:
		return b
	}
	return buf.Bytes()
}

// WriteBody writes b, compressed when worthwhile and accepted. Dynamic
// bodies use a fast brotli quality; static assets are compressed once at
// start with the best one.
func WriteBody(w http.ResponseWriter, r *http.Request, status int, b []byte) {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if enc := EncodingFor(r); enc != "" && len(b) >= MinCompress {
		b = Compress(enc, b, 2)
		h.Set("Content-Encoding", enc)
	}
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(b)
	}
}
